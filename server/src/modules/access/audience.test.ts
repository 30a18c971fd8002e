import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_DIALECT } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { AUTHOR_CELL_MAX_LEVEL, createTriggersSql } from '../map-cells/author-cells-sql.ts';
import { cellX, cellY } from '../map-cells/map-grid.ts';
import { ALL_LEVELS, maySee, reachOf } from './audience.ts';
import { audienceSql, visibleTo } from './audience.repository.ts';

/**
 * The audience rule has three forms: the in-memory check, the Kysely predicate of single lookups
 * and the three-part SQL of lists and the map. They must agree on every case, on both databases;
 * so must the per-author map cells the triggers keep.
 */
let db: Db;
const at = '2024-01-01T00:00:00.000Z';

async function addUser(name: string): Promise<string> {
  const id = uuidv7();
  await db.kysely
    .insertInto('users')
    .values({ id, username: name, username_lower: name, email: `${name}@example.test`, email_lower: `${name}@example.test`, password_hash: 'x', profile_picture: null, first_name: null, last_name: null, created_at: at })
    .execute();
  return id;
}

async function addPin(authorId: string, visibility: number, latitude = 48.85, longitude = 2.35): Promise<string> {
  const id = uuidv7();
  await db.kysely
    .insertInto('pins')
    .values({ id, author_id: authorId, title: 't', description: 'd', latitude, longitude, location_name: 'x', visibility, created_at: at, updated_at: at })
    .execute();
  return id;
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe('the audience rule', () => {
  it('gives the same answer in memory, in the lookup predicate and in the three-part SQL, for every case', async () => {
    const author = await addUser('aud_author');
    const friend = await addUser('aud_friend');
    const stranger = await addUser('aud_stranger');
    // A one-way row is not a friendship the API can make, but the rule reads the viewer's side.
    const oneWay = await addUser('aud_oneway');
    await db.kysely
      .insertInto('friendships')
      .values([
        { user_id: author, friend_id: friend, created_at: at },
        { user_id: friend, friend_id: author, created_at: at },
        { user_id: oneWay, friend_id: author, created_at: at },
      ])
      .execute();
    const viewers = { author, friend, stranger, oneWay };
    const isFriend: Record<string, boolean> = { [author]: false, [friend]: true, [stranger]: false, [oneWay]: true };

    const cases: string[] = [];
    for (const visibility of ALL_LEVELS) {
      const pinId = await addPin(author, visibility);
      for (const [name, viewerId] of Object.entries(viewers)) {
        const expected = maySee({ viewerId, authorId: author, visibility, viewerIsFriend: isFriend[viewerId]! });
        const lookup = await db.kysely
          .selectFrom('pins')
          .select('pins.id')
          .where('pins.id', '=', pinId)
          .where((eb) => visibleTo(eb, viewerId))
          .execute();
        const { rows: parts } = await sql<{ id: string }>`select id from pins where id = ${pinId} and (
            (${audienceSql.own(viewerId)}) or (${audienceSql.everyone()}) or (${audienceSql.friends(viewerId)}))`.execute(db.kysely);
        cases.push(`${name} × ${reachOf(visibility)}: ${expected} / ${lookup.length === 1} / ${parts.length === 1}`);
      }
    }
    expect(cases).toEqual([
      'author × author: true / true / true',
      'friend × author: false / false / false',
      'stranger × author: false / false / false',
      'oneWay × author: false / false / false',
      'author × friends: true / true / true',
      'friend × friends: true / true / true',
      'stranger × friends: false / false / false',
      'oneWay × friends: true / true / true',
      'author × everyone: true / true / true',
      'friend × everyone: true / true / true',
      'stranger × everyone: true / true / true',
      'oneWay × everyone: true / true / true',
    ]);
  });

  it('keeps in the per-author map cells exactly the memories that do not reach everyone, through every change', async () => {
    const a = await addUser('cells_a');
    const b = await addUser('cells_b');
    const ids: string[] = [];
    for (const [i, visibility] of [1, 2, 3, 1, 2, 3, 2].entries()) ids.push(await addPin(i % 2 ? a : b, visibility, 10 + i * 7, -40 + i * 11));
    // Every transition of visibility, a move, and deletes.
    const change = (id: string, set: { visibility?: number; latitude?: number }) => db.kysely.updateTable('pins').set(set).where('id', '=', id).execute();
    await change(ids[0]!, { visibility: 3 });
    await change(ids[2]!, { visibility: 2 });
    await change(ids[1]!, { visibility: 1 });
    await change(ids[4]!, { latitude: -33.9 });
    await db.kysely.deleteFrom('pins').where('id', 'in', [ids[3]!, ids[5]!]).execute();

    const pins = await db.kysely.selectFrom('pins').select(['author_id', 'visibility', 'latitude', 'longitude']).where('author_id', 'in', [a, b]).execute();
    const expected = new Map<string, number>();
    for (const p of pins) {
      if (reachOf(p.visibility) === 'everyone') continue;
      for (let level = 0; level <= AUTHOR_CELL_MAX_LEVEL; level++) {
        const key = `${p.author_id}|${p.visibility}|${level}|${cellX(p.longitude, level)}|${cellY(p.latitude, level)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    const rows = await sql<{ author_id: string; visibility: number; level: number; cx: number; cy: number; count: number }>`
      select author_id, visibility, level, cx, cy, count from author_cells where count <> 0 and author_id in (${a}, ${b})`.execute(db.kysely);
    const actual = new Map(rows.rows.map((r) => [`${r.author_id}|${Number(r.visibility)}|${Number(r.level)}|${Number(r.cx)}|${Number(r.cy)}`, Number(r.count)]));
    expect(actual).toEqual(expected);
    expect(expected.size).toBeGreaterThan(0);
  });

  it('runs, in a migrated database, the triggers the generator makes from the rule today', async () => {
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
    const generated = createTriggersSql(TEST_DIALECT).map(squash);
    if (TEST_DIALECT === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name like 'pins_author_cells_%' order by name`.execute(db.kysely);
      expect(rows.map((r) => squash(r.sql)).sort()).toEqual([...generated].sort());
    } else {
      // PostgreSQL keeps function bodies as written: compare them with the generator's.
      const { rows } = await sql<{ src: string }>`select prosrc as src from pg_proc
        where proname in ('author_cells_apply', 'pins_author_cells') and pronamespace = current_schema()::regnamespace order by proname`.execute(db.kysely);
      expect(rows).toHaveLength(2);
      for (const { src } of rows) expect(generated.some((g) => g.includes(squash(src)))).toBe(true);
    }
  });
});
