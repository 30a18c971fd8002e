import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIRST_PAINT_SCRIPT, TILE_CONNECT_SOURCES } from '@memory-map/shared';
import helmet from 'helmet';
import type { App } from '../app-types.ts';

/**
 * The one inline script our pages carry, allowed by its hash: it applies the chosen colour scheme
 * and sends a visitor to the right screen before the first paint (docs/decisions/090-web-delivery.md).
 * The web build writes the same text from the same module (shared/src/first-paint.ts); any other
 * inline script stays refused (no 'unsafe-inline').
 */
export const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/**
 * Helmet's defaults with a policy for our pages: everything from us, map tiles from anywhere.
 * Over plain http (a self-hosted instance opened as http://192.168.1.20:3000 from a phone) there
 * is no upgrade-insecure-requests and no HSTS: browsers would rewrite the app's own requests to
 * an https that does not exist, and the page would not load.
 */
function helmetOptions(https: boolean): Parameters<typeof helmet>[0] {
  return {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        // Map tiles are the one thing loaded from elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_SOURCE],
        // The service worker fetches map tiles itself to keep them for offline use (design §15).
        connectSrc: ["'self'", ...TILE_CONNECT_SOURCES],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/** The headers helmet sets for these options, found by running its middleware once. */
function helmetHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(https))({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The same security headers on every response. They do not depend on the request, so they are
 * computed once: @fastify/helmet rebuilds helmet's whole configuration on every request, which
 * cost more than a feed page's signed URLs.
 */
export function registerSecurityHeaders(app: App): void {
  const overHttps = helmetHeaders(true);
  const overHttp = helmetHeaders(false);
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol reads X-Forwarded-Proto when TRUST_PROXY is on.
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
    done();
  });
}
