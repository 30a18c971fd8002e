import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_SCRIPT } from '@memory-map/shared';
import { buildApp } from './app.ts';
import { carriesFirstPaintScript, hasInlineScript } from './plugins/web-app.ts';
import type { App } from './app-types.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { createTestDb } from '../test/test-db.ts';

const BIG_JS = `export const words = ${JSON.stringify('memory map '.repeat(500))};`;

describe('serving the built web app', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-web-'));
  const webDist = path.join(dir, 'dist');
  let app: App;
  let db: Db;
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Memory Map</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    // The build writes brotli and gzip copies beside its text files (web/build/precompress.ts).
    writeFileSync(path.join(webDist, 'assets', 'big-1.js'), BIG_JS);
    writeFileSync(path.join(webDist, 'assets', 'big-1.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(path.join(webDist, 'assets', 'big-1.js.gz'), gzipSync(BIG_JS));
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Memory Map' }));
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    // What a foreign build (the original client, Create React App) names by content.
    mkdirSync(path.join(webDist, 'static', 'js'), { recursive: true });
    writeFileSync(path.join(webDist, 'static', 'js', 'main.8f3a2b1c.js'), 'console.log(2)');
    writeFileSync(path.join(webDist, 'static', 'js', '2.a1b2c3d4.chunk.js'), 'console.log(3)');
    writeFileSync(path.join(webDist, 'favicon.ico'), 'icon');
    // The build's page per screen (web/build/route-pages.ts).
    mkdirSync(path.join(webDist, 'pages'));
    writeFileSync(path.join(webDist, 'pages', 'login.html'), '<!doctype html><title>Memory Map</title><h1>Log In</h1>');
    writeFileSync(path.join(webDist, 'pages', 'feeds.html'), '<!doctype html><title>Memory Map</title><link rel="modulepreload" href="/assets/feeds-1.js">');
    db = await createTestDb();
    app = await buildApp({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), db, logger: false, webDist });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers deep links with the app, uncached', async () => {
    for (const url of ['/', '/friends', '/memory/update?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Memory Map</title>');
    }
    expect((await app.inject({ url: '/friends' })).headers['cache-control']).toBe('no-cache');
  });

  it("answers a screen's path with the build's page for that screen, and any other path with index.html", async () => {
    for (const url of ['/login', '/Login/', '/login?next=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<h1>Log In</h1>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject({ url: '/feeds' })).body).toContain('feeds-1.js');
    for (const url of ['/', '/friends', '/memory/update', '/no-such-screen']) {
      expect((await app.inject({ url })).body, url).toBe('<!doctype html><title>Memory Map</title>');
    }
  });

  it('serves files, including ones added after start (a rebuild without a restart)', async () => {
    expect((await app.inject({ url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    const late = await app.inject({ url: '/assets/app-2.js' });
    expect(late.statusCode).toBe(200);
    expect(late.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing file with 404, never with the app page', async () => {
    for (const url of ['/assets/gone-123.js', '/icon-512.png', '/api/nope', '/media/pins/x.webp']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^text\/html/);
    }
  });

  it('sends the brotli or gzip copy the browser accepts, and says which', async () => {
    const br = await app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);
  });

  it('lets browsers keep hashed assets for a year, and revalidate everything that keeps its name', async () => {
    for (const url of ['/assets/app-1.js', '/assets/big-1.js']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/login', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("lets browsers keep a foreign build's content-named files for a year too, and nothing else of it", async () => {
    for (const url of ['/static/js/main.8f3a2b1c.js', '/static/js/2.a1b2c3d4.chunk.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    expect((await app.inject({ url: '/favicon.ico' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD on an app page as GET, without the body (uptime checkers)', async () => {
    for (const url of ['/', '/friends', '/login']) {
      const get = await app.inject({ url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('tells a page of another app (no inline script at all) from one of ours built with another script', () => {
    expect(hasInlineScript('<head><script src="/static/js/main.8f3a2b1c.js"></script><script defer src="/x.js"></script>')).toBe(false);
    expect(hasInlineScript('<head><script>var a = 1</script>')).toBe(true);
    expect(hasInlineScript(`<head><script type="module">${FIRST_PAINT_SCRIPT}</script>`)).toBe(true);
  });

  it('serves the web app manifest as one', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({ name: 'Memory Map' });
  });

  it('tells a page with the first-paint script the content policy allows from one built with another', () => {
    expect(carriesFirstPaintScript(`<head><script>${FIRST_PAINT_SCRIPT}</script><title>Memory Map</title>`)).toBe(true);
    expect(carriesFirstPaintScript(`<head><script>${FIRST_PAINT_SCRIPT.replace('mm-color-scheme', 'mm-scheme')}</script>`)).toBe(false);
  });
});
