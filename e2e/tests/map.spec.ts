import { authHeaders, createMemory, createUser, expect, signIn, test } from '../fixtures.ts';
import { bboxOf, contains, freshSpot, grantLocation, isPinsRequest, marker, near, openMap, ownDot, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

const CITIES = [
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
];

test('starts on the granted position with the blue dot and its popup', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const user = await createUser(request, 'geo');
  await signIn(page, user);
  const first = await openMap(page);
  expect(contains(bboxOf(first), here)).toBe(true);
  await expect(page.getByText('Double-click to add memory')).toBeVisible();
  const dot = ownDot(page);
  await expect(dot).toBeVisible();
  await shot(page, 'map-granted');
  await dot.click();
  await expect(popup(page)).toContainText('Your Location');
  await expect(popup(page)).toContainText(`${here.lat.toFixed(5)}, ${here.lng.toFixed(5)}`);
  await shot(page, 'map-own-location-popup');
});

test('falls back to one of the five cities when location is denied', async ({ page, request }) => {
  const user = await createUser(request, 'nogeo');
  await signIn(page, user);
  const first = await openMap(page);
  const bbox = bboxOf(first);
  expect(CITIES.filter((c) => contains(bbox, c)).map((c) => c.name)).toHaveLength(1);
  await expect(ownDot(page)).toHaveCount(0);
  await expect(page.locator('.map-canvas')).toBeVisible();
});

test('shows a loading screen until geolocation answers', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  // Hold the answer back so the loading screen can be seen.
  await page.addInitScript(() => {
    const real = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (ok, err, opts) => {
      setTimeout(() => real(ok, err, opts), 1500);
    };
  });
  await signIn(page, await createUser(request, 'wait'));
  await page.goto('/landing');
  await expect(page.getByText('Finding your location…')).toBeVisible();
  await shot(page, 'map-loading');
  await expect(ownDot(page)).toBeVisible();
  await expect(page.getByText('Finding your location…')).toHaveCount(0);
});

test('the hint can be dismissed and stays dismissed', async ({ page, request }) => {
  await signIn(page, await createUser(request, 'hint'));
  await openMap(page);
  await page.getByRole('button', { name: 'Dismiss hint' }).click();
  await expect(page.getByText('Double-click to add memory')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.map-canvas')).toBeVisible();
  await expect(page.getByText('Double-click to add memory')).toHaveCount(0);
});

test('the centre button flies back to the person at zoom 13', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  await signIn(page, await createUser(request, 'centre'));
  await openMap(page);
  const canvas = page.locator('.map-canvas');
  const dot = ownDot(page);
  await expect(dot).toBeVisible();
  // Wander off: two long drags and one step out.
  for (let i = 0; i < 2; i += 1) {
    await canvas.hover({ position: { x: 330, y: 620 } });
    await page.mouse.down();
    await page.mouse.move(40, 160, { steps: 10 });
    await page.mouse.up();
  }
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(page.locator('img.leaflet-tile[src*="/voyager/12/"]').first()).toBeAttached();

  await page.getByRole('button', { name: 'center to your location' }).click();
  const box = (await canvas.boundingBox())!;
  await expect
    .poll(async () => {
      const d = await dot.boundingBox();
      return d ? Math.hypot(d.x + d.width / 2 - (box.x + box.width / 2), d.y + d.height / 2 - (box.y + box.height / 2)) : Infinity;
    })
    .toBeLessThan(4);
  await expect(page.locator('img.leaflet-tile[src*="/voyager/13/"]').first()).toBeAttached();
  await expect(page.locator('img.leaflet-tile[src*="/voyager/12/"]')).toHaveCount(0);
});

