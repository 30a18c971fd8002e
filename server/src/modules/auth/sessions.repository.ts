import type { Queryable } from '../../db/queryable.ts';
import type { SessionsTable } from '../../db/schema.ts';

export const sessionsRepository = {
  insert(db: Queryable, row: SessionsTable) {
    return db.insertInto('sessions').values(row).execute();
  },

  /** The session and its user in one indexed lookup. */
  findWithUser(db: Queryable, tokenHash: string) {
    return db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.user_id', 'sessions.expires_at', 'sessions.last_seen_at', 'users.username'])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  touch(db: Queryable, tokenHash: string, lastSeenAt: string, expiresAt: string) {
    return db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
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
