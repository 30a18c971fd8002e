import exifr from 'exifr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { authHeaders, createUser, expect, signIn, test, type E2EUser } from '../fixtures.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { exifPhoto, type PhotoSpec } from '../fixtures/exif-photos.ts';
import { shot } from '../fixtures/shots.ts';

/**
 * Issue 29 (docs/design.md §16): photos chosen on /import become memories at the place and on the
 * day they were taken, through the outbox, and the stored copies carry none of their metadata.
 * Memories here are private, so the feed spec's counts of public memories are not touched.
 */
const PARIS = { lat: 48.8584, lng: 2.2945 };
const KYOTO = { lat: 35.0116, lng: 135.7681 };
const LYON = { lat: 45.764, lng: 4.8357 };

type Pin = {
  title: string;
  author: string;
  latitude: number;
  longitude: number;
  locationName: string;
  visibility: string;
  happenedAt: string;
  images: Array<{ url: string }>;
};

async function ownMemories(page: Page, me: E2EUser): Promise<Pin[]> {
  const res = await page.request.get('/api/query_feed?limit=100', { headers: authHeaders(me) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Pin[]).filter((pin) => pin.author === me.id);
}

/** Resolves once this page is controlled by an activated service worker, whose install precached the build. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

// Noon on each day: the date stays the same in any time zone the browser runs in.
function three(prefix: string, at: { lat: number; lng: number }, day: string, colour: string): PhotoSpec[] {
  return [0, 1, 2].map((n) => ({
    name: `${prefix}-${n + 1}.jpg`,
    lat: at.lat + n * 0.0004,
    lng: at.lng + n * 0.0004,
    takenAt: `${day} 12:${String(n * 10).padStart(2, '0')}:00`,
    colour,
  }));
}

test('six photos taken in two places on two days become two memories there, three photos each, stored without EXIF', async ({ page, request }) => {
  const me = await createUser(request, 'import');
  await signIn(page, me);
  const photos = await Promise.all([...three('paris', PARIS, '2024:05:10', '#c0392b'), ...three('kyoto', KYOTO, '2024:05:12', '#2980b9')].map(exifPhoto));
  // Reached from the profile menu.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Bring your photos' }).click();
  await expect(page.getByRole('heading', { name: 'Bring your photos' })).toBeVisible();
  await page.getByLabel('Choose photos').setInputFiles([...photos, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);

  const first = page.getByRole('listitem', { name: 'Memory 1' });
  const second = page.getByRole('listitem', { name: 'Memory 2' });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Memory 3' })).toHaveCount(0);
  await expect(first.getByText('3 photos')).toBeVisible();
  await expect(second.getByText('3 photos')).toBeVisible();
  // Named by our own geocoder.
  await expect(first.getByText(/Paris/)).toBeVisible();
  await expect(second.getByText(/Kyōto|Kyoto/)).toBeVisible();
  await expect(page.getByText('Skipped 1 file that is not a photo:')).toBeVisible();
  await expect(page.getByText('notes.txt')).toBeVisible();
  await expect(page.getByLabel('Who can see them')).toHaveValue('1');
  await expect(first.getByRole('img', { name: 'paris-1.jpg' })).toBeVisible();
  await first.getByLabel('Title of memory 1').fill('The tower at last');
  await shot(page, 'import-review');

  // What leaves the phone: the photos' bytes as sent, checked for the camera's EXIF block.
  const sentBodies: Buffer[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/create')) sentBodies.push(req.postDataBuffer() ?? Buffer.alloc(0));
  });
  await page.getByRole('button', { name: 'Create 2 memories' }).click();
  await expect(page.getByRole('heading', { name: 'Your 2 memories are on the map' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('6 of 6 uploaded')).toBeVisible();

  expect(sentBodies).toHaveLength(2);
  for (const body of sentBodies) {
    expect(body.length).toBeGreaterThan(1000);
    expect(body.includes(Buffer.from('E2E Camera'))).toBe(false);
    expect(body.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  }
  const mine = await ownMemories(page, me);
  expect(mine).toHaveLength(2);
  const paris = mine.find((p) => p.title === 'The tower at last');
  const kyoto = mine.find((p) => p !== paris);
  expect(paris).toBeDefined();
  expect(paris!.latitude).toBeCloseTo(PARIS.lat + 0.0004, 3);
  expect(paris!.longitude).toBeCloseTo(PARIS.lng + 0.0004, 3);
  expect(paris!.happenedAt.slice(0, 10)).toBe('2024-05-10');
  expect(paris!.images).toHaveLength(3);
  expect(paris!.visibility).toBe('1');
  expect(kyoto!.latitude).toBeCloseTo(KYOTO.lat + 0.0004, 3);
  expect(kyoto!.longitude).toBeCloseTo(KYOTO.lng + 0.0004, 3);
  expect(kyoto!.happenedAt.slice(0, 10)).toBe('2024-05-12');
  expect(kyoto!.images).toHaveLength(3);
  expect(kyoto!.locationName).toMatch(/Kyōto|Kyoto/);

  // The stored photos carry no EXIF, GPS or XMP: the position left the phone only as the place.
  for (const image of [...paris!.images, ...kyoto!.images]) {
    const res = await page.request.get(image.url, { headers: authHeaders(me) });
    expect(res.status()).toBe(200);
    const stored = await res.body();
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
  }
});

test('an import cut off by going offline halfway, and by a reload, finishes once back online, each memory once', async ({ page, context, request }) => {
  const me = await createUser(request, 'import-offline');
  await signIn(page, me);
  const photos = await Promise.all(
    [...three('paris', PARIS, '2024:06:01', '#8e44ad'), ...three('lyon', LYON, '2024:06:03', '#16a085'), ...three('kyoto', KYOTO, '2024:06:05', '#d35400')].map(
      exifPhoto,
    ),
  );
  // Reached from the map.
  await page.goto('/landing');
  // The reload below is offline: the app's files must be in the service worker's precache.
  await controlledByServiceWorker(page);
  await page.getByRole('button', { name: 'Map controls' }).click();
  await page.getByRole('link', { name: 'Bring your photos' }).click();
  await page.getByLabel('Choose photos').setInputFiles(photos);
  await expect(page.getByRole('button', { name: 'Create 3 memories' })).toBeVisible();

  // The first memory reaches the server; then the network goes, as in a tunnel.
  let creates = 0;
  await page.route('**/api/create', async (route) => {
    creates += 1;
    if (creates === 1) return route.continue();
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Create 3 memories' }).click();
  await expect(page.getByText('3 of 9 uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/You're offline/)).toBeVisible();
  // Every memory is prepared and kept on the phone before the reload below.
  await expect(page.getByText('6 photos wait on this phone to upload', { exact: false })).toBeVisible();
  await shot(page, 'import-offline');
  await page.unroute('**/api/create');

  // Reloaded while offline: the import is still there, where it stopped.
  await page.reload();
  await expect(page.getByText('3 of 9 uploaded')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Your 3 memories are on the map' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('9 of 9 uploaded')).toBeVisible();
  const mine = await ownMemories(page, me);
  expect(mine).toHaveLength(3);
  expect(mine.map((p) => p.images.length)).toEqual([3, 3, 3]);
  expect(mine.map((p) => p.happenedAt.slice(0, 10)).sort()).toEqual(['2024-06-01', '2024-06-03', '2024-06-05']);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    test(`the import's screens pass axe-core, and a photo without a position is placed by a place search (${colorScheme})`, async ({ page, request }) => {
      const me = await createUser(request, `import-a11y-${colorScheme}`);
      await signIn(page, me);
      await page.goto('/import');
      await expect(page.getByLabel('Choose photos')).toBeAttached();
      await expectAccessible(page, 'import: choose photos');
      const photos = await Promise.all([
        ...three('paris', PARIS, '2024:07:01', '#2c3e50').map(exifPhoto),
        exifPhoto({ name: 'no-fix.jpg', lat: null, lng: null, takenAt: '2023:02:02 09:00:00', colour: '#7f8c8d' }),
      ]);
      await page.getByLabel('Choose photos').setInputFiles([...photos, { name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') }]);
      const unplaced = page.getByRole('listitem', { name: 'Memory 2' });
      await expect(unplaced.getByText('Needs a place')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create 1 memory' })).toBeVisible();
      await expect(page.getByText('1 photo has no place yet and will not be saved until placed.')).toBeVisible();
      // The Create bar is sticky: at the end of the list it sits in its own place, under nothing
      // and over nothing, so every button is measured whole (elsewhere, a card scrolls under it).
      await page.locator('.app-main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
      await expectAccessible(page, 'import: review');
      await shot(page, `import-review-${colorScheme}`);

      await unplaced.getByRole('button', { name: 'Search a place' }).click();
      await unplaced.getByRole('searchbox', { name: 'Search a place' }).fill('Lyon');
      await unplaced.getByRole('button', { name: 'Search', exact: true }).click();
      await unplaced.getByRole('button', { name: /^Lyon/ }).first().click();
      await expect(unplaced.getByText(/Lyon/).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create 2 memories' })).toBeVisible();
      await page.getByRole('button', { name: 'Create 2 memories' }).click();
      await expect(page.getByRole('heading', { name: 'Your 2 memories are on the map' })).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'import: done');
      const mine = await ownMemories(page, me);
      const lyon = mine.find((p) => p.images.length === 1);
      expect(lyon!.latitude).toBeCloseTo(LYON.lat, 1);
      expect(lyon!.happenedAt.slice(0, 10)).toBe('2023-02-02');
    });
  });
}
