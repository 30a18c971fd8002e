import { createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { bboxOf, contains, freshSpot, grantLocation, isPinsRequest, marker, openMap, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

// Issue 31: adding a memory is one visible tap, the map keeps its place, the moved pin stays in
// sight, and the pin colours are explained.

test('a visible Add memory button starts a memory at the centre of the map', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  await signIn(page, await createUser(request, 'addfab'));
  await openMap(page);
  // The spec's hint stays as it is; a mouse user is not told about tapping.
  await expect(page.getByRole('note')).toHaveText(/^Double-click to add memory/);
  await expect(page.getByText('Double-tap or press +')).toHaveCount(0);
  const legend = page.getByRole('list', { name: 'Pin colours' });
  await expect(legend).toHaveText(/Yours.*Friends'.*Public/);
  await shot(page, 'issue31-add-button');

  await page.getByRole('button', { name: 'Add memory' }).click();
  await expect(page).toHaveURL(/\/new-location$/);
  const coords = page.getByText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/).first();
  const [lat, lng] = (await coords.textContent())!.split(', ').map(Number);
  expect(Math.abs(lat! - here.lat)).toBeLessThan(0.001);
  expect(Math.abs(lng! - here.lng)).toBeLessThan(0.001);
});

test('while a double-click marker offers Add memory, the button steps aside', async ({ page, context, request }) => {
  await grantLocation(context, freshSpot());
  await signIn(page, await createUser(request, 'addone'));
  await openMap(page);
  await page.locator('.map-canvas').dblclick({ position: { x: 200, y: 300 } });
  await expect(page.getByRole('button', { name: 'Add memory' })).toHaveCount(1);
  await expect(popup(page).getByRole('button', { name: 'Add memory' })).toBeVisible();
  await page.locator('.map-canvas').click({ position: { x: 120, y: 500 } });
  await expect(page.getByRole('button', { name: 'Add memory' })).toBeVisible();
  await expect(popup(page)).toHaveCount(0);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });
  test('the hint goes on to say how a finger adds a memory', async ({ page, context, request }) => {
    await grantLocation(context, freshSpot());
    await signIn(page, await createUser(request, 'touchhint'));
    await openMap(page);
    await expect(page.getByRole('note').locator('span').first()).toHaveText('Double-click to add memory Double-tap or press +');
    await shot(page, 'issue31-touch-hint');
  });
});

/** The map tile holding a point at a zoom (the slippy-map scheme every tile server here uses). */
function tileOf(lat: number, lng: number, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `/${zoom}/${x}/${y}`;
}

test('the map keeps its place, zoom and filters across screens and a reload', async ({ page, context, request }) => {
  await grantLocation(context, freshSpot());
  await signIn(page, await createUser(request, 'keepview'));
  await openMap(page);
  await page.getByRole('button', { name: 'Map controls' }).click();
  const panel = page.getByRole('region', { name: 'Map controls' });
  await panel.getByLabel('Public').uncheck();
  await page.getByLabel('Search location').fill('Kyoto');
  const answer = page.waitForResponse((r) => r.url().includes('/api/places/search'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const [kyoto] = (await (await answer).json()) as Array<{ lat: number; lon: number }>;
  const at = { lat: kyoto!.lat, lng: kyoto!.lon };
  const arrived = page.waitForRequest((r) => isPinsRequest(r) && contains(bboxOf(r), at));
  await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
  await arrived;
  // The tile under Kyoto at the search's zoom (15) is what the map draws while it is there.
  const kyotoTile = page.locator(`img.leaflet-tile[src*="${tileOf(at.lat, at.lng, 15)}"]`);
  await expect(kyotoTile.first()).toBeAttached();

  // Feed, then back to the map by its tab: still Kyoto, as close, Public still off.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(kyotoTile).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(kyotoTile.first()).toBeAttached();
  await page.getByRole('button', { name: 'Map controls' }).click();
  await expect(panel.getByLabel('Public')).not.toBeChecked();
  await expect(panel.getByLabel('Friend')).toBeChecked();

  // A reload too (the pins come from the device's copy of that very area, so no request is needed).
  await page.reload();
  await expect(kyotoTile.first()).toBeAttached();
  await page.getByRole('button', { name: 'Map controls' }).click();
  await expect(panel.getByLabel('Public')).not.toBeChecked();
});

test('the pin being moved stays in sight above the panel that says to drag it', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'movevis');
  // Low on the screen: under where the move panel opens.
  await createMemory(request, me, { title: 'Low pin', latitude: here.lat - 0.03, longitude: here.lng, visibility: '1' });
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Low pin').click();
  await popup(page, 'Low pin').getByRole('button', { name: 'Move' }).click();
  const bar = page.getByRole('region', { name: 'Move memory' });
  await expect(bar).toBeVisible();
  const moving = page.locator('.leaflet-marker-pane').getByRole('button', { name: 'Moving Low pin' });
  await expect(moving).toBeVisible();
  const pinBox = (await moving.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(pinBox.y + pinBox.height).toBeLessThanOrEqual(barBox.y);
  expect(pinBox.y).toBeGreaterThan(0);
  await shot(page, 'issue31-move-visible');
});
