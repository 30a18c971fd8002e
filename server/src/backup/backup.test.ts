import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pin } from '@memory-map/shared';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryForm } from '../../test/fixtures/memories.ts';
import { makePhoto } from '../../test/fixtures/images.ts';
import { TEST_DIALECT } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import type { App } from '../app-types.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { LocalMediaStore } from '../modules/media/media-store.ts';
import { RATE_LIMITS } from '../plugins/rate-limits.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database URL of a new, empty PostgreSQL database (dropped after the file). */
async function freshPostgres(): Promise<string> {
  const name = `mm_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A server as `npm start` runs it: its own DATA_DIR, its database (SQLite there, or PostgreSQL). */
async function server(): Promise<{ app: App; db: Db; config: Config; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mm-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
  if (TEST_DIALECT === 'postgres') env.DATABASE_URL = await freshPostgres();
  const config = loadConfig(env);
  return { config, dir, ...(await open(config)) };
}

async function open(config: Config): Promise<{ app: App; db: Db }> {
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, logger: false, webDist: path.join(config.dataDir, 'no-web') });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await db.close();
  });
  return { app, db };
}

describe(`backup and restore (${TEST_DIALECT})`, () => {
  it('a backup taken under a write load, restored into a fresh server, has every write acknowledged before it began', async () => {
    const source = await server();
    const reg = await source.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'keeper', email: 'keeper@example.test', password: 'secret!1', confirmPassword: 'secret!1' },
    });
    const auth = { authorization: `Bearer ${reg.json().token}` };
    const photo = await makePhoto();

    // Writers: memories, every third one with a photo, one after another, until told to stop or
    // until they have written as many as the account may create in a minute between them (the
    // limit is real here; a slow backup must not turn the load into refusals).
    const perWriter = Math.floor(RATE_LIMITS.createMemory.max / 2) - 1;
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop && i < perWriter; i++) {
        const res = await source.app.inject({
          method: 'POST',
          url: '/api/create',
          headers: auth,
          payload: memoryForm({ title: `Memory ${n}-${i}`, description: 'Kept.', latitude: '48.85', longitude: '2.35', visibility: '1', locationName: 'Paris' }, i % 3 === 0 ? photo : undefined),
        });
        // Kept, not thrown: a throw here would reject while nobody awaits the writer yet.
        if (res.statusCode !== 201) {
          refused.push(`${res.statusCode} ${res.body}`);
          return;
        }
        acknowledged.push((res.json() as Pin).id);
      }
    };
    const writers = [writer(1), writer(2)];
    while (acknowledged.length < 12 && refused.length === 0) await new Promise((r) => setImmediate(r));
    expect(refused).toEqual([]);

    const before = [...acknowledged];
    const out = path.join(source.dir, '..', `${path.basename(source.dir)}-copy`);
    cleanups.push(() => rmSync(out, { recursive: true, force: true }));
    const lines: string[] = [];
    const manifest = await runBackup({ config: source.config, media: new LocalMediaStore(source.config.mediaDir), out, progress: (l) => lines.push(l) });
    stop = true;
    await Promise.all(writers);
    expect(refused).toEqual([]);

    expect(manifest.database).toBe(TEST_DIALECT);
    expect(lines.some((l) => l.startsWith('database: 100%'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^done: /);
    expect(readFileSync(path.join(out, 'secret.key'), 'utf8').trim()).toBe(source.config.secretKey);

    // Restore into a new DATA_DIR (and a new database).
    const targetDir = mkdtempSync(path.join(tmpdir(), 'mm-restore-'));
    cleanups.push(() => rmSync(targetDir, { recursive: true, force: true }));
    const targetEnv: Record<string, string> = { DATA_DIR: targetDir, LOG_LEVEL: 'silent' };
    if (TEST_DIALECT === 'postgres') targetEnv.DATABASE_URL = await freshPostgres();
    const targetConfig = loadConfig(targetEnv);
    await runRestore({ config: targetConfig, media: new LocalMediaStore(targetConfig.mediaDir), from: out });
    const restored = await open(loadConfig(targetEnv));

    // The same session works there, and every acknowledged memory is there with its photo.
    const ids = new Set<string>();
    let url: string | undefined = '/api/query_feed?limit=100';
    const pins: Pin[] = [];
    while (url) {
      const page = await restored.app.inject({ url, headers: auth });
      expect(page.statusCode).toBe(200);
      for (const pin of page.json() as Pin[]) {
        ids.add(pin.id);
        pins.push(pin);
      }
      const link = page.headers.link as string | undefined;
      url = link ? /^<([^>]+)>/.exec(link)?.[1] : undefined;
    }
    for (const id of before) expect(ids.has(id), id).toBe(true);
    expect(ids.size).toBeGreaterThanOrEqual(before.length);
    // Nothing the backup holds is half-written: every memory in it has its photo, readable.
    for (const pin of pins.filter((p) => p.imageUrl)) {
      const image = await restored.app.inject({ url: new URL(pin.imageUrl!, 'http://x').pathname + new URL(pin.imageUrl!, 'http://x').search });
      expect(image.statusCode, pin.id).toBe(200);
    }
  });

  it('refuses a target that is not empty, saying so, and changes nothing', async () => {
    const source = await server();
    const full = mkdtempSync(path.join(tmpdir(), 'mm-full-'));
    cleanups.push(() => rmSync(full, { recursive: true, force: true }));
    writeFileSync(path.join(full, 'old.txt'), 'older copy');
    await expect(runBackup({ config: source.config, media: new LocalMediaStore(source.config.mediaDir), out: full })).rejects.toThrow(/is not empty/);
    expect(existsSync(path.join(full, 'manifest.json'))).toBe(false);

    const out = path.join(full, 'copy');
    await runBackup({ config: source.config, media: new LocalMediaStore(source.config.mediaDir), out });
    // Restoring over the running server's own data is refused.
    await expect(runRestore({ config: source.config, media: new LocalMediaStore(source.config.mediaDir), from: out })).rejects.toThrow(
      TEST_DIALECT === 'postgres' ? /already has tables/ : /already exists/,
    );
    mkdirSync(path.join(full, 'not-a-backup'));
    await expect(runRestore({ config: source.config, media: new LocalMediaStore(source.config.mediaDir), from: path.join(full, 'not-a-backup') })).rejects.toThrow(
      /is not a backup/,
    );
  });
});
