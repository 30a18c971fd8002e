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
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply));
  return true;
}

/** The app's page is always revalidated: it names the current build's hashed assets. */
export function sendAppPage(reply: FastifyReply) {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html', { cacheControl: false });
}
