import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createUser, expect, makeFriends, signIn, test, type E2EUser } from '../fixtures.ts';
import { grantLocation, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

/**
 * Issue 18 (docs/design.md §12): a memory dated last year, with three photos reordered, moved,
 * found by a friend, read in dark mode.
 */
const PORTO = { lat: 41.1579, lng: -8.6291 };
const PHOTO = readFileSync(path.join(import.meta.dirname, '../fixtures/photo.jpg'));
const threePhotos = ['quay.jpg', 'boats.jpg', 'dinner.jpg'].map((name) => ({ name, mimeType: 'image/jpeg', buffer: PHOTO }));

/** A second person on a device of their own (own storage, own colour scheme), tiles never fetched. */
async function otherDevice(browser: Browser, baseURL: string, user: E2EUser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, colorScheme });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('date a memory to last year, add three photos and reorder them, move its pin, find it from a friend’s account and read it in dark mode', async ({ page, context, request, browser, baseURL }) => {
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
  // Three photos picked at once.
  await page.getByLabel('Image').setInputFiles(threePhotos);
  const photoList = page.getByRole('list', { name: 'Photos' });
  await expect(photoList.getByRole('img')).toHaveCount(3);
  await expect(page.getByText('3 of 10 photos')).toBeVisible();
  await shot(page, 'issue18-create-dated');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/create'));
  await page.getByRole('button', { name: 'Save Memory' }).click();
  const pin = await (await created).json();
  expect(pin.happenedAt).toBe(lastYear);
  expect(pin.images).toHaveLength(3);
  expect(pin.imageUrl).toBe(pin.images[0].url);
  await expect(page).toHaveURL(/\/landing$/);

  // The popup says when it happened, and when it was posted, and swipes through the photos.
  await marker(page, 'Rabelo boats at dusk').click();
  const p = popup(page, 'Rabelo boats at dusk');
  await expect(p.locator(`time[datetime="${lastYear}"]`)).toHaveText(new RegExp(String(new Date().getFullYear() - 1)));
  await expect(p).toContainText('Posted');
  const popupGallery = p.getByRole('group', { name: 'Photos of Rabelo boats at dusk' });
  await expect(popupGallery).toContainText('1 / 3');
  await popupGallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(popupGallery).toContainText('2 / 3');
  await shot(page, 'issue18-popup-dated');

  // Move: drag the pin somewhere else and save.
  await p.getByRole('button', { name: 'Move' }).click();
  const moving = page.locator('.leaflet-marker-pane').getByRole('button', { name: 'Moving Rabelo boats at dusk' });
  await expect(moving).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const box = (await moving.boundingBox())!;
  // Grabbed by its head: the popup with photos panned the map, so the pin's tip may sit under the Move panel.
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + 4 - 140, { steps: 10 });
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

  // Reorder in the update form: the last photo first.
  await marker(page, 'Rabelo boats at dusk').click();
  // Pressed, not tapped: the popup opens near the top edge and Leaflet pans it into view; a tap
  // aimed while it slides can land on the map behind, which closes the popup (seen once in CI on
  // a loaded machine). The keyboard reaches the button wherever it is.
  await p.getByRole('button', { name: 'Update' }).press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('heading', { name: 'Update Memory' })).toBeVisible();
  const keptList = page.getByRole('list', { name: 'Photos' });
  await expect(keptList.getByRole('img')).toHaveCount(3);
  await page.getByRole('button', { name: 'Move photo 3 of 3 earlier' }).click();
  await page.getByRole('button', { name: 'Move photo 2 of 3 earlier' }).click();
  await shot(page, 'issue18-update-reordered');
  const reordering = page.waitForResponse((r) => r.url().endsWith('/api/update_pin'));
  await page.getByRole('button', { name: 'Update Memory' }).click();
  const reordered = await (await reordering).json();
  const ids = pin.images.map((i: { id: string }) => i.id);
  expect(reordered.images.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[0], ids[1]]);
  expect(reordered.imageUrl).toBe(reordered.images[0].url);
  await expect(page).toHaveURL(/\/landing$/);

  // The friend, on a phone in dark mode, finds it by a word of its description.
  const theirs = await otherDevice(browser, baseURL!, friend, 'dark');
  await theirs.goto('/feeds');
  await theirs.getByRole('searchbox', { name: 'Search memories' }).fill('francesinha');
  const card = theirs.getByRole('article', { name: 'Rabelo boats at dusk' });
  await expect(card).toBeVisible();
  await expect(card.locator('mark')).toHaveText(['francesinha']);
  await expect(card.locator(`time[datetime="${lastYear}"]`)).toBeVisible();
  await expect(card).toContainText(moved.locationName.split(',')[0]);
  // The card's gallery, in the order the author chose, and the full-size viewer pages through it.
  const cardGallery = card.getByRole('group', { name: 'Photos of Rabelo boats at dusk' });
  await expect(cardGallery).toContainText('1 / 3');
  await expect(cardGallery.getByRole('img').first()).toHaveAttribute('src', reordered.images[0].thumbnailUrl);
  await cardGallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(cardGallery).toContainText('2 / 3');
  const background = await theirs.locator('.app-shell').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(15, 23, 42)');
  const axe = await new AxeBuilder({ page: theirs }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await shot(theirs, 'issue18-friend-search-dark');
  await cardGallery.getByRole('button', { name: 'View Rabelo boats at dusk, photo 2 of 3 full size' }).click();
  const viewer = theirs.getByRole('dialog', { name: 'Rabelo boats at dusk' });
  await expect(viewer).toContainText('2 / 3');
  await expect(viewer.getByRole('img')).toHaveAttribute('src', reordered.images[1].url);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', reordered.images[2].url);
  await shot(theirs, 'issue18-viewer-dark');
  await theirs.context().close();
});
