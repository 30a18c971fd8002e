import { sql, type Kysely } from 'kysely';

/**
 * The memories that have photos, in id order: the display-size backfill walks them at start-up
 * and hourly (media/display-backfill.ts). Without it each page of that walk read the pins table
 * from its cursor until it found 200 memories with photos — on a database where few have any,
 * the whole table (0.36 s a page at 1M memories, on SQLite's event loop).
 * Partial, so it holds only those memories; the query names the same literal condition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index pins_with_photos_idx on pins (id) where photos != '[]'`.execute(db);
}
