import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createUser, expect, makeFriends, signIn, test, type E2EUser } from '../fixtures.ts';
import { grantLocation, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

/** Issue 18 (docs/design.md §12): a memory dated last year, moved, found by a friend, read in dark mode. */
const PORTO = { lat: 41.1579, lng: -8.6291 };

/** A second person on a device of their own (own storage, own colour scheme), tiles never fetched. */
async function otherDevice(browser: Browser, baseURL: string, user: E2EUser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, colorScheme });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('date a memory to last year, move its pin, find it from a friend’s account and read it in dark mode', async ({ page, context, request, browser, baseURL }) => {
  const me = await createUser(request, 'keeper');
  const friend = await createUser(request, 'finder');
  await makeFriends(request, me, friend);
  await grantLocation(context, PORTO);
  await signIn(page, me);
  await openMap(page);

  // Create, dated to a day last year (no time).
  await page.locator('.map-canvas').dblclick({ position: { x: 195, y: 330 } });
  await page.getByRole('button', { name: 'Add memory' }).click();
  await expect(page.getByRole('heading', { name: 'Create Memory' })).toBeVisible();
  await page.getByLabel('Title').fill('Rabelo boats at dusk');
  await page.getByLabel('Description').fill('We shared a francesinha on the quay and watched the boats come in.');
  const lastYear = `${new Date().getFullYear() - 1}-07-14`;
  await page.getByLabel('Date').fill(lastYear);
  await page.getByLabel('Time (optional)').fill('');
  await page.getByLabel('Visibility').selectOption({ label: 'Friends Only' });
  await shot(page, 'issue18-create-dated');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create'));
  await page.getByRole('button', { name: 'Save Memory' }).click();
  const pin = await (await created).json();
  expect(pin.happenedAt).toBe(lastYear);
  await expect(page).toHaveURL(/\/landing$/);

  // The popup says when it happened, and when it was posted.
  await marker(page, 'Rabelo boats at dusk').click();
  const p = popup(page, 'Rabelo boats at dusk');
  await expect(p.locator(`time[datetime="${lastYear}"]`)).toHaveText(new RegExp(String(new Date().getFullYear() - 1)));
  await expect(p).toContainText('Posted');
  await shot(page, 'issue18-popup-dated');

  // Move: drag the pin somewhere else and save.
  await p.getByRole('button', { name: 'Move' }).click();
  const moving = page.locator('.leaflet-marker-pane').getByRole('button', { name: 'Moving Rabelo boats at dusk' });
  await expect(moving).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const box = (await moving.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height - 3 - 140, { steps: 10 });
  await page.mouse.up();
  await shot(page, 'issue18-move');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/update_pin'));
  await page.getByRole('button', { name: 'Save' }).click();
  const moved = await (await saved).json();
  expect(moved.latitude).toBeGreaterThan(pin.latitude);
  expect(moved.longitude).toBeGreaterThan(pin.longitude);
  expect(moved.happenedAt).toBe(lastYear);
  expect(moved.locationName).toContain('Portugal');
  await expect(page.getByRole('region', { name: 'Move memory' })).toHaveCount(0);
  await expect(marker(page, 'Rabelo boats at dusk')).toBeVisible();

  // The friend, on a phone in dark mode, finds it by a word of its description.
  const theirs = await otherDevice(browser, baseURL!, friend, 'dark');
  await theirs.goto('/feeds');
  await theirs.getByRole('searchbox', { name: 'Search memories' }).fill('francesinha');
  const card = theirs.getByRole('article', { name: 'Rabelo boats at dusk' });
  await expect(card).toBeVisible();
  await expect(card.locator('mark')).toHaveText(['francesinha']);
  await expect(card.locator(`time[datetime="${lastYear}"]`)).toBeVisible();
  await expect(card).toContainText(moved.locationName.split(',')[0]);
  const background = await theirs.locator('.app-shell').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(15, 23, 42)');
  const axe = await new AxeBuilder({ page: theirs }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await shot(theirs, 'issue18-friend-search-dark');
  await theirs.context().close();
});
