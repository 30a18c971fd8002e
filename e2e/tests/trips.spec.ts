import type { Page } from '@playwright/test';
import { createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';

/**
 * Trips and a map that is never blank (docs/design.md §15). Named to run after feed.spec.ts: the
 * trip's memories are public and would join the feed it counts.
 */

/** The bundled world's tiles: how many of their pixels are land (drawn) and how many sea (left clear). */
async function landAndSea(page: Page): Promise<{ land: number; sea: number }> {
  return page.locator('.leaflet-world-base-pane img.leaflet-tile-loaded').evaluateAll((tiles: HTMLImageElement[]) => {
    let land = 0;
    let sea = 0;
    for (const tile of tiles) {
      // Each tile is an image; its pixels are read through a canvas of its own.
      const canvas = document.createElement('canvas');
      canvas.width = tile.naturalWidth;
      canvas.height = tile.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(tile, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4 * 7) {
        if (data[i]! > 200) land++;
        else if (data[i] === 0) sea++;
      }
    }
    return { land, sea };
  });
}

test('with tiles blocked, the map draws land and sea, borders and place names under the pins', async ({ page, request }) => {
  const me = await createUser(request, 'offmap');
  // Every tile fails, as with no internet.
  await page.context().route(/basemaps|arcgis/, (route) => route.abort());
  await signIn(page, me);
  // The Channel at zoom 5: England, France and the sea between them.
  // Set once: later loads keep the view the map saved (or the one this test sets).
  const viewKey = `mm-map-view:${me.id}`;
  await page.addInitScript((key) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ lat: 50.5, lng: 0, zoom: 5 }));
  }, viewKey);
  await page.goto('/landing');
  await expect(page.locator('.leaflet-world-base-pane img.leaflet-tile-loaded').first()).toBeVisible();
  await expect.poll(async () => (await landAndSea(page)).land).toBeGreaterThan(1000);
  const { land, sea } = await landAndSea(page);
  expect(sea).toBeGreaterThan(1000);
  expect(land).toBeGreaterThan(1000);
  // Capitals are named from zoom 4.
  await expect(page.locator('.world-label', { hasText: /^London$/ })).toBeVisible();
  await expect(page.locator('.world-label', { hasText: /^Paris$/ })).toBeVisible();
  await page.screenshot({ path: process.env.TRIPS_SHOTS ? `${process.env.TRIPS_SHOTS}/offline-map-light.png` : undefined });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect.poll(async () => (await landAndSea(page)).land).toBeGreaterThan(1000);
  await page.screenshot({ path: process.env.TRIPS_SHOTS ? `${process.env.TRIPS_SHOTS}/offline-map-dark.png` : undefined });
  // Zoomed out to the whole world: still land and sea, not one grey colour.
  // (Set as the saved view: three Zoom out clicks right after a load could land while the map
  // was still settling its first view, and it kept zoom 4 on a busy machine.)
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ lat: 30, lng: 0, zoom: 2 })), viewKey);
  await page.reload();
  await expect.poll(async () => (await landAndSea(page)).land).toBeGreaterThan(1000);
  expect((await landAndSea(page)).sea).toBeGreaterThan(1000);
  // The world is drawn, and at this zoom it names no place.
  await expect(page.locator('.world-label')).toHaveCount(0);
  await page.screenshot({ path: process.env.TRIPS_SHOTS ? `${process.env.TRIPS_SHOTS}/offline-world-zoom2.png` : undefined });
});

test("the world's tiles let their images go as the map moves on: every image held is one on the map", async ({ page, request }) => {
  const me = await createUser(request, 'worldtiles');
  // Without Leaflet's tile fade, which the app leaves out for someone who asks for less motion:
  // with it, whether the zoom left behind is let go at once depends on timing. Leaflet prunes it
  // 250 ms after the new tiles load and then on each fade frame, but a frame that ends every new
  // tile's fade at once prunes nothing (Leaflet issue 3765), so on a busy machine whose frames lag
  // that timer the old tiles stay until the map next moves. Without the fade, each tile prunes as
  // it is ready; letting images go is the same code either way.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.context().route(/basemaps|arcgis/, (route) => route.abort());
  await signIn(page, me);
  await page.addInitScript((key) => {
    // Zooms 2 and 3 draw from the coarse shapes, quick to load even on a busy machine.
    localStorage.setItem(key, JSON.stringify({ lat: 30, lng: 0, zoom: 3 }));
    // Every image URL the page makes and lets go, in the page's own hands.
    const held = new Set<string>();
    const made = URL.createObjectURL.bind(URL);
    const released = URL.revokeObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = made(blob);
      held.add(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      held.delete(url);
      (window as unknown as { released: number }).released = ((window as unknown as { released?: number }).released ?? 0) + 1;
      released(url);
    };
    (window as unknown as { held: Set<string> }).held = held;
  }, `mm-map-view:${me.id}`);
  await page.goto('/landing');
  const tiles = page.locator('.leaflet-world-base-pane img.leaflet-tile-loaded');
  await expect(tiles.first()).toBeVisible();
  const released = () => page.evaluate(() => (window as unknown as { released?: number }).released ?? 0);
  /** Every image URL the page holds is the picture of a tile on the map. */
  async function expectNoneHeldBeyondTheMap() {
    const { held, shown } = await page.evaluate(() => ({
      held: [...(window as unknown as { held: Set<string> }).held],
      shown: Array.from(document.querySelectorAll<HTMLImageElement>('.leaflet-world-base-pane img'), (img) => img.src),
    }));
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((url) => !shown.includes(url))).toEqual([]);
  }
  // Out and in again, each zoom settled (the map keeps its view when it settles) and drawn before
  // the next: the tiles of the zoom left behind are let go.
  for (const [button, zoom] of [['Zoom out', 2], ['Zoom in', 3]] as const) {
    const before = await released();
    await page.getByRole('button', { name: button }).click();
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').zoom, `mm-map-view:${me.id}`)).toBe(zoom);
    await expect.poll(released).toBeGreaterThan(before);
    await expect(tiles.first()).toBeVisible();
  }
  await expectNoneHeldBeyondTheMap();
  // Another theme draws the world in another tone: the whole layer is made again, and every
  // image of the old one is let go.
  const beforeTheme = await released();
  await page.getByRole('button', { name: 'Map controls' }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(released).toBeGreaterThan(beforeTheme);
  await expect(tiles.first()).toBeVisible();
  await expectNoneHeldBeyondTheMap();
});

