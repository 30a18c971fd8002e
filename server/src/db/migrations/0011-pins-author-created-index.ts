import { sql, type Kysely } from 'kysely';

/**
 * On This Day reads one author's memories in a day's window of each earlier year
 * (modules/on-this-day): with (author_id, created_at) that is one short index range per year
 * instead of every memory the author ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index pins_author_created_idx on pins (author_id, created_at)`.execute(db);
}
