/// <reference lib="webworker" />
// The service worker (docs/decisions/090-web-delivery.md), built by vite-plugin-pwa with Workbox
// (injectManifest: the build writes the list of its files into self.__WB_MANIFEST).
// - The whole build is cached on the first visit, so a reload without a network opens the app.
// - Every page load gets a cached page: a screen's path the page the build drew for it
//   (pages/feeds.html for /feeds, as the server answers: appPageFor), any other path index.html;
//   the router takes it from there.
// - Photos are cached by their signed URL (docs/decisions/003-signed-media-urls.md): the URL
//   changes when the signature window does, so a cached answer is never stale.
// - Map tiles already seen are kept, at most TILE_CACHE_MAX_ENTRIES, least recently used out
//   (tile-cache.ts); where none was seen, the map draws its bundled world (lib/world-base).
// - API answers are never cached here: the query cache holds them per user (lib/offline-cache.ts).
// - Background Sync sends the outbox once the network is back, even with no tab open.
import { APP_PAGES_DIR, appPageFor } from '@memory-map/shared';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheMediaBySignedUrl } from './media-cache.ts';
import { sendOutboxOnSync } from './outbox-sync.ts';
import { cacheMapTiles } from './tile-cache.ts';

declare const self: ServiceWorkerGlobalScope;

/** The caches of the hand-written worker this one replaced. */
const RETIRED_CACHES = ['mm-shell-v1'];

const precached = self.__WB_MANIFEST;
precacheAndRoute(precached);
cleanupOutdatedCaches();

const appShell = createHandlerBoundToURL('/index.html');
/** The build's drawn pages, by their path in the build ('pages/feeds.html'), answered from the precache. */
const screenPages = new Map(
  precached
    .map((entry) => (typeof entry === 'string' ? entry : entry.url))
    .filter((url) => url.startsWith(`${APP_PAGES_DIR}/`))
    .map((url) => [url, createHandlerBoundToURL(`/${url}`)]),
);

/** The page the server would send for this path: the screen's drawn page when the build has one, else index.html. */
function appPage(pathname: string) {
  const page = appPageFor(pathname);
  return (page && screenPages.get(page)) || appShell;
}

registerRoute(
  new NavigationRoute((options) => appPage(options.url.pathname)(options), {
    // Not the app's pages: a share link's page is the server's (never served from the shell, so a
    // revoked link stops working on this device too; /t/ a trip's), and API or photo URLs opened directly.
    denylist: [/^\/s\//, /^\/t\//, /^\/api\//, /^\/media\//],
  }),
);

cacheMediaBySignedUrl();
cacheMapTiles();
sendOutboxOnSync();

// A new deploy takes over at once rather than waiting for every tab to close: its files are all
// precached before it activates, and a tab still running the old build that asks for a chunk
// which no longer exists reloads into the new one (lib/service-worker.ts).
void self.skipWaiting();
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name))));
});
