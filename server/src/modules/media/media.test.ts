import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasGpsIfd, makePhoto, makePixelBomb } from '../../../test/fixtures/images.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../app-types.ts';
import { processImage, thumbKeyOf } from './images.ts';
import { LocalMediaStore, type MediaStore } from './media-store.ts';
import {
  MEDIA_URL_MIN_LIFETIME_SECONDS,
  MEDIA_URL_WINDOW_SECONDS,
  mediaUrl,
  mediaUrlExpiry,
  signMediaUrl,
  verifyMediaUrl,
} from './media-urls.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const SECRET = 'a-test-secret-that-is-long-enough-1234';
const KEY = 'pins/01890000-0000-7000-8000-000000000001.webp';
const T0 = Date.UTC(2030, 0, 1, 7, 15, 0);

const parts = (url: string) => {
  const u = new URL(url, 'http://x');
  return { key: u.pathname.replace(/^\/media\//, ''), exp: u.searchParams.get('exp') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
};

describe('signed media URLs', () => {
  it('sign and verify round-trip, with an expiry at least the minimum lifetime away', () => {
    const url = signMediaUrl(SECRET, KEY, T0);
    expect(url).toMatch(new RegExp(`^/media/${KEY}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const { key, exp, sig } = parts(url);
    expect(key).toBe(KEY);
    const lifetime = Number(exp) - T0 / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(MEDIA_URL_MIN_LIFETIME_SECONDS);
    expect(lifetime).toBeLessThanOrEqual(MEDIA_URL_MIN_LIFETIME_SECONDS + MEDIA_URL_WINDOW_SECONDS);
    expect(verifyMediaUrl(SECRET, KEY, exp, sig, T0)).toBe('ok');
    expect(verifyMediaUrl(SECRET, KEY, exp, sig, Number(exp) * 1000)).toBe('ok');
    expect(verifyMediaUrl(SECRET, KEY, exp, sig, Number(exp) * 1000 + 1)).toBe('expired');
  });

  it('hands out the same URL for a whole window, so browsers can cache it', () => {
    const windowStart = Math.floor(T0 / 1000 / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS * 1000;
    const a = signMediaUrl(SECRET, KEY, windowStart + 1000);
    const b = signMediaUrl(SECRET, KEY, windowStart + MEDIA_URL_WINDOW_SECONDS * 1000 - 1000);
    const c = signMediaUrl(SECRET, KEY, windowStart + MEDIA_URL_WINDOW_SECONDS * 1000 + 1000);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(mediaUrlExpiry(windowStart + 1000) % MEDIA_URL_WINDOW_SECONDS).toBe(0);
  });

  it('refuses a bare, tampered, re-targeted or foreign-secret URL', () => {
    const { exp, sig } = parts(signMediaUrl(SECRET, KEY, T0));
    expect(verifyMediaUrl(SECRET, KEY, undefined, undefined, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, exp, undefined, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, undefined, sig, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, String(Number(exp) + 1), sig, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, `${exp}0`, sig, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, '1e12', sig, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, exp, `${sig!.startsWith('A') ? 'B' : 'A'}${sig!.slice(1)}`, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, KEY, exp, `${sig}x`, T0)).toBe('invalid');
    expect(verifyMediaUrl(SECRET, thumbKeyOf(KEY), exp, sig, T0)).toBe('invalid');
    expect(verifyMediaUrl(`${SECRET}-other`, KEY, exp, sig, T0)).toBe('invalid');
  });
});

describe('mediaUrl: the URL handed to a viewer', () => {
  const config = { secretKey: SECRET } as AppContext['config'];

  it('is our signed /media URL when the store serves no URLs of its own', async () => {
    const ctx = { config, media: new LocalMediaStore(tmpdir()) };
    expect(await mediaUrl(ctx, KEY, T0)).toBe(signMediaUrl(SECRET, KEY, T0));
  });

  it('is the store’s presigned URL when it has one, signed at the window start so it stays stable', async () => {
    const calls: [string, Date, number][] = [];
    const media: MediaStore = {
      put: async () => {},
      get: async () => null,
      delete: async () => {},
      presignedUrl: async (key, signedAt, expiresIn) => {
        calls.push([key, signedAt, expiresIn]);
        return `https://bucket.example/${key}?at=${signedAt.getTime()}&ttl=${expiresIn}`;
      },
    };
    const first = await mediaUrl({ config, media }, KEY, T0);
    const later = await mediaUrl({ config, media }, KEY, T0 + 60_000);
    expect(first).toBe(later);
    const [key, signedAt, expiresIn] = calls[0]!;
    expect(key).toBe(KEY);
    expect(signedAt.getTime()).toBeLessThanOrEqual(T0);
    expect((signedAt.getTime() / 1000) % MEDIA_URL_WINDOW_SECONDS).toBe(0);
    // It expires exactly when our own signed URL would.
    expect(signedAt.getTime() / 1000 + expiresIn).toBe(mediaUrlExpiry(T0));
  });

  it('works with the S3 store: a presigned GET that ends when our URL would, identical within a window', async () => {
    const store = createS3MediaStore({
      bucket: 'memories',
      region: 'us-east-1',
      endpoint: 'https://s3.example.test',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: true,
    });
    const ctx = { config, media: store };
    const url = new URL(await mediaUrl(ctx, KEY, T0));
    expect(url.origin + url.pathname).toBe(`https://s3.example.test/memories/${KEY}`);
    const signedAt = url.searchParams.get('X-Amz-Date')!;
    const signedAtMs = Date.UTC(+signedAt.slice(0, 4), +signedAt.slice(4, 6) - 1, +signedAt.slice(6, 8), +signedAt.slice(9, 11), +signedAt.slice(11, 13), +signedAt.slice(13, 15));
    expect(signedAtMs / 1000 + Number(url.searchParams.get('X-Amz-Expires'))).toBe(mediaUrlExpiry(T0));
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await mediaUrl(ctx, KEY, T0 + 30_000)).toBe(url.toString());
    await expect(store.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Refusing/);
  });
});

describe('the configured media store', () => {
  it('is the S3 bucket when S3_BUCKET is set: the app hands out presigned bucket URLs', async () => {
    const s3 = await createTestApp({
      S3_BUCKET: 'memories',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    });
    try {
      expect(s3.app.ctx.media.presignedUrl).toBeTypeOf('function');
      const url = new URL(await mediaUrl(s3.app.ctx, KEY, T0));
      expect(url.origin + url.pathname).toBe(`https://s3.example.test/memories/${KEY}`);
    } finally {
      await s3.close();
    }
  });
});

describe('processImage', () => {
  it('strips every metadata block, GPS included, and re-encodes as JPEG', async () => {
    const source = await makePhoto();
    expect(hasGpsIfd((await sharp(source).metadata()).exif)).toBe(true);
    const out = await processImage(source, 'pins');
    for (const bytes of [out.image, out.thumbnail]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
    }
    expect(out.key).toMatch(/^pins\/[0-9a-f-]{36}\.jpg$/);
    expect(out.thumbKey).toBe(thumbKeyOf(out.key));
  });

  it('flattens transparency onto white (JPEG has none)', async () => {
    const clear = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const out = await processImage(clear, 'pins');
    const { data, info } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([data[0], data[1], data[2]].every((v) => v! > 245)).toBe(true);
  });

  it('applies the orientation and fits the longest side within 2048', async () => {
    const out = await processImage(await makePhoto({ width: 3000, height: 1200, orientation: 6 }), 'pins');
    expect([out.width, out.height]).toEqual([819, 2048]);
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([819, 2048]);
    const thumb = await sharp(out.thumbnail).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 320]);
  });

  it('crops avatars to a 512 square', async () => {
    const out = await processImage(await makePhoto({ width: 1600, height: 900 }), 'avatars');
    expect(out.key).toMatch(/^avatars\//);
    expect([out.width, out.height]).toEqual([512, 512]);
  });

  it('refuses what is not an image (415) and a decompression bomb (413)', async () => {
    await expect(processImage(Buffer.from('<svg onload=alert(1)>'), 'pins')).rejects.toMatchObject({ statusCode: 415 });
    await expect(processImage(Buffer.from('GIF89a-not-really'), 'pins')).rejects.toMatchObject({ statusCode: 415 });
    await expect(processImage(Buffer.alloc(0), 'pins')).rejects.toMatchObject({ statusCode: 415 });
    await expect(processImage(await makePixelBomb(), 'pins')).rejects.toMatchObject({
      statusCode: 413,
      message: 'The image has too many pixels (at most 100 megapixels)',
    });
  });
});

