import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { App } from '../app-types.ts';

/** Vite names every file under assets/ by a hash of its content: a new build means a new name. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else (the app's page, the service worker, the manifest and its icons) keeps its name
 * across builds, so the browser asks again each time (a 304 when unchanged).
 */
const REVALIDATE = 'no-cache';
/** The build's per-screen pages (web/build/route-pages.ts). */
const PAGES_DIR = 'pages';

/**
 * Serves the built web app (docs/decisions/090-web-delivery.md): the brotli or gzip copy the build
 * wrote beside each file when the browser accepts it (Content-Encoding, Vary: Accept-Encoding),
 * hashed assets cached for a year, and the app's page for every deep link.
 * Returns whether there is a built app to serve.
 */
export async function registerWebApp(app: App, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  const assetsDir = path.join(webDist, HASHED_ASSETS_DIR) + path.sep;
  // wildcard: files are looked up when asked for, so a rebuilt web app is served without a restart.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply, webDist, '/'));
  return true;
}

/** A screen's path: /feeds, /new-location (the router ignores case and a trailing slash). */
const SCREEN_PATH = /^\/([a-z-]+)\/?$/i;

/**
 * The app's page for a path: the build's page for that screen when it wrote one (pages/feeds.html
 * preloads the feed's chunk, pages/login.html holds the drawn sign-in screen: web/build/route-pages.ts),
 * index.html otherwise. Always revalidated: it names the current build's hashed assets.
 */
export function sendAppPage(reply: FastifyReply, webDist: string, urlPath: string) {
  const screen = SCREEN_PATH.exec(urlPath)?.[1]?.toLowerCase();
  const page = screen && existsSync(path.join(webDist, PAGES_DIR, `${screen}.html`)) ? `${PAGES_DIR}/${screen}.html` : 'index.html';
  return reply.header('cache-control', REVALIDATE).sendFile(page, { cacheControl: false });
}
