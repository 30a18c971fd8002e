import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../app-types.ts';

/**
 * Image URLs are capabilities: `/media/<key>?exp=<unix seconds>&sig=<hmac>`. Only a viewer who may
 * see the memory is ever handed one, and it stops working at `exp`. Expiries are rounded up to
 * the next window so the same image keeps the same URL for a while and stays cacheable.
 */
export const MEDIA_URL_WINDOW_SECONDS = 6 * 60 * 60;
/** A URL lives at least this long after it is handed out (and at most one window more). */
export const MEDIA_URL_MIN_LIFETIME_SECONDS = 6 * 60 * 60;

function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
}

/** Unix seconds at which a URL handed out at `nowMs` expires: the same for a whole window. */
export function mediaUrlExpiry(nowMs: number): number {
  const earliest = Math.floor(nowMs / 1000) + MEDIA_URL_MIN_LIFETIME_SECONDS;
  return Math.ceil(earliest / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS;
}

/**
 * Names the signing window of `nowMs`: two moments with the same name get the same URL for every
 * key (the expiry, and the bucket's signing time, are functions of it). A cache of presented
 * pins keys on it, so it never serves a URL other than the one signing now would give.
 */
export function mediaUrlWindow(nowMs: number): string {
  const signedAt = Math.floor(nowMs / 1000 / MEDIA_URL_WINDOW_SECONDS);
  return `${signedAt}:${mediaUrlExpiry(nowMs)}`;
}

export function signMediaUrl(secret: string, key: string, nowMs: number = Date.now()): string {
  const exp = mediaUrlExpiry(nowMs);
  return `/media/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/**
 * The URL to hand a viewer who may see the image: the bucket's own presigned URL when the store
 * has one (the bytes then never pass through us), else our signed /media URL. Both are signed at
 * the start of the current window so every viewer in it gets the same, cacheable URL.
 */
export async function mediaUrl(
  ctx: Pick<AppContext, 'config' | 'media'>,
  key: string,
  nowMs: number = Date.now(),
): Promise<string> {
  if (ctx.media.presignedUrl) {
    const exp = mediaUrlExpiry(nowMs);
    const signedAt = Math.floor(nowMs / 1000 / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS;
    return ctx.media.presignedUrl(key, new Date(signedAt * 1000), exp - signedAt);
  }
  return signMediaUrl(ctx.config.secretKey, key, nowMs);
}

export type MediaUrlCheck = 'ok' | 'expired' | 'invalid';

export function verifyMediaUrl(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number = Date.now(),
): MediaUrlCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
}

const SIGNED_PATH_RE = /^\/media\/([^?#]+)\?exp=(\d{1,12})&sig=([A-Za-z0-9_-]+)$/;

/** Whether `url` is a /media URL this server signed (expired or not), as signMediaUrl writes them. */
export function isSignedMediaUrl(secret: string, url: string): boolean {
  const match = SIGNED_PATH_RE.exec(url);
  return match !== null && verifyMediaUrl(secret, match[1]!, match[2], match[3], 0) !== 'invalid';
}
