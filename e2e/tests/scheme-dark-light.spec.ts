import { AxeBuilder } from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { grantLocation, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');
const GDANSK = { lat: 54.352, lng: 18.6466 };

/** WCAG 2 A and AA, contrast included; map tiles are pictures, not text. */
async function expectAccessible(page: Page, screen: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('.leaflet-tile-pane').analyze();
  const problems = result.violations.map((v) => `${screen}: ${v.id} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  expect(problems).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test(`the main screens pass axe-core (contrast included) in ${colorScheme}`, async ({ page, context, request }) => {
      // A dozen screens, each scanned by axe: longer than one flow.
      test.setTimeout(120_000);
      const anon = await context.newPage();
      for (const [path, name] of [
        ['/login', 'login'],
        ['/register', 'register'],
        ['/nowhere', 'not-found'],
      ] as const) {
        await anon.goto(path);
        await expect(anon.locator('.app-shell')).toBeVisible();
        await expectAccessible(anon, name);
        await shot(anon, `${colorScheme}-${name}`);
      }
      await anon.close();

      const me = await createUser(request, 'scheme');
      const friend = await createUser(request, 'schemepal');
      const asker = await createUser(request, 'asker');
      await makeFriends(request, me, friend);
      await request.post('/api/send_request', { data: { userId: me.id }, headers: { authorization: `Bearer ${asker.token}` } });
      await createMemory(request, me, {
        title: 'Amber by the sea',
        description: 'Found a piece of amber on the beach after the storm, warm as honey in the hand.',
        latitude: GDANSK.lat,
        longitude: GDANSK.lng,
        visibility: '2',
        tags: [friend.id],
        imagePath: PHOTO,
      });
      await grantLocation(context, GDANSK);
      await signIn(page, me);

      await openMap(page);
      await marker(page, 'Amber by the sea').click();
      await expect(popup(page, 'Amber by the sea')).toBeVisible();
      await expectAccessible(page, 'map with popup');
      await shot(page, `${colorScheme}-map-popup`);

      for (const [path, name] of [
        ['/friends', 'friends'],
        ['/add-friend', 'add-friend'],
        ['/friend-requests', 'friend-requests'],
        ['/user-profile', 'user-profile'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.loading-dots')).toHaveCount(0);
        await expectAccessible(page, name);
        await shot(page, `${colorScheme}-${name}`);
      }

      await page.goto('/feeds');
      await page.getByRole('searchbox', { name: 'Search memories' }).fill('amber honey');
      await expect(page.getByRole('article', { name: 'Amber by the sea' }).locator('mark')).toHaveCount(3);
      await expectAccessible(page, 'feed search');
      await shot(page, `${colorScheme}-feed-search`);

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
      await expectAccessible(page, 'settings');
      await shot(page, `${colorScheme}-settings`);

      await page.goto('/landing');
      await expect(marker(page, 'Amber by the sea')).toBeVisible();
      await page.locator('.map-canvas').dblclick({ position: { x: 120, y: 520 } });
      await page.getByRole('button', { name: 'Add memory' }).click();
      await expect(page.getByRole('heading', { name: 'Create Memory' })).toBeVisible();
      await page.getByRole('button', { name: 'Save Memory' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please fill out all fields.');
      await expectAccessible(page, 'create with an error');
      await shot(page, `${colorScheme}-create`);
    });
  });
}

test.describe('the choice in Settings', () => {
  test.use({ colorScheme: 'light' });

  test('Dark overrides a light device, lasts across a reload, and System follows the device again', async ({ page, request }) => {
    const me = await createUser(request, 'nightowl');
    await signIn(page, me);
    await page.goto('/profile');
    // The page drawn at build time shows its own shell until the app's first render replaces it
    // (web/build/route-pages.ts; first-paint.spec.ts checks the drawn page's own colours): each
    // check waits for the app's shell in the expected colours, not for the first element found.
    const shell = page.locator('.app-shell');
    const background = (color: string) => expect(shell).toHaveCSS('background-color', color);
    await background('rgb(248, 250, 252)');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await background('rgb(15, 23, 42)');
    await page.reload();
    await background('rgb(15, 23, 42)');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await page.getByRole('radio', { name: 'System' }).check();
    await background('rgb(248, 250, 252)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await background('rgb(15, 23, 42)');
    await page.getByRole('radio', { name: 'Light' }).check();
    await background('rgb(248, 250, 252)');
  });
});
