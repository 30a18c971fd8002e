import type { Kysely } from 'kysely';

/** The hourly sweep of expired sessions (plugins/housekeeping.ts) reads only what it deletes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}
