import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlankTestDb } from '../../test/test-db.ts';
import type { AppContext } from '../app-types.ts';
import { parsePhotos } from '../modules/media/pin-photos.ts';
import { memoriesRepository } from '../modules/memories/memories.repository.ts';
import { toPins } from '../modules/memories/pin-presenter.ts';
import { searchWords } from '../modules/search/search-text.ts';
import { searchRepository } from '../modules/search/search.repository.ts';
import type { Db } from './database.ts';
import { migrateTo, migrateToLatest, migrationNames } from './migrate.ts';

/**
 * Issue 18's migrations (0020 on) run on a database the previous version made and filled: every
 * row survives as it was, and the new columns and indexes are filled from what is there
 * (docs/design.md §12). Both databases.
 */
const FIRST_NEW = '0020';

let db: Db;
const at = (day: number) => `2021-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const users = [
  { id: '01800000-0000-7000-8000-00000000000a', username: 'ana' },
  { id: '01800000-0000-7000-8000-00000000000b', username: 'ben' },
];
const pins = [
  { id: '01800000-0000-7000-8000-000000000001', author: 0, title: 'Harbour swim', description: 'Cold water, warm cocoa after.', place: 'Oslo, Norway', image: 'pins/old-photo.jpg', visibility: 3, day: 1 },
  { id: '01800000-0000-7000-8000-000000000002', author: 0, title: 'Quiet evening', description: 'Reading by the fjord.', place: 'Bergen, Norway', image: null, visibility: 1, day: 2 },
  { id: '01800000-0000-7000-8000-000000000003', author: 1, title: 'Market day', description: 'Strawberries everywhere.', place: 'Lyon, France', image: null, visibility: 2, day: 3 },
];

async function snapshot(table: 'users' | 'friendships' | 'pins' | 'pin_tags', columns: string[]) {
  const { rows } = await sql<Record<string, unknown>>`select ${sql.raw(columns.join(', '))} from ${sql.table(table)} order by 1, 2`.execute(db.kysely);
  return rows;
}

// image_key is not among them: 0022 carries it into photos (checked below).
const PIN_COLUMNS_BEFORE = ['id', 'author_id', 'title', 'description', 'latitude', 'longitude', 'location_name', 'visibility', 'created_at', 'updated_at'];

beforeAll(async () => {
  db = await createBlankTestDb();
  const previous = migrationNames().filter((n) => n < FIRST_NEW).at(-1)!;
  await migrateTo(db, previous);
  // Written as SQL text: the typed schema is today's, not the one of that version.
  for (const u of users) {
    await sql`insert into users (id, username, username_lower, email, email_lower, password_hash, created_at)
      values (${u.id}, ${u.username}, ${u.username}, ${u.username + '@example.test'}, ${u.username + '@example.test'}, 'x', ${at(1)})`.execute(db.kysely);
  }
  await sql`insert into friendships (user_id, friend_id, created_at) values (${users[0]!.id}, ${users[1]!.id}, ${at(1)}), (${users[1]!.id}, ${users[0]!.id}, ${at(1)})`.execute(db.kysely);
  for (const [i, p] of pins.entries()) {
    await sql`insert into pins (id, author_id, title, description, latitude, longitude, location_name, image_key, visibility, created_at, updated_at)
      values (${p.id}, ${users[p.author]!.id}, ${p.title}, ${p.description}, ${59.9 + i}, ${10.7 + i}, ${p.place}, ${p.image}, ${p.visibility}, ${at(p.day)}, ${at(p.day + 1)})`.execute(db.kysely);
  }
  await sql`insert into pin_tags (pin_id, user_id) values (${pins[0]!.id}, ${users[1]!.id})`.execute(db.kysely);
});
afterAll(() => db.close());

describe(`migrations from ${FIRST_NEW} on, over a filled database`, () => {
  let before: Record<string, Record<string, unknown>[]>;

  beforeAll(async () => {
    before = {
      users: await snapshot('users', ['id', 'username', 'email', 'password_hash', 'created_at']),
      friendships: await snapshot('friendships', ['user_id', 'friend_id', 'created_at']),
      pins: await snapshot('pins', PIN_COLUMNS_BEFORE),
      pin_tags: await snapshot('pin_tags', ['pin_id', 'user_id']),
    };
    expect(before.pins).toHaveLength(3);
    await migrateToLatest(db);
  });

  it('keep every user, friendship, memory and tag as it was', async () => {
    expect(await snapshot('users', ['id', 'username', 'email', 'password_hash', 'created_at'])).toEqual(before.users);
    expect(await snapshot('friendships', ['user_id', 'friend_id', 'created_at'])).toEqual(before.friendships);
    expect(await snapshot('pins', PIN_COLUMNS_BEFORE)).toEqual(before.pins);
    expect(await snapshot('pin_tags', ['pin_id', 'user_id'])).toEqual(before.pin_tags);
  });

  it('date every existing memory by its posting time (0020)', async () => {
    const rows = await db.kysely.selectFrom('pins').select(['id', 'created_at', 'happened_at']).orderBy('id').execute();
    expect(rows.map((r) => r.happened_at)).toEqual(pins.map((p) => at(p.day)));
    for (const r of rows) expect(r.happened_at).toBe(r.created_at);
  });

  it("make every existing photo its memory's first photo (0022)", async () => {
    const rows = await db.kysely.selectFrom('pins').select(['id', 'photos']).orderBy('id').execute();
    expect(rows.map((r) => parsePhotos(r.photos))).toEqual(
      pins.map((p) => (p.image ? [{ id: p.id, key: p.image, width: null, height: null }] : [])),
    );
    // What a viewer gets: the photo as images[0] and as imageUrl, as before.
    const ctx = { db, config: { secretKey: 'test-secret' }, media: {} } as unknown as AppContext;
    const rowsShown = await memoriesRepository.findManyVisible(db.kysely, users[0]!.id, [pins[0]!.id]);
    const [shown] = await toPins(ctx, users[0]!.id, rowsShown, []);
    expect(shown!.images).toHaveLength(1);
    expect(shown!.images[0]!.id).toBe(pins[0]!.id);
    expect(shown!.images[0]!.url).toMatch(/^\/media\/pins\/old-photo\.jpg\?exp=/);
    expect(shown!.imageUrl).toBe(shown!.images[0]!.url);
    expect(shown!.thumbnailUrl).toMatch(/^\/media\/pins\/old-photo-thumb\.jpg\?exp=/);
  });

  it('make every existing memory searchable by title, description and place (0021)', async () => {
    const find = async (viewer: number, q: string) =>
      (await searchRepository.search(db.kysely, users[viewer]!.id, searchWords(q), 10)).map((h) => h.id).sort();
    expect(await find(0, 'norway')).toEqual([pins[0]!.id, pins[1]!.id]);
    expect(await find(0, 'cocoa')).toEqual([pins[0]!.id]);
    expect(await find(0, 'market')).toEqual([pins[2]!.id]);
    // The audience rule holds for what was there before: ben may not see ana's private memory.
    expect(await find(1, 'norway')).toEqual([pins[0]!.id]);
  });
});
