import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../lib/ids.ts';
import { exportArchive } from './export-archive.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { readZipFile } from '../../../test/fixtures/zip.ts';

/**
 * The export streams: with 2,000 memories and photos (an archive of about 300 MB) the process's
 * resident memory must not grow by anything near the archive's size. The server and the client
 * that saves the download share this process, so buffering on either side would show.
 */
const MEMORIES = 2000;
/** What the whole process may grow by while the archive passes through it. */
const RSS_BUDGET_BYTES = 96 * 1024 * 1024;

let t: TestApp;
let me: TestUser;
let dir: string;
let base: string;
let photos: Buffer[];

/** Noise compresses badly: each photo is ~150 KB however JPEG tries. */
async function noisePhoto(seed: number): Promise<Buffer> {
  const width = 440;
  const height = 440;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

beforeAll(async () => {
  t = await createTestApp();
  me = await t.register('bigexport');
  dir = await mkdtemp(path.join(tmpdir(), 'mm-export-'));
  photos = await Promise.all([1, 2, 3, 4].map(noisePhoto));
  // Rows and files made directly: this test is about the export, not about uploading.
  const at = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < MEMORIES; i++) {
    const id = uuidv7(Date.now() - (MEMORIES - i));
    const key = `pins/${id}.jpg`;
    await t.app.ctx.media.put(key, photos[i % photos.length]!, 'image/jpeg');
    rows.push({
      id,
      author_id: me.id,
      title: `Memory number ${i}`,
      description: 'A day worth keeping, with a story long enough to be a real one. '.repeat(3),
      latitude: ((i * 7) % 170) - 85,
      longitude: ((i * 13) % 350) - 175,
      location_name: 'Somewhere, Earth',
      photos: JSON.stringify([{ id, key, width: null, height: null }]),
      visibility: (i % 3) + 1,
      created_at: at,
      updated_at: at,
    });
  }
  for (let i = 0; i < rows.length; i += 250) await t.db.kysely.insertInto('pins').values(rows.slice(i, i + 250)).execute();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, { headers }, resolve).on('error', reject));
}

async function body(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('GET /api/export of a large account', () => {
  it('streams ~300 MB through flat memory, one download at a time, and the archive is whole', async () => {
    const file = path.join(dir, 'export.zip');
    const res = await get(`${base}/api/export`, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');

    // A second download while the first is running is refused with a clear message.
    const second = await get(`${base}/api/export`, me.auth);
    expect(second.statusCode).toBe(429);
    expect(JSON.parse(await body(second))).toEqual({ error: 'Your data is already being downloaded. Wait for that download to finish.' });

    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    let received = 0;
    res.on('data', (chunk: Buffer) => {
      received += chunk.length;
      const rss = process.memoryUsage.rss();
      if (rss > peak) peak = rss;
    });
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file);
      res.pipe(out);
      out.on('finish', resolve);
      out.on('error', reject);
      res.on('error', reject);
    });

    const size = (await stat(file)).size;
    expect(size).toBe(received);
    const growth = peak - baseline;
    console.info(`export: ${(size / 1048576).toFixed(0)} MB archive, RSS ${(baseline / 1048576).toFixed(0)} → peak ${(peak / 1048576).toFixed(0)} MB (+${(growth / 1048576).toFixed(1)} MB)`);
    // The archive is several times what memory may grow by: holding it would fail this.
    expect(size).toBeGreaterThan(2.5 * RSS_BUDGET_BYTES);
    expect(growth).toBeLessThan(RSS_BUDGET_BYTES);

    // Whole and correct: every photo, the lists, and the bytes of a few photos.
    const { names, files } = await readZipFile(file, (name) => name.endsWith('.json') || name.endsWith('.geojson') || /photos\/.*[0-3]\.jpg$/.test(name));
    expect(names.filter((n) => n.startsWith('photos/'))).toHaveLength(MEMORIES);
    expect(names.filter((n) => !n.startsWith('photos/')).sort()).toEqual(['conversation.json', 'friends.json', 'memories.geojson', 'memories.json', 'profile.json']);
    const memories = JSON.parse(files.get('memories.json')!.toString('utf8')) as Array<{ id: string; photo: string }>;
    expect(memories).toHaveLength(MEMORIES);
    expect(JSON.parse(files.get('memories.geojson')!.toString('utf8')).features).toHaveLength(MEMORIES);
    let checked = 0;
    for (const [name, bytes] of files) {
      if (!name.startsWith('photos/')) continue;
      const id = name.slice('photos/'.length, -'.jpg'.length);
      expect(bytes.equals(await readFile(path.join(t.config.mediaDir, 'pins', `${id}.jpg`))), name).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);

    // The download is over, so the next one may start.
    const again = await get(`${base}/api/export`, me.auth);
    expect(again.statusCode).toBe(200);
    again.destroy();
  }, 180_000);

  it('stops reading the database and the store when the client goes away', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...a: unknown[]) => warnings.push(a), error: (...a: unknown[]) => warnings.push(a) };
    const archive = exportArchive(t.app.ctx, me.id, log);
    // Take the first chunk, then go away as a closed connection does.
    await new Promise<void>((resolve) => archive.stream.once('data', () => resolve()));
    archive.stream.destroy();
    await expect(archive.done).rejects.toThrow('the download was closed');
    // A closed download is not an error worth a log line.
    expect(warnings).toEqual([]);
  });
});
