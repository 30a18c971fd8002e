import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../../scripts/lib/child-server.ts';
import { auditMedia } from '../../scripts/lib/media-audit.ts';
import { openPostgres, openSqlite, type Db } from '../src/db/database.ts';
import { makePhoto } from './fixtures/images.ts';
import { defaultMemory, keyOf, memoryForm } from './fixtures/memories.ts';
import { TEST_DIALECT } from './test-db.ts';

/**
 * kill -9 in the middle of uploads, on the real server in its own process: memories created
 * with a photo, a photo replaced, a photo removed, a memory deleted and a profile picture
 * replaced, all stopped at their worst moment (fixtures/hold-media-writes.ts) and then killed.
 * After a restart the media folder must match the rows exactly: no file that no row uses, no
 * temporary file, and every file a row uses.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const HOLD = path.join(import.meta.dirname, 'fixtures', 'hold-media-writes.ts');

let dataDir: string;
let schema: string | undefined;
const env: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mm-crash-'));
  env.DATA_DIR = dataDir;
  // Each test user gets its own address (X-Forwarded-For), as the sign-up limit is per address.
  env.TRUST_PROXY = 'true';
  if (TEST_DIALECT === 'postgres') {
    schema = `crash_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE SCHEMA ${schema}`);
    env.DATABASE_URL = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) await adminQuery(`DROP SCHEMA ${schema} CASCADE`);
});

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function openDb(): Db {
  return schema ? openPostgres(PG_URL, { searchPath: schema, max: 1 }) : openSqlite(path.join(dataDir, 'memory-map.sqlite'));
}

interface User {
  id: string;
  headers: Record<string, string>;
}

function client(server: ChildServer) {
  let n = 0;
  const call = async (method: string, url: string, headers: Record<string, string>, body?: FormData | object) => {
    const res = await fetch(server.url + url, {
      method,
      headers: body instanceof FormData || body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    call,
    async register(): Promise<User> {
      n += 1;
      const name = `crash${n}_${randomBytes(3).toString('hex')}`;
      const address = `10.9.${n}.1`;
      const res = await call('POST', '/api/register', { 'x-forwarded-for': address }, {
        username: name,
        email: `${name}@example.test`,
        password: 'secret!1',
        confirmPassword: 'secret!1',
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
      const user = res.body.user as { _id: string };
      return { id: user._id, headers: { authorization: `Bearer ${String(res.body.token)}`, 'x-forwarded-for': address } };
    },
    create: (u: User, fields: Record<string, string>, image?: Buffer | Buffer[]) =>
      call('POST', '/api/create', u.headers, memoryForm({ ...defaultMemory, ...fields }, image)),
    update: (u: User, fields: Record<string, string>, image?: Buffer) => call('PUT', '/api/update_pin', u.headers, memoryForm(fields, image)),
    remove: (u: User, pinId: string) => call('DELETE', '/api/delete', u.headers, { pinId }),
    picture(u: User, image: Buffer) {
      const form = new FormData();
      form.append('profilePicture', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
      return call('POST', '/api/profile/upload-profile-picture', u.headers, form);
    },
  };
}

/** Resolves once the child has reported every hold the test waits for. */
function holds(server: ChildServer, expected: { renames: number; deletes: string[] }) {
  const renamed = new Set<string>();
  const deleted = new Set<string>();
  return new Promise<void>((resolve, reject) => {
    server.process.once('exit', () => reject(new Error(`the server exited while the test waited for its holds:\n${server.stderr()}`)));
    server.process.on('message', (message: { held?: string; path?: string }) => {
      if (message.held === 'rename') renamed.add(message.path!);
      if (message.held === 'delete') deleted.add(path.relative(path.join(dataDir, 'media'), message.path!).replace('-thumb', ''));
      if (renamed.size >= expected.renames && expected.deletes.every((key) => deleted.has(key))) resolve();
    });
  });
}

