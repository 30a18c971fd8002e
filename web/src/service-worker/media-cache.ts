/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/** The same name as the hand-written worker's, so photos cached before the switch stay. */
const MEDIA_CACHE = 'mm-media-v1';

/**
 * Photos behind signed URLs, cache first: a signed URL names one version of one photo for its
 * signature window, so what is cached under it never goes stale. Bounded, so a long scroll through
 * the feed does not fill the device.
 */
export function cacheMediaBySignedUrl(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/'),
    new CacheFirst({
      cacheName: MEDIA_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
}