test('make a trip from three memories, open it as a friend: the route, the numbered stops, the stats', async ({ page, browser, request }) => {
  const me = await createUser(request, 'tripper');
  const friend = await createUser(request, 'tripfriend');
  await makeFriends(request, me, friend);
  // Made in the order they happened (each is dated when it is posted): Lisbon, Porto, Madrid.
  const stops = [
    { title: 'Lisbon trams', latitude: 38.7223, longitude: -9.1393 },
    { title: 'Porto bridges', latitude: 41.1579, longitude: -8.6291 },
    { title: 'Madrid at night', latitude: 40.4168, longitude: -3.7038 },
  ];
  for (const s of stops) await createMemory(request, me, { ...s, visibility: '2', locationName: s.title });

  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'New trip' }).click();
  const editor = page.getByRole('dialog', { name: 'New trip' });
  await editor.getByLabel('Title').fill('Iberia by train');
  await editor.getByLabel('Who can open it').selectOption({ label: 'Friends' });
  for (const s of stops) await editor.getByRole('checkbox', { name: new RegExp(s.title) }).check();
  if (process.env.TRIPS_SHOTS) {
    await page.screenshot({ path: `${process.env.TRIPS_SHOTS}/trip-editor-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${process.env.TRIPS_SHOTS}/trip-editor-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const tripUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('list', { name: 'Memories in order' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.locator('path.trip-route')).toHaveCount(1);
  // The train's own track from a GPX file becomes the route.
  const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${[
    [38.7223, -9.1393],
    [40.2, -8.4],
    [41.1579, -8.6291],
    [40.9, -5.6],
    [40.4168, -3.7038],
  ]
    .map(([lat, lon]) => `<trkpt lat="${lat}" lon="${lon}"/>`)
    .join('')}</trkseg></trk></gpx>`;
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/track') && r.request().method() === 'POST');
  await page.locator('.trip-track input[type=file]').setInputFiles({ name: 'train.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Remove GPX' })).toBeVisible();
  await expect(page.locator('path.trip-route')).toHaveCount(1);
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: /Iberia by train/ })).toContainText('3 memories');

  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await other.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const theirs = await other.newPage();
  await signIn(theirs, friend);
  await theirs.goto(tripUrl);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Iberia by train' })).toBeVisible();
  await expect(theirs.getByText(`A trip by ${me.username}`)).toBeVisible();
  const items = theirs.getByRole('list', { name: 'Memories in order' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  for (const [i, s] of stops.entries()) await expect(items.nth(i)).toContainText(s.title);
  // The route: one line through the three stops, each numbered on the map.
  await expect(theirs.locator('path.trip-route')).toHaveCount(1);
  await expect(theirs.locator('.trip-stop')).toHaveText(['1', '2', '3']);
  const numbers = theirs.getByRole('list', { name: 'Trip in numbers' });
  await expect(numbers).toContainText('3 memories');
  await expect(numbers).toContainText('2 countries');
  const shots = process.env.TRIPS_SHOTS;
  if (shots) {
    await theirs.screenshot({ path: `${shots}/trip-friend-light.png` });
    await theirs.emulateMedia({ colorScheme: 'dark' });
    await theirs.screenshot({ path: `${shots}/trip-friend-dark.png`, fullPage: true });
    await page.goto('/world');
    await expect(page.getByRole('list', { name: 'In numbers' })).toContainText('2 countries');
    await expect(page.locator('.world-map path').first()).toBeAttached();
    await page.screenshot({ path: `${shots}/world-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: /Iberia by train/ })).toBeVisible();
    await page.screenshot({ path: `${shots}/profile-trips-dark.png`, fullPage: true });
  }
  await other.close();
});