test('double-click drops a marker with Add memory, a single click clears it', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  await signIn(page, await createUser(request, 'draft'));
  await openMap(page);
  const canvas = page.locator('.map-canvas');
  await canvas.dblclick({ position: { x: 120, y: 420 } });
  await expect(marker(page, 'New memory')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add memory' })).toBeVisible();
  await shot(page, 'map-draft-marker');
  await canvas.click({ position: { x: 300, y: 250 } });
  await expect(marker(page, 'New memory')).toHaveCount(0);
  await canvas.dblclick({ position: { x: 120, y: 420 } });
  await page.getByRole('button', { name: 'Add memory' }).click();
  await expect(page).toHaveURL(/\/new-location$/);
  const state = await page.evaluate(() => (history.state as { usr?: Record<string, unknown> } | null)?.usr);
  expect(state).toMatchObject({ fromMap: true, visibility: '1' });
  expect(typeof state?.lat).toBe('number');
  expect(typeof state?.lng).toBe('number');
  expect(Math.abs((state!.lat as number) - here.lat)).toBeLessThan(0.05);
});

test("another user's public pin: badge, 'By {author}', no update or delete; own pin has both", async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'viewer');
  const other = await createUser(request, 'author');
  const longText = 'A long walk by the water. '.repeat(6).trim();
  await createMemory(request, other, { title: 'Harbour walk', description: longText, visibility: '3', latitude: near(here, 0.012, 0).lat, longitude: here.lng, locationName: 'Somewhere nice' });
  await createMemory(request, me, { title: 'My bench', visibility: '2', ...{ latitude: near(here, -0.012, 0.01).lat, longitude: near(here, -0.012, 0.01).lng } });
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Harbour walk').click();
  let p = popup(page, 'Harbour walk');
  await expect(p.getByRole('heading', { name: 'Harbour walk' })).toBeVisible();
  await expect(p).toContainText('Somewhere nice');
  await expect(p).toContainText('Public Memory');
  await expect(p).toContainText(`By ${other.username}`);
  await expect(p.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(p.getByText(longText)).toHaveCount(0);
  await p.getByRole('button', { name: 'Show more' }).click();
  await expect(p.getByText(longText)).toBeVisible();
  await shot(page, 'map-popup-other');
  await p.getByRole('button', { name: 'Show less' }).click();

  await marker(page, 'My bench').click();
  p = popup(page, 'My bench');
  await expect(p).toContainText('Your Memory (Friends)');
  // One's own pin names its author too, only without the 'By'.
  await expect(p.locator('.pin-popup-author')).toHaveText(me.username);
  await expect(p.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Delete' })).toBeVisible();
  await shot(page, 'map-popup-own');
});

test('filters hide the unchecked types', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'filter');
  const friend = await createUser(request, 'filterfr');
  const stranger = await createUser(request, 'filterst');
  await request.post('/api/send_request', { data: { userId: friend.id }, headers: authHeaders(me) });
  await request.post('/api/accept_request', { data: { userId: me.id }, headers: authHeaders(friend) });
  const a = near(here, 0.015, -0.015);
  const b = near(here, -0.015, -0.015);
  const c = near(here, 0, 0.02);
  await createMemory(request, me, { title: 'Mine', visibility: '1', latitude: a.lat, longitude: a.lng });
  await createMemory(request, friend, { title: 'Theirs', visibility: '2', latitude: b.lat, longitude: b.lng });
  await createMemory(request, stranger, { title: 'Everyone’s', visibility: '3', latitude: c.lat, longitude: c.lng });
  await signIn(page, me);
  await openMap(page);
  for (const t of ['Mine', 'Theirs', 'Everyone’s']) await expect(marker(page, t)).toBeVisible();
  await page.getByRole('button', { name: 'Map controls' }).click();
  const panel = page.getByRole('region', { name: 'Map controls' });
  for (const label of ['Own', 'Friend', 'Public']) await expect(panel.getByLabel(label)).toBeChecked();
  await shot(page, 'map-controls');
  await panel.getByLabel('Own').uncheck();
  await expect(marker(page, 'Mine')).toHaveCount(0);
  await expect(marker(page, 'Theirs')).toBeVisible();
  await panel.getByLabel('Friend').uncheck();
  await expect(marker(page, 'Theirs')).toHaveCount(0);
  await panel.getByLabel('Public').uncheck();
  await expect(marker(page, 'Everyone’s')).toHaveCount(0);
  await panel.getByLabel('Own').check();
  await expect(marker(page, 'Mine')).toBeVisible();
});

