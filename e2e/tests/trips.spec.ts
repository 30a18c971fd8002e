import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test } from '../fixtures.ts';

/**
 * Trips and a map that is never blank (docs/design.md §15). Named to run after feed.spec.ts: the
 * trip's memories are public and would join the feed it counts.
 */

/** The bundled world's canvas: how many of its pixels are land (drawn) and how many sea (left clear). */
async function landAndSea(page: Page): Promise<{ land: number; sea: number }> {
  return page.locator('.leaflet-world-base-pane canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let land = 0;
    let sea = 0;
    for (let i = 3; i < data.length; i += 4 * 7) {
      if (data[i]! > 200) land++;
      else if (data[i] === 0) sea++;
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
  await page.addInitScript((id) => localStorage.setItem(`mm-map-view:${id}`, JSON.stringify({ lat: 50.5, lng: 0, zoom: 5 })), me.id);
  await page.goto('/landing');
  await expect(page.locator('.leaflet-world-base-pane canvas')).toBeVisible();
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
});
