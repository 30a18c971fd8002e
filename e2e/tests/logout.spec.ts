import type { Page } from '@playwright/test';
import { authHeaders, createUser, expect, signIn, test } from '../fixtures.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { grantLocation } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

test('logout asks first, then ends the session on the server and on the device', async ({ page, request }) => {
  const me = await createUser(request, 'bye');
  await signIn(page, me);
  await page.goto('/profile');
  await expect(page.getByText(`@${me.username}`)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Do you want to sign out?');
  await shot(page, 'logout-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

  // The old token is dead on the server; the user's other sessions are not touched.
  const old = await request.get('/api/get_user', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
  const other = await request.get('/api/get_user', { headers: authHeaders(me) });
  expect(other.status()).toBe(200);

  // Going back to the profile without a session leads to the login screen again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

/** What this device's outbox holds (IndexedDB 'memory-map', store 'outbox'), every user's. */
function outboxTitles(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('memory-map');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve((all.result as Array<{ preview: { title: string } }>).map((item) => item.preview.title));
            open.result.close();
          };
        };
      }),
  );
}

test('signing out with a memory not uploaded yet says so; Cancel keeps it, Logout erases it from the device', async ({ page, context, request }) => {
  const me = await createUser(request, 'byeunsent');
  await grantLocation(context, { lat: 48.8566, lng: 2.3522 });
  await signIn(page, me);
  await page.goto('/landing');
  await page.locator('.map-canvas').dblclick({ position: { x: 195, y: 330 } });
  await page.getByRole('button', { name: 'Add memory' }).click();
  // The upload never gets an answer, so the memory waits in the outbox.
  await page.route('**/api/create', (route) => route.abort('connectionreset'));
  await page.getByLabel('Title').fill('Never uploaded');
  await page.getByLabel('Description').fill('Cut off on the way');
  await page.getByRole('button', { name: 'Save Memory' }).click();
  await expect(page.locator('.leaflet-marker-pane').getByRole('button', { name: 'Never uploaded (waiting to upload)' })).toBeVisible();

  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Do you want to sign out?' });
  await expect(dialog).toContainText(
    '1 new memory has not been uploaded yet. If you sign out now, it is deleted from this phone and never uploaded.',
  );
  await shot(page, 'logout-confirm-unsent');
  await expectAccessible(page, 'sign-out confirmation with unsent memories (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'logout-confirm-unsent-dark');
  await expectAccessible(page, 'sign-out confirmation with unsent memories (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await outboxTitles(page)).toEqual(['Never uploaded']);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await outboxTitles(page)).toEqual([]);
  // Nothing of it reached the server either.
  const feed = await request.get('/api/query_feed?limit=100', { headers: authHeaders(me) });
  expect(((await feed.json()) as Array<{ author: string }>).filter((pin) => pin.author === me.id)).toEqual([]);
});
