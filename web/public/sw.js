// Service worker: the app opens without a network. Hashed build assets are immutable, so they are
// served from the cache first; page loads try the network and fall back to the cached shell;
// images behind signed URLs are cached by their URL (it changes when the signature window does).
// API answers are not cached here: the query cache (lib/offline-cache.ts) holds them per user.
const SHELL = 'mm-shell-v1';
const MEDIA = 'mm-media-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll(['/', '/favicon.svg'])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== MEDIA).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(cacheName, request) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) cache.put(request, res.clone());
  return res;
}

async function networkFirstPage(request) {
  const cache = await caches.open(SHELL);
  try {
    const res = await fetch(request);
    if (res.ok) cache.put('/', res.clone());
    return res;
  } catch {
    return (await cache.match('/')) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A share link's page is the server's, not the app's: never served from (or stored as) the app
  // shell, so a revoked link stops working on this device too.
  if (url.pathname.startsWith('/s/')) return;
  if (request.mode === 'navigate') return event.respondWith(networkFirstPage(request));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(SHELL, request));
  if (url.pathname.startsWith('/media/')) return event.respondWith(cacheFirst(MEDIA, request));
});
