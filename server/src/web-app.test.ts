import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { App } from './app-types.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { createTestDb } from '../test/test-db.ts';

describe('serving the built web app', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-web-'));
  const webDist = path.join(dir, 'dist');
  let app: App;
  let db: Db;
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Memory Map</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
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
});
