import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MapResponse } from '@memory-map/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../scripts/bench.ts';
import { SERVE_NODE_FLAGS } from '../../scripts/lib/bench-process.ts';
import { SEED_PASSWORD } from '../../scripts/lib/seed-core.ts';
import { runSeed, sqliteFile, type SeedTarget } from '../../scripts/seed.ts';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app-types.ts';
import { loadConfig } from '../src/config.ts';
import { openSqlite, type Db } from '../src/db/database.ts';
import { verifyPassword } from '../src/modules/sessions/passwords.ts';
import { createTestDb, TEST_DIALECT } from './test-db.ts';

/**
 * The seed and bench scripts at tiny sizes: they run, the data has the promised shape, and the
 * map's bulk-filled cells give the same counts as the memories a viewer may see.
 */
const USERS = 20;
/** Enough that every viewer sees more than a viewport's worth of pins: the world view is clusters. */
const MEMORIES = 1500;

let dataDir: string;
let target: SeedTarget;
let db: Db;
let app: App;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mm-seed-'));
  if (TEST_DIALECT === 'postgres') {
    db = await createTestDb();
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]!.s;
    target = { dataDir, databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', searchPath: schema };
  } else {
    target = { dataDir };
  }
  const summary = await runSeed(target, { users: USERS, memories: MEMORIES, friends: 6, seed: 7 });
  expect(summary).toMatchObject({ users: USERS, memories: MEMORIES });
  if (TEST_DIALECT === 'sqlite') db = openSqlite(sqliteFile(dataDir));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db, logger: false, webDist: path.join(dataDir, 'no-web') });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(username: string) {
  const res = await app.inject({ method: 'POST', url: '/api/profile/login', payload: { username, password: SEED_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { token: string; user: { _id: string; friends: string[] } };
  return { token: body.token, id: body.user._id, friends: body.user.friends };
}

describe('npm run seed', () => {
  it('makes users user1…userN who log in with password!1, sharing one hash', async () => {
    const users = await db.kysely.selectFrom('users').select(['username', 'password_hash']).execute();
    expect(users.map((u) => u.username).sort()).toEqual(Array.from({ length: USERS }, (_, i) => `user${i + 1}`).sort());
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1);
    expect(await verifyPassword(users[0]!.password_hash, SEED_PASSWORD)).toBe(true);
    await login('user7');
  });

  it('makes friendships both ways, and pending requests between people who are not friends', async () => {
    const rows = await db.kysely.selectFrom('friendships').select(['user_id', 'friend_id']).execute();
    expect(rows.length).toBeGreaterThan(USERS * 2);
    const pairs = new Set(rows.map((r) => `${r.user_id}>${r.friend_id}`));
    for (const r of rows) expect(pairs.has(`${r.friend_id}>${r.user_id}`)).toBe(true);
    const requests = await db.kysely.selectFrom('friend_requests').select(['from_id', 'to_id']).execute();
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(pairs.has(`${r.from_id}>${r.to_id}`)).toBe(false);
  });

  it('makes memories with time-ordered ids, all three visibilities, real places and tags of friends only', async () => {
    const pins = await db.kysely.selectFrom('pins').select(['id', 'created_at', 'visibility', 'location_name', 'latitude', 'author_id']).orderBy('id').execute();
    expect(pins).toHaveLength(MEMORIES);
    const byTime = [...pins].sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(byTime.map((p) => p.created_at)).toEqual(pins.map((p) => p.created_at));
    const share = (v: number) => pins.filter((p) => p.visibility === v).length / pins.length;
    expect(share(1)).toBeGreaterThan(0.2);
    expect(share(2)).toBeGreaterThan(0.3);
    expect(share(3)).toBeGreaterThan(0.2);
    const years = (Date.parse(byTime.at(-1)!.created_at) - Date.parse(byTime[0]!.created_at)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(4);
    expect(pins.every((p) => /, /.test(p.location_name))).toBe(true);

    const tags = await db.kysely
      .selectFrom('pin_tags')
      .innerJoin('pins', 'pins.id', 'pin_tags.pin_id')
      .leftJoin('friendships', (j) => j.onRef('friendships.user_id', '=', 'pins.author_id').onRef('friendships.friend_id', '=', 'pin_tags.user_id'))
      .select(['pin_tags.pin_id', 'friendships.user_id as friendship'])
      .execute();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => t.friendship !== null)).toBe(true);
  });

  it('fills the map cells so cluster counts equal what each viewer may see', async () => {
    for (const username of ['user1', 'user2', 'user3']) {
      const me = await login(username);
      const visible = await db.kysely
        .selectFrom('pins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) =>
          eb.or([
            eb('author_id', '=', me.id),
            eb('visibility', '=', 3),
            eb.and([eb('visibility', '=', 2), eb('author_id', 'in', me.friends.length > 0 ? me.friends : [''])]),
          ]),
        )
        .executeTakeFirstOrThrow();
      const res = await app.inject({
        method: 'GET',
        url: '/api/query_map_pins?bbox=-180,-85.06,180,85.06&zoom=2',
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as MapResponse;
      expect(body.items.every((i) => i.kind === 'cluster')).toBe(true);
      const counted = body.items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 0), 0);
      expect(counted).toBe(Number(visible.n));
    }
  });

  it('leaves the cell triggers in place after the bulk load: a new private memory is counted for its author only', async () => {
    const me = await login('user4');
    const world = async (token: string) => {
      const res = await app.inject({ method: 'GET', url: '/api/query_map_pins?bbox=-180,-85.06,180,85.06&zoom=2', headers: { authorization: `Bearer ${token}` } });
      return (res.json() as MapResponse).items.reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 1), 0);
    };
    const other = await login('user5');
    const [mine, theirs] = [await world(me.token), await world(other.token)];
    const res = await app.inject({
      method: 'POST',
      url: '/api/create',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { title: 'After the seed', description: 'Counted live.', latitude: 12.5, longitude: 40.25, visibility: '1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await world(me.token)).toBe(mine + 1);
    expect(await world(other.token)).toBe(theirs);
  });

  it('makes every seeded memory searchable, and leaves the search triggers in place for new ones', async () => {
    const me = await login('user6');
    const mine = await db.kysely.selectFrom('pins').select(['id', 'location_name']).where('author_id', '=', me.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const place = mine.location_name.split(',')[0]!;
    const found = await app.inject({ url: `/api/search?q=${encodeURIComponent(place)}&limit=100`, headers: { authorization: `Bearer ${me.token}` } });
    expect(found.statusCode).toBe(200);
    expect((found.json() as Array<{ id: string }>).length).toBeGreaterThan(0);
    // Every seeded memory can be found by its place: the count of matches equals the count of rows.
    const total = await db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const hits = (await sql<{ n: number }>`${sql.raw(TEST_DIALECT === 'sqlite' ? 'select count(*) as n from pin_search' : 'select count(*) as n from pins where search_doc is not null')}`.execute(db.kysely)).rows[0]!;
    expect(Number(hits.n)).toBe(Number(total.n));
    const created = await app.inject({
      method: 'POST',
      url: '/api/create',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { title: 'Axolotl aquarium', description: 'Found after the seed.', latitude: 1, longitude: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await app.inject({ url: '/api/search?q=axolotl', headers: { authorization: `Bearer ${me.token}` } });
    expect((again.json() as Array<{ title: string }>).map((p) => p.title)).toEqual(['Axolotl aquarium']);
  });

  it('refuses to load into a database that already has users, unless told to reset', async () => {
    const pins = () => db.kysely.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const before = await pins();
    expect(Number(before.n)).toBeGreaterThanOrEqual(MEMORIES);
    await expect(runSeed(target, { users: 2, memories: 3 })).rejects.toThrow(/already holds 20 users; pass --reset/);
    expect(await pins()).toEqual(before);
  });
});

describe.skipIf(TEST_DIALECT === 'postgres')('npm run bench', () => {
  it('starts the server with the node flags npm start uses', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.serve).toContain(`node ${SERVE_NODE_FLAGS.join(' ')} server/dist/main.js`);
  });

  it('seeds, serves, loads every scenario at a tiny size and writes the results', async () => {
    const benchDir = mkdtempSync(path.join(tmpdir(), 'mm-bench-'));
    const out = path.join(benchDir, 'results.json');
    const lines: string[] = [];
    try {
      const run = await runBench({
        users: 20,
        memories: 500,
        friends: 6,
        duration: 1,
        // A count, not a time: on a busy machine a one-second scenario could end before any
        // answer came back (feed-logins, beside argon2 logins, did: 0 requests).
        amount: 10,
        warmup: 0,
        connections: 4,
        tokens: 4,
        photoMp: 0.3,
        dataDir: path.join(benchDir, 'data'),
        out,
        log: (l) => lines.push(l),
      });
      const mapServed = /map\.routes/.test(readFileSync(path.resolve(import.meta.dirname, '../src/app.ts'), 'utf8'));
      const expected = ['feed', 'hello-page-bytes', 'feed-deep', 'feed-unseen', ...(mapServed ? ['map-city', 'map-world'] : []), 'friends', 'search', 'create', 'feed-logins', 'feed-200', 'mixed', 'feed-reacting', ...(mapServed ? ['mixed-map-city', 'mixed-map-world'] : []), 'creates', 'reads-during-creates'];
      expect(run.scenarios.map((s) => s.id)).toEqual(expected);
      for (const s of run.scenarios) {
        expect(s.requests, s.id).toBeGreaterThan(0);
        expect(s.errors + s.non2xx, s.id).toBe(0);
        expect(s.ratio, s.id).toBeGreaterThan(0);
      }
      expect(run.ceiling.rps).toBeGreaterThan(0);
      // The freshness check ran against the served app and found every read fresh.
      const fresh = run.extra.freshOne as { checks: number; failures: string[] };
      expect(fresh.checks).toBe(18);
      expect(fresh.failures).toEqual([]);
      // Issue 25: fresh reads checked while the mixed load ran, and the write scenarios' memories deleted after them.
      const freshMixed = run.extra.freshMixedOne as { checks: number; failures: string[] };
      expect(freshMixed.checks).toBe(12);
      expect(freshMixed.failures).toEqual([]);
      expect(run.extra.writesDeleted).toBeGreaterThanOrEqual(10);
      const saved = JSON.parse(readFileSync(out, 'utf8')) as { runs: Record<string, unknown> };
      expect(Object.keys(saved.runs)).toEqual(['sqlite-u20-m500']);
      const printed = lines.join('\n');
      expect(printed).toMatch(/bare Fastify hello world/);
      expect(printed).toMatch(/feed first page: throughput vs bare Fastify/);
      expect(printed).toMatch(/reads right after a create, one server +all +18\/18 fresh +met/);
    } finally {
      rmSync(benchDir, { recursive: true, force: true });
    }
  }, 90_000);
});
