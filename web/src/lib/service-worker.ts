/** The reload after a missing chunk, at most once a minute: a chunk that is really gone must not loop. */
const RELOADED_AT_KEY = 'mm-chunk-reload-at';

/**
 * Registers the service worker (src/service-worker/sw.ts; docs/decisions/090-web-delivery.md).
 * Production builds only: in development Vite serves modules that must not be cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online; nothing to tell the person.
    });
  // After the page's load, so its install (the whole build) does not compete with the first screen;
  // the app may start after that event (main.tsx).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * A tab opened before a deploy still runs the old build, whose screens' chunks the new deploy no
 * longer has. Opening such a screen reloads the page into the new build instead of failing (so
 * does a page whose app chunk went missing: main.tsx sets this up before loading it).
 */
export function reloadWhenAChunkIsGone(): void {
  if (!import.meta.env.PROD) return;
  window.addEventListener('vite:preloadError', (event) => {
    // Offline the chunk is missing for want of a network, not a deploy: a reload would only show
    // the browser's offline page and take the form being filled in away (the import's own caller
    // copes, e.g. a photo's GPS reader is skipped).
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
