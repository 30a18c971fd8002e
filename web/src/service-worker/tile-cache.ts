import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { TILE_HOSTS } from '@memory-map/shared';


const TILE_CACHE = 'mm-tiles-v1';
/**
 * At most this many tiles are kept, the least recently used going first (a 256 px tile is ~10–30
 * kB, so ~20–60 MB at most), and none older than 30 days: the map keeps working where the user
 * has already been, without filling the device (docs/decisions/131-never-blank-map.md).
 */
export const TILE_CACHE_MAX_ENTRIES = 2000;

/**
 * Map tiles already seen, cache first: with no network the map still draws them, and where none
 * was ever seen the bundled world layer shows instead (lib/world-base). Only answers that came
 * through CORS with 200 are kept — an opaque answer could be an error page, and browsers count
 * each opaque one as megabytes against the quota.
 */
export function cacheMapTiles(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && request.destination === 'image' && TILE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
    new CacheFirst({
      cacheName: TILE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: TILE_CACHE_MAX_ENTRIES, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