describe('LocalMediaStore', () => {
  let root: string;
  let store: LocalMediaStore;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'mm-media-'));
    store = new LocalMediaStore(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes by key, leaving no temporary file', async () => {
    await store.put(KEY, Buffer.from('bytes'), 'image/webp');
    expect(readdirSync(path.join(root, 'pins'))).toEqual([path.basename(KEY)]);
    const got = await store.get(KEY);
    expect(got).toMatchObject({ size: 5, contentType: 'image/webp' });
    expect(await text(got!.body)).toBe('bytes');
    await store.delete(KEY);
    expect(existsSync(path.join(root, KEY))).toBe(false);
    expect(await store.get(KEY)).toBeNull();
    await store.delete(KEY);
  });

  it('refuses keys it did not make: no path escapes the media folder', async () => {
    for (const key of ['../secret.key', 'pins/../../secret.key', '/etc/passwd', 'pins/x.webp', 'other/01890000-0000-7000-8000-000000000001.webp']) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Refusing/);
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
    }
  });
});

describe('GET /media/*', () => {
  let t: TestApp;
  let key: string;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    const out = await processImage(await makePhoto({ width: 64, height: 48 }), 'pins');
    key = out.key;
    await t.app.ctx.media.put(out.key, out.image, out.contentType);
    url = signMediaUrl(t.config.secretKey, key);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves the bytes with their type, a private cache lifetime up to the expiry, and an ETag', async () => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(64);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers['cache-control'] as string)?.[1]);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Math.abs(maxAge - (exp - Date.now() / 1000))).toBeLessThan(5);
    expect(res.headers.etag).toMatch(/^"[a-z0-9]+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a bare or tampered URL with 403 and says why', async () => {
    const { exp, sig } = parts(url);
    for (const bad of [`/media/${key}`, `/media/${key}?exp=${exp}`, `/media/${key}?exp=${Number(exp) + 60}&sig=${sig}`, `/media/${key}?exp=${exp}&sig=${sig!.startsWith('A') ? 'B' : 'A'}${sig!.slice(1)}`]) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ error: 'This image link is not valid' });
    }
  });

  it('refuses an expired URL with 403 once the clock passes its expiry', async () => {
    const exp = Number(parts(url).exp);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000 - 1000);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000 + 1000);
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This image link has expired. Reload the page to get a new one.' });
  });

  it('answers 404 for keys that are not ours and for a signed key whose file is gone', async () => {
    for (const bad of ['/media/secret.key', '/media/pins/..%2F..%2Fsecret.key', '/media/pins/nope.webp']) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(404);
    }
    const gone = signMediaUrl(t.config.secretKey, 'pins/01890000-0000-7000-8000-00000000dead.webp');
    const res = await t.app.inject({ url: gone });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Image not found' });
  });

  it('serves the default avatar to anyone', async () => {
    const res = await t.app.inject({ url: '/media/default-avatar.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
