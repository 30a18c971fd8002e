import { sql, type Kysely } from 'kysely';

/**
 * The feed's friends-only branch asks, for each friend, "their friends-only memories newer than
 * this id" (memories.repository.ts, listVisible). With (author_id, visibility, id) that is one
 * short index range per friend; without it, every friends-only memory of every friend is read and
 * sorted on each request, which grows with how much the friends ever posted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index pins_author_visibility_idx on pins (author_id, visibility, id)`.execute(db);
}
