import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { appPageFor, FIRST_PAINT_SCRIPT } from '@memory-map/shared';
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

/**
 * Outside assets/, a file whose name carries a content hash the way webpack and Create React App
 * write it (`main.8f3a2b1c.js`, `2.a1b2c3d4.chunk.css`, `logo.5d5d9eef.svg`): another build served
 * with WEB_DIST (the original client) changes those names with their content too, so they may be
 * kept as long as ours. Eight or more hex digits between two dots; no plain name looks like that.
 */
const FOREIGN_HASHED_NAME = /\.[0-9a-f]{8,}(\.chunk)?\.[a-z0-9]+$/;

export function isImmutableFile(filePath: string, assetsDir: string): boolean {
  return filePath.startsWith(assetsDir) || FOREIGN_HASHED_NAME.test(path.basename(filePath));
}

/**
 * Serves the built web app (docs/decisions/090-web-delivery.md): the brotli or gzip copy the build
 * wrote beside each file when the browser accepts it (Content-Encoding, Vary: Accept-Encoding),
 * hashed assets cached for a year, and the app's page for every deep link.
 * Returns whether there is a built app to serve.
 */
export async function registerWebApp(app: App, webDist: string): Promise<boolean> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const html = readFileSync(indexHtml, 'utf8');
  // Only a page with inline scripts can be ours from another version. A page with none at all is
  // another app altogether (the original client): nothing is refused, nothing to say each start.
  if (hasInlineScript(html) && !carriesFirstPaintScript(html)) {
    app.log.error(
      `${indexHtml} was built with another first-paint script than this server allows by hash: browsers will refuse it (the chosen colour scheme and the early redirects come only once the app runs). Build the web app and the server from the same version and restart.`,
    );
  }
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
      reply.header('cache-control', isImmutableFile(filePath, assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply, webDist, '/'));
  return true;
}

/**
 * Whether a built page carries the very first-paint script the content policy allows by its hash
 * (server/src/plugins/security-headers.ts; docs/decisions/090-web-delivery.md). A web app built
 * from another version, or rebuilt with a changed script while this server runs, does not.
 */
export function hasInlineScript(html: string): boolean {
  return /<script(?![^>]*\bsrc\s*=)[^>]*>\s*\S/i.test(html);
}

export function carriesFirstPaintScript(html: string): boolean {
  return html.includes(`<script>${FIRST_PAINT_SCRIPT}</script>`);
}

/**
 * The app's page for a path: the build's page for that screen when it wrote one (pages/feeds.html
 * preloads the feed's chunk, pages/login.html holds the drawn sign-in screen: web/build/route-pages.ts),
 * index.html otherwise; the service worker picks the same way (appPageFor, shared). Always
 * revalidated: it names the current build's hashed assets.
 */
export function sendAppPage(reply: FastifyReply, webDist: string, urlPath: string) {
  const screenPage = appPageFor(urlPath);
  const page = screenPage && existsSync(path.join(webDist, screenPage)) ? screenPage : 'index.html';
  return reply.header('cache-control', REVALIDATE).sendFile(page, { cacheControl: false });
}
