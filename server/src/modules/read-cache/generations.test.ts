import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { FROZEN_TRIGGERS } from '../../db/migrations/0023-read-generations.ts';
import { FROZEN_CIRCLE_GENERATION_TRIGGERS } from '../../db/migrations/0040-circles.ts';
import { FROZEN_CHANGE_LOG_TRIGGERS } from '../../db/migrations/0070-read-changes.ts';
import { FROZEN_AUTHOR_FRIENDS_TRIGGERS } from '../../db/migrations/0080-friends-counted-once.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { authorFriendsTriggersSql, circleGenerationTriggersSql, generationTriggersSql, changeLogTriggersSql } from './generations-sql.ts';
import { readChangesRepository } from './read-changes.repository.ts';
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

  it('migration 0070 holds the change log\'s triggers the generator makes today', () => {
    expect(FROZEN_CHANGE_LOG_TRIGGERS.sqlite()).toEqual(changeLogTriggersSql('sqlite'));
    expect(FROZEN_CHANGE_LOG_TRIGGERS.postgres()).toEqual(changeLogTriggersSql('postgres'));
  });

  it('migration 0080 holds the triggers that count a friends-only memory once, for its author', () => {
    expect(FROZEN_AUTHOR_FRIENDS_TRIGGERS.sqlite()).toEqual(authorFriendsTriggersSql('sqlite'));
    expect(FROZEN_AUTHOR_FRIENDS_TRIGGERS.postgres()).toEqual(authorFriendsTriggersSql('postgres'));
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
    const scopes = ['public', 'people', `u:${author}`, `f:${author}`, `u:${friend}`, `f:${friend}`, `u:${stranger}`];
    const id = uuidv7();
    const pin = { id, author_id: author, title: 't', description: 'd', latitude: 1, longitude: 2, location_name: 'x', created_at: at, updated_at: at, happened_at: at };

    expect(await raisedBy(scopes, () => db.kysely.insertInto('pins').values({ ...pin, visibility: 1 }).execute())).toEqual([`u:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('pins').set({ visibility: 2 }).where('id', '=', id).execute())).toEqual([`u:${author}`, `f:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('pins').set({ visibility: 3 }).where('id', '=', id).execute())).toEqual(['public', `u:${author}`, `f:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.insertInto('pin_tags').values({ pin_id: id, user_id: friend }).execute())).toEqual(['public', `u:${author}`]);
    expect(await raisedBy(scopes, () => db.kysely.deleteFrom('pins').where('id', '=', id).execute())).toEqual(['public', `u:${author}`]);
    expect(
      await raisedBy(scopes, () => db.kysely.deleteFrom('friendships').where('user_id', 'in', [author, friend]).execute()),
    ).toEqual([`u:${author}`, `u:${friend}`]);
    expect(await raisedBy(scopes, () => db.kysely.updateTable('users').set({ username: 'gen_renamed' }).where('id', '=', stranger).execute())).toEqual(['people']);
    expect(await raisedBy(scopes, () => db.kysely.deleteFrom('users').where('id', '=', stranger).execute())).toEqual(['people']);
  });

  it('logs each memory written, and each tag of one, under the counter of every scope its write raised', async () => {
    const [author, friend, other] = [await user('log_author'), await user('log_friend'), await user('log_other')];
    await db.kysely
      .insertInto('friendships')
      .values([
        { user_id: author, friend_id: friend, created_at: at },
        { user_id: friend, friend_id: author, created_at: at },
      ])
      .execute();
    const id = uuidv7();
    const second = uuidv7();
    const pin = { author_id: author, title: 't', description: 'd', latitude: 1, longitude: 2, location_name: 'x', created_at: at, updated_at: at, happened_at: at };
    const scopes = ['public', `u:${author}`, `f:${author}`, `u:${friend}`, `u:${other}`];
    /** Per scope, what a write logged in (counter before, counter after], and whether that is all it raised. */
    const loggedBy = async (write: () => Promise<unknown>) => {
      const from = await generationsRepository.read(db.kysely, scopes);
      await write();
      const to = await generationsRepository.read(db.kysely, scopes);
      const out: Record<string, { ids: string[]; complete: boolean }> = {};
      for (const s of scopes) {
        const [a, b] = [from.get(s) ?? 0, to.get(s) ?? 0];
        if (b > a) {
          const c = await readChangesRepository.between(db.kysely, s, a, b);
          out[s] = { ids: c.ids.sort(), complete: c.complete };
        }
      }
      return out;
    };
    const logged = (ids: string[]) => ({ ids: ids.sort(), complete: true });
    expect(await loggedBy(() => db.kysely.insertInto('pins').values({ ...pin, id, visibility: 1 }).execute())).toEqual({ [`u:${author}`]: logged([id]) });
    // A friends-only memory is logged once, for its author's friends (migration 0080), not once per friend.
    expect(await loggedBy(() => db.kysely.updateTable('pins').set({ visibility: 2 }).where('id', '=', id).execute())).toEqual({
      [`u:${author}`]: logged([id]),
      [`f:${author}`]: logged([id]),
    });
    expect(await loggedBy(() => db.kysely.insertInto('pins').values({ ...pin, id: second, visibility: 3 }).execute())).toEqual({
      public: logged([second]),
      [`u:${author}`]: logged([second]),
    });
    expect(await loggedBy(() => db.kysely.insertInto('pin_tags').values({ pin_id: second, user_id: friend }).execute())).toEqual({
      public: logged([second]),
      [`u:${author}`]: logged([second]),
    });
    // Both in one statement: each scope logs both memories (PostgreSQL under one counter, SQLite one each).
    expect(await loggedBy(() => db.kysely.updateTable('pins').set({ visibility: 1 }).where('id', 'in', [id, second]).execute())).toEqual({
      public: logged([second]),
      [`u:${author}`]: logged([id, second]),
      [`f:${author}`]: logged([id]),
    });
    // A friendship raises both people's counters and names no memory: the log says it cannot replay that.
    expect(await loggedBy(() => db.kysely.deleteFrom('friendships').where('user_id', 'in', [author, friend]).execute())).toEqual({
      [`u:${author}`]: { ids: [], complete: false },
      [`u:${friend}`]: { ids: [], complete: false },
    });
    expect(await loggedBy(() => db.kysely.deleteFrom('pins').where('id', 'in', [id, second]).execute())).toEqual({ [`u:${author}`]: logged([id, second]) });
  });

  it('the hourly prune keeps what a layer may still catch up over, scope by scope in batches', async () => {
    const [author, other, gone] = [await user('prune_author'), await user('prune_other'), await user('prune_gone')];
    const write = (authorId: string) =>
      db.kysely
        .insertInto('pins')
        .values({ id: uuidv7(), author_id: authorId, title: 't', description: 'd', latitude: 1, longitude: 2, location_name: 'x', created_at: at, updated_at: at, happened_at: at, visibility: 2 })
        .execute();
    for (let i = 0; i < 3; i++) for (const a of [author, other, gone]) await write(a);
    const scopes = [`u:${author}`, `f:${author}`, `u:${other}`, `f:${other}`];
    const gens = await generationsRepository.read(db.kysely, scopes);
    const kept = async (scope: string) => (await readChangesRepository.between(db.kysely, scope, gens.get(scope)! - 3, gens.get(scope)!)).ids.length;
    // A batch of one scope at a time walks them all.
    await readChangesRepository.prune(db.kysely, 1);
    for (const scope of scopes) expect(await kept(scope)).toBe(3);
    // Far behind the counter: gone, in that scope only.
    await db.kysely.updateTable('read_generations').set({ gen: gens.get(`u:${author}`)! + 5_000 }).where('scope', '=', `u:${author}`).execute();
    // A scope with no counter (an account deleted by hand, not through the service that forgets its log): gone whole.
    await db.kysely.deleteFrom('read_generations').where('scope', 'in', [`u:${gone}`, `f:${gone}`]).execute();
    const deleted = await readChangesRepository.prune(db.kysely, 1);
    expect(await kept(`u:${author}`)).toBe(0);
    for (const scope of scopes.slice(1)) expect(await kept(scope)).toBe(3);
    const left = await db.kysely.selectFrom('read_changes').select('scope').where('scope', 'in', [`u:${gone}`, `f:${gone}`]).execute();
    expect(left).toEqual([]);
    expect(deleted).toBeGreaterThanOrEqual(9);
  });
});
