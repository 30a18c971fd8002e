import { sql, type Expression, type Insertable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import { VIEWER_SCOPE_PREFIX } from '../read-cache/read-cache.ts';
import { CONVERSATION_SCOPE, FRIENDS_SCOPE_PREFIX } from '../read-cache/generations-sql.ts';
import type { Queryable } from '../../db/queryable.ts';
import type { SessionsTable } from '../../db/schema.ts';

/**
 * Runs on every authenticated request. The username is a subquery, not a join: statistics taken
 * while the sessions table held a handful of rows make SQLite plan the join as a scan of every
 * session (until the next analyze), whereas a single-table equality always uses the key.
 *
 * The read cache's counters for this user (read-cache/read-cache.ts) come along, each a
 * primary-key lookup (the friends' one, one per friend): every feed and map read needs them
 * first, and this saves them a query of their own (a round trip on PostgreSQL). A scope never
 * raised has no row: null, read as 0.
 */
export const findWithUserQuery = preparedQuery('sessions.findWithUser', (db, args: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .select((eb) => {
      const counter = (scope: Expression<string>) => eb.selectFrom('read_generations').select('read_generations.gen').where('read_generations.scope', '=', scope);
      return [
        'sessions.user_id',
        'sessions.expires_at',
        'sessions.last_seen_at',
        eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'sessions.user_id').as('username'),
        // docs/design.md §18: an account an admin disabled is refused even if a session survived.
        eb.selectFrom('users').select('users.disabled_at').whereRef('users.id', '=', 'sessions.user_id').as('disabled_at'),
        counter(sql.lit('public')).as('gen_public'),
        counter(sql.lit('people')).as('gen_people'),
        counter(sql<string>`${sql.lit(VIEWER_SCOPE_PREFIX)} || ${eb.ref('sessions.user_id')}`).as('gen_viewer'),
        // The friends-only memories of everyone this user is friends with, each author counted
        // once (`f:<author>`, migration 0080): their sum moves whenever one of them does.
        sql<number | string | null>`(select sum(g.gen) from friendships fr join read_generations g on g.scope = ${sql.lit(FRIENDS_SCOPE_PREFIX)} || fr.friend_id where fr.user_id = ${eb.ref('sessions.user_id')})`.as('gen_friends'),
        // Every memory's comment and reaction counts (migration 0091): pin answers keep the counts
        // they read while it is unchanged (conversation/counts-cache.ts).
        counter(sql.lit(CONVERSATION_SCOPE)).as('gen_conversation'),
      ];
    })
    .where('sessions.token_hash', '=', args.tokenHash),
  // Every request asks it; kept while the database is unchanged (any commit anywhere drops it).
  { keepWhileUnchanged: true },
);

export const sessionsRepository = {
  insert(db: Queryable, row: Insertable<SessionsTable>) {
    return db.insertInto('sessions').values(row).execute();
  },

  /** The session and its user's name in one indexed lookup. */
  findWithUser(db: Queryable, tokenHash: string) {
    return findWithUserQuery.first(db, { tokenHash });
  },

  touch(db: Queryable, tokenHash: string, lastSeenAt: string, expiresAt: string) {
    return db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  },

  /** The Admin screen's "last seen": written when a session starts or slides (hourly at most). */
  touchUser(db: Queryable, userId: string, lastSeenAt: string) {
    return db.updateTable('users').set({ last_seen_at: lastSeenAt }).where('id', '=', userId).execute();
  },

  /** "Your sessions": every live session of the user, most recently used first. */
  listOfUser(db: Queryable, userId: string, nowIso: string) {
    return db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'last_seen_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('last_seen_at', 'desc')
      .execute();
  },

  deleteOfUser(db: Queryable, userId: string, tokenHash: string) {
    return db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  deleteAllOfUser(db: Queryable, userId: string) {
    return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  },

  delete(db: Queryable, tokenHash: string) {
    return db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  },

  deleteOthersOfUser(db: Queryable, userId: string, keepTokenHash: string) {
    return db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
  },

  deleteExpired(db: Queryable, nowIso: string) {
    return db.deleteFrom('sessions').where('expires_at', '<', nowIso).execute();
  },
};