test("friendships changed in the app change the map at once: an accepted friend's friends-only pin appears, a removed one's goes", async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'circle');
  const friend = await createUser(request, 'circlefr');
  const spot = near(here, 0.015, 0.01);
  const mine = near(here, -0.015, -0.01);
  await createMemory(request, friend, { title: 'Friends only', visibility: '2', latitude: spot.lat, longitude: spot.lng });
  // A pin of my own tells that the map has drawn its pins, before asserting one is absent.
  await createMemory(request, me, { title: 'Mine', visibility: '1', latitude: mine.lat, longitude: mine.lng });
  await request.post('/api/send_request', { data: { userId: me.id }, headers: authHeaders(friend) });
  await signIn(page, me);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openMap(page);
  await expect(marker(page, 'Mine')).toBeVisible();
  await expect(marker(page, 'Friends only')).toHaveCount(0);

  // Accepted within the app: back on the map (no reload) their friends-only memory shows.
  await nav.getByRole('link', { name: 'Friends' }).click();
  await page.getByRole('link', { name: /Friend Requests/ }).click();
  await page.getByRole('button', { name: `Accept ${friend.username}` }).click();
  await expect(page.getByText('Accepted')).toBeVisible();
  await nav.getByRole('link', { name: 'Map' }).click();
  await expect(marker(page, 'Friends only')).toBeVisible();

  // Removed within the app: it goes again.
  await nav.getByRole('link', { name: 'Friends' }).click();
  await page.getByRole('button', { name: `Remove ${friend.username}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove Friend' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText("You don't have any friends yet")).toBeVisible();
  await nav.getByRole('link', { name: 'Map' }).click();
  await expect(marker(page, 'Mine')).toBeVisible();
  await expect(marker(page, 'Friends only')).toHaveCount(0);
});

test('crowded pins cluster into a counted bubble that zooms in when clicked', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'crowd');
  // A little way from the person: the blue dot is drawn above pins and bubbles.
  const crowd = near(here, 0.01, 0);
  for (let i = 0; i < 4; i += 1) {
    await createMemory(request, me, { title: `Crowd ${i}`, visibility: '1', latitude: crowd.lat + 0.0004 * i, longitude: crowd.lng + 0.0003 * i });
  }
  await signIn(page, me);
  await openMap(page);
  const bubble = page.locator('.map-cluster').filter({ hasText: '4' });
  await expect(bubble).toBeVisible();
  await expect(marker(page, 'Crowd 0')).toHaveCount(0);
  await shot(page, 'map-cluster');
  // Each click zooms to where the bubble breaks apart; a few clicks reach single pins. The server
  // clusters, so the closer zoom's bubbles and pins come with its answer: wait for it before looking.
  for (let i = 0; i < 6 && (await marker(page, 'Crowd 0').count()) === 0; i += 1) {
    const nearest = page.locator('.map-cluster').first();
    if ((await nearest.count()) > 0) {
      const answered = page.waitForResponse((r) => isPinsRequest(r.request()), { timeout: 5000 }).catch(() => null);
      await nearest.click();
      await answered;
    }
    await page.waitForTimeout(400);
  }
  await expect(marker(page, 'Crowd 0')).toBeVisible();
  await expect(marker(page, 'Crowd 3')).toBeVisible();
});

test('theme choice changes the tiles and attribution, and is remembered', async ({ page, request }) => {
  await signIn(page, await createUser(request, 'theme'));
  await openMap(page);
  const tiles = page.locator('img.leaflet-tile');
  await expect(tiles.first()).toHaveAttribute('src', /basemaps\.cartocdn\.com\/rastertiles\/voyager\//);
  const attribution = page.locator('.leaflet-control-attribution');
  await expect(attribution).toContainText('CARTO');
  await expect(attribution).toContainText('Places © GeoNames (CC BY 4.0)');

  await page.getByRole('button', { name: 'Map controls' }).click();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('img.leaflet-tile[src*="dark_all"]').first()).toBeVisible();
  await expect(page.locator('img.leaflet-tile[src*="voyager"]')).toHaveCount(0);
  await shot(page, 'map-dark');

  await page.getByRole('radio', { name: 'Satellite' }).check();
  await expect(page.locator('img.leaflet-tile[src*="arcgisonline.com/ArcGIS/rest/services/World_Imagery"]').first()).toBeAttached();
  await expect(attribution).toContainText('Esri');
  await expect(attribution).toContainText('Places © GeoNames (CC BY 4.0)');

  await page.reload();
  await expect(page.locator('img.leaflet-tile[src*="World_Imagery"]').first()).toBeAttached();
  await expect(page.locator('img.leaflet-tile[src*="voyager"]')).toHaveCount(0);
});

test('the map still works when tiles cannot load', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'notiles');
  await createMemory(request, me, { title: 'Offline tiles', latitude: here.lat + 0.01, longitude: here.lng });
  await context.route(/basemaps|arcgisonline/, (route) => route.abort());
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Offline tiles').click();
  await expect(popup(page).getByRole('heading', { name: 'Offline tiles' })).toBeVisible();
});

test('location search: blank asks nothing, at most 5 results, choosing one flies there', async ({ page, context, request }) => {
  await grantLocation(context, freshSpot());
  await signIn(page, await createUser(request, 'search'));
  await openMap(page);
  await page.getByRole('button', { name: 'Map controls' }).click();
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/places/search')) searches += 1;
  });
  const box = page.getByLabel('Search location');
  await box.fill('   ');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForTimeout(300);
  expect(searches).toBe(0);

  await box.fill('Paris');
  const answer = page.waitForResponse((r) => r.url().includes('/api/places/search'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const res = await answer;
  expect(new URL(res.url()).searchParams.get('limit')).toBe('5');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('button');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeLessThanOrEqual(5);
  await shot(page, 'map-search-results');
  const [place] = (await res.json()) as Array<{ lat: number; lon: number; display_name: string }>;
  const arrived = page.waitForRequest((r) => isPinsRequest(r) && contains(bboxOf(r), { lat: place!.lat, lng: place!.lon }));
  await results.first().click();
  const bbox = bboxOf(await arrived);
  // Zoom 15 shows a quarter of the width zoom 13 would.
  expect(bbox[2] - bbox[0]).toBeLessThan(0.1);
  await expect(page.getByRole('region', { name: 'Map controls' })).toHaveCount(0);
});

test('a failed delete shows the spec alert and keeps the pin', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'delfail');
  await createMemory(request, me, { title: 'Sticky', latitude: here.lat + 0.01, longitude: here.lng });
  await page.route('**/api/delete', (route) => route.fulfill({ status: 500, body: '' }));
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Sticky').click();
  await popup(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this pin?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to delete pin. Please try again.');
  await shot(page, 'map-delete-failed');
  await expect(marker(page, 'Sticky')).toBeVisible();
});

test('pins at the spot where one stands cover the blue dot and stay tappable; the centre button opens its popup', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'dotunder');
  // Two memories right where the person stands: a bubble centred on the dot.
  for (const title of ['Doorstep', 'Front step']) await createMemory(request, me, { title, visibility: '1', latitude: here.lat, longitude: here.lng });
  await signIn(page, me);
  await openMap(page);
  const bubble = page.locator('.map-cluster').filter({ hasText: '2' });
  await expect(bubble).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss hint' }).click();
  // The bubble's count is on top: a tap in its middle reaches the bubble, not the dot.
  const d = (await ownDot(page).boundingBox())!;
  const top = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.map-cluster, .map-own-dot')?.className ?? '', [d.x + d.width / 2, d.y + d.height / 2]);
  expect(top).toContain('map-cluster');
  await shot(page, 'map-cluster-over-own-dot');

  // 'Your Location' is one tap away all the same.
  await page.getByRole('button', { name: 'center to your location' }).click();
  await expect(popup(page)).toContainText('Your Location');
  await expect(popup(page)).toContainText(`${here.lat.toFixed(5)}, ${here.lng.toFixed(5)}`);
  await shot(page, 'map-own-popup-from-centre-button');
});

test('two memories at the very same spot: the bubble opens into pins that can each be opened', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'samespot');
  const spot = near(here, 0.004, 0.004);
  await createMemory(request, me, { title: 'Café at nine', visibility: '1', latitude: spot.lat, longitude: spot.lng });
  await createMemory(request, me, { title: 'Café at noon', visibility: '1', latitude: spot.lat, longitude: spot.lng });
  await signIn(page, me);
  await openMap(page);
  const bubble = page.locator('.map-cluster').filter({ hasText: '2' });
  await expect(bubble).toBeVisible();
  await bubble.click();
  // Zoomed as far as clustering goes, the two fan out around their spot instead of stacking.
  const first = marker(page, 'Café at nine');
  const second = marker(page, 'Café at noon');
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await page.waitForTimeout(700);
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(30);
  await shot(page, 'map-same-spot-fanned');
  await first.click();
  await expect(popup(page, 'Café at nine')).toBeVisible();
  await popup(page, 'Café at nine').locator('.leaflet-popup-close-button').click();
  await second.click();
  await expect(popup(page, 'Café at noon')).toBeVisible();
  await shot(page, 'map-same-spot-popup');
});

test('a 2000-character description: the expanded popup fits the map, its buttons stay in reach, and it stays open', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'longread');
  const description = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long day by the sea, with gulls and chips.`).join(' ').slice(0, 2000);
  const spot = near(here, 0.01, 0);
  await createMemory(request, me, { title: 'The long read', description, visibility: '1', latitude: spot.lat, longitude: spot.lng });
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'The long read').click();
  const p = popup(page, 'The long read');
  await p.getByRole('button', { name: 'Show more' }).click();
  await expect(p.getByRole('button', { name: 'Show less' })).toBeVisible();
  // Whatever Leaflet pans and fetches after that, the popup and its marker are still there.
  await page.waitForTimeout(1500);
  await expect(p).toBeVisible();
  await expect(marker(page, 'The long read')).toBeVisible();
  const map = (await page.locator('.map-canvas').boundingBox())!;
  const box = (await p.locator('.leaflet-popup-content-wrapper').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(map.y);
  expect(box.y + box.height).toBeLessThanOrEqual(map.y + map.height);
  for (const name of ['Update', 'Delete']) {
    const button = p.getByRole('button', { name, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await shot(page, 'map-popup-expanded');
  // The text scrolls inside the popup, to its very end.
  const body = p.locator('.pin-popup-body');
  await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(p.getByRole('button', { name: 'Show less' })).toBeInViewport();
  await shot(page, 'map-popup-expanded-scrolled');
  await p.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this pin?');
});

test('the pin whose popup is open stays when the map is dragged far from it', async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'dragaway');
  const spot = near(here, 0.01, 0);
  await createMemory(request, me, { title: 'Keep me', visibility: '1', latitude: spot.lat, longitude: spot.lng });
  await signIn(page, me);
  await openMap(page);
  await marker(page, 'Keep me').click();
  await expect(popup(page, 'Keep me')).toBeVisible();
  const canvas = page.locator('.map-canvas');
  // Three long drags: well past the padded area the pins were fetched for.
  const away = page.waitForResponse((r) => isPinsRequest(r.request()) && !contains(bboxOf(r.request()), spot));
  for (let i = 0; i < 3; i += 1) {
    await canvas.hover({ position: { x: 40, y: 600 } });
    await page.mouse.down();
    await page.mouse.move(350, 150, { steps: 8 });
    await page.mouse.up();
  }
  await away;
  await page.waitForTimeout(800);
  await expect(marker(page, 'Keep me')).toHaveCount(1);
  await expect(popup(page, 'Keep me')).toHaveCount(1);
  // Closed (a tap on the map), it leaves with the rest of that area.
  await canvas.click({ position: { x: 200, y: 420 } });
  await expect(popup(page, 'Keep me')).toHaveCount(0);
  await expect(marker(page, 'Keep me')).toHaveCount(0);
});
