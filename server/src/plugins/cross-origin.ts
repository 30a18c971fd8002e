import fastifyCors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import { isSignedMediaUrl } from '../modules/media/media-urls.ts';
import { DEFAULT_AVATAR_URL } from '../modules/users/user-presenter.ts';

/** Every method the API uses; @fastify/cors grants only GET, HEAD and POST unless told. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;

/**
 * Copies a response body with every image URL this server handed out made absolute. Only URLs we
 * made are touched (the default avatar, or a /media URL whose signature is ours), never text that
 * merely starts with "/media/"; bucket URLs are absolute already.
 */
export function absoluteMediaUrls(value: unknown, base: string, secret: string): unknown {
  if (typeof value === 'string') {
    const ours = value.startsWith('/media/') && (value === DEFAULT_AVATAR_URL || isSignedMediaUrl(secret, value));
    return ours ? base + value : value;
  }
  if (Array.isArray(value)) return value.map((v) => absoluteMediaUrls(v, base, secret));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = absoluteMediaUrls(v, base, secret);
    return out;
  }
  return value;
}

/**
 * Whether this response's image URLs are made absolute on the way out: the request comes from an
 * origin of CORS_ORIGINS. Answers kept as bytes (read-cache/ready-answer.ts) are then not used.
 */
export function rewritesMediaUrls(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && request.server.ctx.config.corsOrigins.includes(origin);
}

/**
 * Front-ends on other origins named in CORS_ORIGINS, such as the original client hosted on its
 * own origin (docs/design.md §9). Nothing is registered without them: the app's own pages are
 * same-origin and need no CORS.
 *
 * - Preflights from a listed origin allow every method the API uses, with credentials (the
 *   original client sends create and update_pin with `credentials: 'include'`). Any other
 *   origin gets no CORS header at all, so the browser refuses it.
 * - The original client puts image URLs straight into `<img src>`, which on its origin would
 *   resolve a relative /media URL against its own host. A response to a listed origin therefore
 *   carries absolute image URLs: PUBLIC_URL, else the origin the request reached. Same-origin
 *   requests keep relative URLs (right behind any proxy). The body then depends on Origin, which
 *   the `Vary: Origin` @fastify/cors sends on every response tells caches; API responses are
 *   personal and cached by no shared cache anyway.
 */
export async function registerCrossOrigin(app: App): Promise<void> {
  const { corsOrigins, publicUrl, secretKey } = app.ctx.config;
  if (corsOrigins.length === 0) return;
  const allowed = new Set(corsOrigins);
  const isAllowed = (origin: string | undefined): origin is string => origin !== undefined && allowed.has(origin);

  await app.register(fastifyCors, {
    // false (not a refusal error) for others: no CORS header at all, and their preflights 404.
    origin: (origin, callback) => callback(null, isAllowed(origin) ? origin : false),
    credentials: true,
    methods: [...CORS_METHODS],
    // Paging (Link) and waiting after 429 (Retry-After) are readable by those front-ends too.
    exposedHeaders: ['Link', 'Retry-After'],
    maxAge: 600,
  });

  const publicBase = publicUrl?.replace(/\/+$/, '');
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!rewritesMediaUrls(request) || payload === null || typeof payload !== 'object') return payload;
    return absoluteMediaUrls(payload, publicBase ?? `${request.protocol}://${request.host}`, secretKey);
  });
}
