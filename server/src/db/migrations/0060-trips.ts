import { sql, type Kysely } from 'kysely';

/**
 * Trips (docs/design.md §15, docs/decisions/130-trips.md): an author's own memories grouped, with
 * a visibility of its own for the trip's page.
 * - trips: one row per trip; `track` is the route read from a GPX file (a GeoJSON LineString,
 *   already simplified), NULL while the route is the line through the memories.
 * - pins.trip_id: the trip a memory is in (at most one); NULL for every other memory, so existing
 *   rows are unchanged. No foreign key: deleting a trip first takes its memories out
 *   (trips.service.ts), and a memory never points at another author's trip (checked on write).
 * - trip_share_links: at most one live link per trip, found by the SHA-256 of its token, like a
 *   memory's share_links (migration 0010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    .addColumn('cover_pin_id', 'text')
    .addColumn('track', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trips_author_idx').on('trips').columns(['author_id', 'id']).execute();
  await sql`alter table pins add column trip_id text`.execute(db);
  await sql`create index pins_trip_idx on pins (trip_id) where trip_id is not null`.execute(db);
  await db.schema
    .createTable('trip_share_links')
    .addColumn('trip_id', 'text', (c) => c.primaryKey().references('trips.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trip_share_links_expires_idx').on('trip_share_links').column('expires_at').execute();
}
