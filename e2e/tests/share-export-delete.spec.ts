import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMemory, createUser, logIn, signIn, test, expect } from '../fixtures.ts';
import { freshSpot, grantLocation, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');

test('a memory shared from its popup opens for someone without an account, until sharing stops', async ({ page, context, request, browser, baseURL }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const me = await createUser(request, 'sharer');
  await createMemory(request, me, {
    title: 'Sunrise on the ridge',
    description: 'Cold hands, warm tea, and the whole valley still asleep.',
    visibility: '1',
    latitude: here.lat + 0.01,
    longitude: here.lng,
    locationName: 'High ridge, Somewhere',
    imagePath: PHOTO,
  });
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Sunrise on the ridge').click();
  const p = popup(page, 'Sunrise on the ridge');
  await p.getByRole('button', { name: 'Share link' }).click();
  // The share controls open in a sheet of their own over the map.
  const sheet = page.getByRole('dialog', { name: 'Share this memory' });
  // Its photo is whole, not the strip the popup squeezed it into.
  const sheetPhoto = sheet.locator('.share-sheet-photo');
  await expect(sheetPhoto).toHaveJSProperty('complete', true);
  expect((await sheetPhoto.boundingBox())?.height).toBe(64);
  await expect(sheet.getByText('Not shared')).toBeVisible();
  await sheet.getByLabel('Link works for').selectOption('30 days');
  await sheet.getByRole('button', { name: 'Create link' }).click();
  const address = sheet.getByLabel('Link to this memory');
  await expect(address).toHaveValue(/\/s\/[A-Za-z0-9_-]{32}$/);
  const url = await address.inputValue();
  expect(url.startsWith(`${baseURL}/s/`)).toBe(true);
  // Desktop Chromium on Linux has no share sheet: the link is on the clipboard.
  await expect(sheet.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(sheet.getByText(/^Shared until /)).toBeVisible();
  await shot(page, 'share-sheet');

  // Someone with no account, in a browser that has never seen the app, with JavaScript off as a
  // chat app's preview reader has it.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await guest.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const g = await guest.newPage();
  const res = await g.goto(url);
  expect(res?.status()).toBe(200);
  await expect(g.getByRole('heading', { name: 'Sunrise on the ridge' })).toBeVisible();
  await expect(g.getByText('Cold hands, warm tea, and the whole valley still asleep.')).toBeVisible();
  await expect(g.getByText('High ridge, Somewhere')).toBeVisible();
  await expect(g.getByText(`shared by ${me.username}`)).toBeVisible();
  const photo = g.getByRole('img', { name: 'Sunrise on the ridge' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const ogImage = await g.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/media/pins/`));
  expect(await g.locator('meta[property="og:title"]').getAttribute('content')).toBe('Sunrise on the ridge');
  const html = await g.content();
  expect(html).not.toContain(me.email);
  expect(html).not.toContain(me.id);
  await shot(g, 'share-page');

  await sheet.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Sharing stopped. The link no longer works.');
  await expect(sheet.getByText('Not shared')).toBeVisible();
  const gone = await g.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(g.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await shot(g, 'share-page-gone');
  await guest.close();
});

test('Settings → Download my data saves a zip of everything the user owns', async ({ page, request }) => {
  const me = await createUser(request, 'dl');
  const memory = await createMemory(request, me, { title: 'Kept forever', imagePath: PHOTO });
  await createMemory(request, me, { title: 'No photo either' });
  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await shot(page, 'settings-your-data');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^memory-map-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  await expect(page.getByRole('status')).toHaveText(/^Downloaded memory-map-.*\.zip \(\d+(\.\d)? (KB|MB)\)\.$/);
  await shot(page, 'settings-download-done');
  const bytes = await readFile((await file.path())!);
  // A zip (local file header signature), naming every part in its central directory.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  for (const name of ['profile.json', 'friends.json', 'memories.json', 'memories.geojson', `photos/${memory.id}.jpg`]) {
    expect(bytes.includes(Buffer.from(name)), name).toBe(true);
  }
});

test('Settings → Delete account asks for the password, then the account and its memories are gone', async ({ page, request }) => {
  const me = await createUser(request, 'leaver');
  const memory = await createMemory(request, me, { title: 'Last memory', imagePath: PHOTO, visibility: '3' });
  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('all your memories and their photos');
  await dialog.getByLabel('Your password').fill('not-it!1');
  await shot(page, 'settings-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not correct. Your account has not been deleted.');
  await shot(page, 'settings-delete-wrong-password');

  await dialog.getByLabel('Your password').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your account and everything in it have been deleted.');
  await shot(page, 'settings-delete-done');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

  // The server agrees: the session, the login and the photo are gone.
  expect((await request.get('/api/get_user', { headers: { authorization: `Bearer ${me.token}` } })).status()).toBe(401);
  const login = await logIn(request, me);
  expect(login.status()).toBe(401);
  expect((await request.get(memory.imageUrl)).status()).toBe(404);
});