describe(`kill -9 in the middle of uploads (${TEST_DIALECT})`, () => {
  it('leaves, after a restart, no orphan file, no temporary file, and every file a row uses', { timeout: 120_000 }, async () => {
    const photo = await makePhoto({ width: 640, height: 480 });
    const first = await startChildServer({ env, preload: [HOLD], ipc: true });
    // Each held request ends when the server dies: its outcome is collected, never left unhandled.
    const writers: Promise<'answered' | 'cut off'>[] = [];
    const hold = (request: Promise<unknown>) => writers.push(request.then(() => 'answered' as const, () => 'cut off' as const));
    let kept: { p1: string; p1Key: string; p2: string; p3: string; p4: string; u1: User; u4: User; plain: string; u4Picture: string };
    try {
      const api = client(first);
      const [u1, u2, u3, u4] = [await api.register(), await api.register(), await api.register(), await api.register()];
      const pins = [];
      for (let i = 0; i < 3; i++) pins.push(await api.create(u1, { title: `Kept ${i}` }, photo));
      expect(pins.map((p) => p.status)).toEqual([201, 201, 201]);
      const [p1, p2, p3] = pins.map((p) => p.body as { id: string; imageUrl: string });
      const avatar = await api.picture(u1, photo);
      expect(avatar.status).toBe(200);
      // A memory with three photos (docs/design.md §12): one intent names all of them.
      const three = await api.create(u1, { title: 'Three photos' }, [photo, photo, photo]);
      expect(three.status).toBe(201);
      const p4 = three.body as { id: string; images: { url: string }[] };
      expect(p4.images).toHaveLength(3);

      const armed = new Promise((resolve) => first.process.once('message', resolve));
      first.process.send!('arm');
      await armed;
      const held = holds(first, {
        renames: 8,
        deletes: [keyOf(p2!.imageUrl), keyOf(p3!.imageUrl), keyOf(avatar.body.profilePicture as string), ...p4.images.map((i) => keyOf(i.url))],
      });
      // Six new memories with a photo and one photo replaced stop before their rows commit.
      for (const u of [u2, u3]) for (let i = 0; i < 3; i++) hold(api.create(u, { title: 'Held' }, photo));
      hold(api.update(u1, { pinId: p1!.id, title: 'Held', description: 'd', visibility: '1' }, photo));
      // A photo removed, a memory deleted and a profile picture replaced stop after theirs.
      hold(api.update(u1, { pinId: p2!.id, title: 'No photo', description: 'd', visibility: '1', removeImage: 'true' }));
      hold(api.remove(u1, p3!.id));
      hold(api.picture(u1, photo));
      // Three photos at once: stopped while the first is written; a three-photo memory deleted.
      hold(api.create(u4, { title: 'Held' }, [photo, photo, photo]));
      hold(api.remove(u1, p4.id));
      // Meanwhile the server still serves writes that touch no file, and a first picture.
      const plain = await api.create(u4, { title: 'Plain' });
      expect(plain.status).toBe(201);
      const u4Picture = await api.picture(u4, photo);
      expect(u4Picture.status).toBe(200);
      await held;
      kept = {
        p1: p1!.id,
        p1Key: keyOf(p1!.imageUrl),
        p2: p2!.id,
        p3: p3!.id,
        p4: p4.id,
        u1: u1!,
        u4: u4!,
        plain: (plain.body as { id: string }).id,
        u4Picture: keyOf(u4Picture.body.profilePicture as string),
      };
    } finally {
      await first.kill9();
    }
    // The requests held in the server die with it.
    expect(await Promise.all(writers)).toEqual(Array(12).fill('cut off'));

    const second = await startChildServer({ env });
    try {
      const api = client(second);
      const feed = await api.call('GET', '/api/query_feed', kept.u1.headers);
      const byId = new Map((feed.body as unknown as { id: string; title: string; imageUrl: string | null }[]).map((p) => [p.id, p]));
      // Before its commit: the photo replacement never happened. After it: done.
      expect(byId.get(kept.p1)).toMatchObject({ title: 'Kept 0' });
      expect(keyOf(byId.get(kept.p1)!.imageUrl)).toBe(kept.p1Key);
      expect(byId.get(kept.p2)).toMatchObject({ title: 'No photo', imageUrl: null });
      expect(byId.has(kept.p3)).toBe(false);
      expect(byId.has(kept.p4)).toBe(false);
      const image = await fetch(second.url + byId.get(kept.p1)!.imageUrl!);
      expect(image.status).toBe(200);
    } finally {
      await second.stop();
    }

    const db = openDb();
    try {
      const audit = await auditMedia(path.join(dataDir, 'media'), db.kysely);
      expect(audit.orphans).toEqual([]);
      expect(audit.temporary).toEqual([]);
      expect(audit.missing).toEqual([]);
      // Kept 0's photo and two profile pictures, each with its thumbnail.
      expect([audit.rows, audit.files]).toEqual([3, 6]);
      const held = await db.kysely.selectFrom('pins').select('id').where('title', '=', 'Held').execute();
      expect(held).toEqual([]);
      expect(await db.kysely.selectFrom('pins').select('id').where('id', '=', kept.plain).execute()).toHaveLength(1);
      const u4 = await db.kysely.selectFrom('users').select('profile_picture').where('id', '=', kept.u4.id).executeTakeFirst();
      expect(u4?.profile_picture).toBe(kept.u4Picture);
    } finally {
      await db.close();
    }
  });
});
