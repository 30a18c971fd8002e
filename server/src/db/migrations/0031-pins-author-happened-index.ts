import { sql, type Kysely } from 'kysely';

/**
 * On This Day dates a memory by when it happened (docs/design.md §12), so its per-year windows
 * are ranges of (author_id, happened_at), as 0011's index served them when it read created_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index pins_author_happened_idx on pins (author_id, happened_at)`.execute(db);
}
