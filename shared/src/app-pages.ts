/**
 * Which of the web build's pages answers a path (docs/decisions/090-web-delivery.md, "Drawn before
 * the JavaScript runs"): the build writes one per screen into pages/ (web/build/route-pages.ts),
 * and the server (server/src/plugins/web-app.ts) and, on later visits, the service worker
 * (web/src/service-worker/sw.ts) answer a screen's path with it, and any other path with index.html.
 */

/** The folder of the build's per-screen pages. */
export const APP_PAGES_DIR = 'pages';

/** A screen's path: /feeds, /new-location (the router ignores case and a trailing slash). */
const SCREEN_PATH = /^\/([a-z-]+)\/?$/i;

/**
 * The page the build writes for the screen at this path ('/Feeds/' → 'pages/feeds.html'), or
 * undefined when the path names no screen. Whether the build wrote that page (not for every
 * screen: not the not-found one) is for the caller to check against what it holds.
 */
export function appPageFor(pathname: string): string | undefined {
  const screen = SCREEN_PATH.exec(pathname)?.[1]?.toLowerCase();
  return screen ? `${APP_PAGES_DIR}/${screen}.html` : undefined;
}
