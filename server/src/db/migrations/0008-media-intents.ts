import type { Kysely } from 'kysely';

/**
 * Intent records of image changes (modules/media/image-changes.ts): a row names the row whose
 * image changes (subject) and every media key the change may create or drop, before any file
 * is written or deleted, so a crash at any point leaves a record of what to finish or undo.
 * The table stays tiny: a row lives only while its change is in progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'pins' or 'users', and that row's id: the row says which of the keys it still uses.
    .addColumn('subject_table', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // JSON list of image keys; each key's thumbnail goes with it.
    .addColumn('keys', 'text', (c) => c.notNull())
    // 'open' while the request may still commit its change, 'settling' once it never will.
    .addColumn('state', 'text', (c) => c.notNull())
    // The server that made it (host and data folder): its own restart settles it at once.
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
