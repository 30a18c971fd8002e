import type { Kysely } from 'kysely';

/**
 * share_links: at most one link per memory (the primary key; a new link replaces the old one),
 * found by the SHA-256 of its token (the token itself is never stored). Deleting the memory, or
 * its author, deletes the link. Expired links are refused by the lookup and swept hourly
 * (by expires_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('pin_id', 'text', (c) => c.primaryKey().references('pins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_links_expires_idx').on('share_links').column('expires_at').execute();
}
