import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { FROZEN_TRIGGERS } from '../../db/migrations/0023-read-generations.ts';
import { FROZEN_CIRCLE_GENERATION_TRIGGERS } from '../../db/migrations/0040-circles.ts';
import { FROZEN_PUBLIC_CHANGE_TRIGGERS } from '../../db/migrations/0070-public-changes.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { circleGenerationTriggersSql, generationTriggersSql, publicChangeTriggersSql } from './generations-sql.ts';
import { publicChangesRepository } from './public-changes.repository.ts';
import { generationsRepository } from './generations.repository.ts';

/** The counters of the read cache (generations-sql.ts): which writes raise which scopes. */

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const at = '2024-01-01T00:00:00.000Z';

async function user(name: string): Promise<string> {
  const id = uuidv7();
  await db.kysely
    .insertInto('users')
    .values({ id, username: name, username_lower: name, email: `${name}@example.test`, email_lower: `${name}@example.test`, password_hash: 'x', profile_picture: null, first_name: null, last_name: null, created_at: at })
    .execute();
  return id;
}

/** The scopes a write raised: the counters before and after it. */
async function raisedBy(scopes: string[], write: () => Promise<unknown>): Promise<string[]> {
  const before = await generationsRepository.read(db.kysely, scopes);
  await write();
  const after = await generationsRepository.read(db.kysely, scopes);
  return scopes.filter((s) => (after.get(s) ?? 0) > (before.get(s) ?? 0));
}

describe('read_generations', () => {
  it('migration 0023 holds what the generator makes today (a change of the audience rule needs a new migration)', () => {
    expect(FROZEN_TRIGGERS.sqlite()).toEqual(generationTriggersSql('sqlite'));
    expect(FROZEN_TRIGGERS.postgres()).toEqual(generationTriggersSql('postgres'));
  });

  it('migration 0040 holds the circles\' triggers the generator makes today', () => {
    expect(FROZEN_CIRCLE_GENERATION_TRIGGERS.sqlite()).toEqual(circleGenerationTriggersSql('sqlite'));
    expect(FROZEN_CIRCLE_GENERATION_TRIGGERS.postgres()).toEqual(circleGenerationTriggersSql('postgres'));
  });

  it('migration 0070 holds the public change log\'s triggers the generator makes today', () => {
    expect(FROZEN_PUBLIC_CHANGE_TRIGGERS.sqlite()).toEqual(publicChangeTriggersSql('sqlite'));
    expect(FROZEN_PUBLIC_CHANGE_TRIGGERS.postgres()).toEqual(publicChangeTriggersSql('postgres'));
  });

  it('raises exactly the scopes of those who may see a memory, before or after the write', async () => {
    const [author, friend, stranger] = [await user('gen_author'), await user('gen_friend'), await user('gen_stranger')];
    await db.kysely
      .insertInto('friendships')
      .values([
        { user_id: author, friend_id: friend, created_at: at },
        { user_id: friend, friend_id: author, created_at: at },
      ])
      .execute();
    const scopes = ['public', 'people', `u:${author}`, `u:${friend}`, `u:${stranger}`];
    const id = uuidv7();
    const pin = { id, author_id: author, title: 't', description: 'd', latitude: 1, longitude: 2, location_name: 'x', created_at: at, updated_at: at, happened_at: at };

    expect(await raisedBy(scopes, () => db.kysely.insertInto('pins').values({ ...pin, visibility: 1 }).execute())).toEqual([`u:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('pins').set({ visibility: 2 }).where('id', '=', id).execute())).toEqual([`u:${author}`, `u:${friend}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('pins').set({ visibility: 3 }).where('id', '=', id).execute())).toEqual(['public', `u:${author}`, `u:${friend}`]);
    expect(await raisedBy(scopes, () => db.kysely.insertInto('pin_tags').values({ pin_id: id, user_id: friend }).execute())).toEqual(['public', `u:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.deleteFrom('pins').where('id', '=', id).execute())).toEqual(['public', `u:${author}`]);
    expect(
      await raisedBy(scopes, () => db.kysely.deleteFrom('friendships').where('user_id', 'in', [author, friend]).execute()),
    ).toEqual([`u:${author}`, `u:${friend}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('users').set({ username: 'gen_renamed' }).where('id', '=', stranger).execute())).toEqual(['people']);
    expect(await raisedBy(scopes, () => db.kysely.deleteFrom('users').where('id', '=', stranger).execute())).toEqual(['people']);
  });

  it('logs every public memory written, and each tag of one, under the public counter its write raised', async () => {
    const author = await user('log_author');
    const id = uuidv7();
    const other = uuidv7();
    const pin = { author_id: author, title: 't', description: 'd', latitude: 1, longitude: 2, location_name: 'x', created_at: at, updated_at: at, happened_at: at };
    const counter = async () => (await generationsRepository.read(db.kysely, ['public'])).get('public') ?? 0;
    /** What a write logged: the ids in (counter before, counter after], and the counter after. */
    const loggedBy = async (write: () => Promise<unknown>) => {
      const from = await counter();
      await write();
      const to = await counter();
      return { ids: await publicChangesRepository.idsBetween(db.kysely, from, to), raised: to - from };
    };
    // Private: neither raised nor logged.
    expect(await loggedBy(() => db.kysely.insertInto('pins').values({ ...pin, id, visibility: 1 }).execute())).toEqual({ ids: [], raised: 0 });
    expect(await loggedBy(() => db.kysely.updateTable('pins').set({ visibility: 3 }).where('id', '=', id).execute())).toEqual({ ids: [id], raised: 1 });
    expect(await loggedBy(() => db.kysely.insertInto('pins').values({ ...pin, id: other, visibility: 3 }).execute())).toEqual({ ids: [other], raised: 1 });
    const tagged = await user('log_tagged');
    expect(await loggedBy(() => db.kysely.insertInto('pin_tags').values({ pin_id: id, user_id: tagged }).execute())).toEqual({ ids: [id], raised: 1 });
    // Public to private is logged (it leaves the layer); both in one statement: both, in order.
    const both = await loggedBy(() => db.kysely.updateTable('pins').set({ visibility: 1 }).where('id', 'in', [id, other]).execute());
    expect(both.ids.sort()).toEqual([id, other].sort());
    expect(await loggedBy(() => db.kysely.deleteFrom('pins').where('id', 'in', [id, other]).execute())).toEqual({ ids: [], raised: 0 });
  });
});
