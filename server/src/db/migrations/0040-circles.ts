import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Circles (docs/design.md §17): a person's named lists of their own friends, and a memory's
 * audience as one of them.
 * - circles: one row per circle; a name is unique per owner whatever its case (name_lower).
 * - circle_members: who is in a circle; (user_id, circle_id) finds a person's memberships, which
 *   every read of a circle memory asks.
 * - pins.circle_id: set only on a friends-only memory ('2') meant for that circle; NULL for all
 *   others, so existing rows are unchanged. No foreign key: deleting a circle first makes its
 *   memories private (circles.service.ts), which a cascade could not do.
 * - The per-author map cells no longer keep circle memories (their triggers are recreated from a
 *   frozen copy of what map-cells/author-cells-sql.ts generates now; there are none to remove).
 * - Joining or leaving a circle raises the member's read-cache counter (a frozen copy of
 *   read-cache/generations-sql.ts's circleGenerationTriggersSql).
 * access/audience.test.ts and read-cache/generations.test.ts check the copies still match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('circles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('circles_owner_name_idx').on('circles').columns(['owner_id', 'name_lower']).unique().execute();
  await db.schema
    .createTable('circle_members')
    .addColumn('circle_id', 'text', (c) => c.notNull().references('circles.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('circle_members_pk', ['circle_id', 'user_id'])
    .execute();
  await db.schema.createIndex('circle_members_user_idx').on('circle_members').columns(['user_id', 'circle_id']).execute();
  await sql`alter table pins add column circle_id text`.execute(db);
  await sql`create index pins_circle_idx on pins (circle_id) where circle_id is not null`.execute(db);

  for (const name of ['pins_author_cells_insert', 'pins_author_cells_delete', 'pins_author_cells_update']) {
    await sql.raw(sqlite ? `drop trigger ${name}` : `drop trigger ${name} on pins`).execute(db);
  }
  for (const statement of sqlite ? SQLITE_AUTHOR_CELLS : POSTGRES_AUTHOR_CELLS) await sql.raw(statement).execute(db);
  // The function took one argument fewer before; the trigger function now calls the new one.
  if (!sqlite) await sql`drop function author_cells_apply(text, integer, double precision, double precision, integer)`.execute(db);
  for (const statement of sqlite ? SQLITE_GENERATIONS : POSTGRES_GENERATIONS) await sql.raw(statement).execute(db);
}

export const FROZEN_AUTHOR_CELL_TRIGGERS = { sqlite: (): string[] => SQLITE_AUTHOR_CELLS, postgres: (): string[] => POSTGRES_AUTHOR_CELLS };
export const FROZEN_CIRCLE_GENERATION_TRIGGERS = { sqlite: (): string[] => SQLITE_GENERATIONS, postgres: (): string[] => POSTGRES_GENERATIONS };

const SQLITE_AUTHOR_CELLS: string[] = [
  `create trigger pins_author_cells_insert after insert on pins when new.visibility in (1, 2) and new.circle_id is null begin
        insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 0, cast(min(1 - 1, max(0, floor((new.longitude + 180) / 360 * 1))) as integer), cast(min(1 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 1))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 1, cast(min(2 - 1, max(0, floor((new.longitude + 180) / 360 * 2))) as integer), cast(min(2 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 2))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 2, cast(min(4 - 1, max(0, floor((new.longitude + 180) / 360 * 4))) as integer), cast(min(4 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 4))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 3, cast(min(8 - 1, max(0, floor((new.longitude + 180) / 360 * 8))) as integer), cast(min(8 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 8))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 4, cast(min(16 - 1, max(0, floor((new.longitude + 180) / 360 * 16))) as integer), cast(min(16 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 16))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 5, cast(min(32 - 1, max(0, floor((new.longitude + 180) / 360 * 32))) as integer), cast(min(32 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 32))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 6, cast(min(64 - 1, max(0, floor((new.longitude + 180) / 360 * 64))) as integer), cast(min(64 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 64))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 7, cast(min(128 - 1, max(0, floor((new.longitude + 180) / 360 * 128))) as integer), cast(min(128 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 128))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 8, cast(min(256 - 1, max(0, floor((new.longitude + 180) / 360 * 256))) as integer), cast(min(256 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 256))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
      end`,
  `create trigger pins_author_cells_delete after delete on pins when old.visibility in (1, 2) and old.circle_id is null begin
        insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 0, cast(min(1 - 1, max(0, floor((old.longitude + 180) / 360 * 1))) as integer), cast(min(1 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 1))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 1, cast(min(2 - 1, max(0, floor((old.longitude + 180) / 360 * 2))) as integer), cast(min(2 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 2))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 2, cast(min(4 - 1, max(0, floor((old.longitude + 180) / 360 * 4))) as integer), cast(min(4 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 4))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 3, cast(min(8 - 1, max(0, floor((old.longitude + 180) / 360 * 8))) as integer), cast(min(8 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 8))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 4, cast(min(16 - 1, max(0, floor((old.longitude + 180) / 360 * 16))) as integer), cast(min(16 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 16))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 5, cast(min(32 - 1, max(0, floor((old.longitude + 180) / 360 * 32))) as integer), cast(min(32 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 32))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 6, cast(min(64 - 1, max(0, floor((old.longitude + 180) / 360 * 64))) as integer), cast(min(64 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 64))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 7, cast(min(128 - 1, max(0, floor((old.longitude + 180) / 360 * 128))) as integer), cast(min(128 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 128))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 8, cast(min(256 - 1, max(0, floor((old.longitude + 180) / 360 * 256))) as integer), cast(min(256 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 256))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
      end`,
  `create trigger pins_author_cells_update after update of visibility, latitude, longitude, author_id, circle_id on pins
        when ((old.visibility in (1, 2) and old.circle_id is null) or (new.visibility in (1, 2) and new.circle_id is null)) and (old.visibility is not new.visibility or old.latitude is not new.latitude or old.longitude is not new.longitude or old.author_id is not new.author_id or old.circle_id is not new.circle_id) begin
        insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 0, cast(min(1 - 1, max(0, floor((old.longitude + 180) / 360 * 1))) as integer), cast(min(1 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 1))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 1, cast(min(2 - 1, max(0, floor((old.longitude + 180) / 360 * 2))) as integer), cast(min(2 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 2))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 2, cast(min(4 - 1, max(0, floor((old.longitude + 180) / 360 * 4))) as integer), cast(min(4 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 4))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 3, cast(min(8 - 1, max(0, floor((old.longitude + 180) / 360 * 8))) as integer), cast(min(8 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 8))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 4, cast(min(16 - 1, max(0, floor((old.longitude + 180) / 360 * 16))) as integer), cast(min(16 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 16))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 5, cast(min(32 - 1, max(0, floor((old.longitude + 180) / 360 * 32))) as integer), cast(min(32 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 32))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 6, cast(min(64 - 1, max(0, floor((old.longitude + 180) / 360 * 64))) as integer), cast(min(64 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 64))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 7, cast(min(128 - 1, max(0, floor((old.longitude + 180) / 360 * 128))) as integer), cast(min(128 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 128))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select old.author_id, old.visibility, 8, cast(min(256 - 1, max(0, floor((old.longitude + 180) / 360 * 256))) as integer), cast(min(256 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, old.latitude)))))) / (4 * pi())) * 256))) as integer), -1, -1 * old.latitude, -1 * old.longitude
      where old.visibility in (1, 2) and old.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
        insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 0, cast(min(1 - 1, max(0, floor((new.longitude + 180) / 360 * 1))) as integer), cast(min(1 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 1))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 1, cast(min(2 - 1, max(0, floor((new.longitude + 180) / 360 * 2))) as integer), cast(min(2 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 2))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 2, cast(min(4 - 1, max(0, floor((new.longitude + 180) / 360 * 4))) as integer), cast(min(4 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 4))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 3, cast(min(8 - 1, max(0, floor((new.longitude + 180) / 360 * 8))) as integer), cast(min(8 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 8))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 4, cast(min(16 - 1, max(0, floor((new.longitude + 180) / 360 * 16))) as integer), cast(min(16 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 16))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 5, cast(min(32 - 1, max(0, floor((new.longitude + 180) / 360 * 32))) as integer), cast(min(32 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 32))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 6, cast(min(64 - 1, max(0, floor((new.longitude + 180) / 360 * 64))) as integer), cast(min(64 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 64))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 7, cast(min(128 - 1, max(0, floor((new.longitude + 180) / 360 * 128))) as integer), cast(min(128 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 128))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
      select new.author_id, new.visibility, 8, cast(min(256 - 1, max(0, floor((new.longitude + 180) / 360 * 256))) as integer), cast(min(256 - 1, max(0, floor((0.5 - ln((1 + sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude))))) / (1 - sin(radians(max(-85.0511287798066, min(85.0511287798066, new.latitude)))))) / (4 * pi())) * 256))) as integer), 1, 1 * new.latitude, 1 * new.longitude
      where new.visibility in (1, 2) and new.circle_id is null
      on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
      end`,
];

const POSTGRES_AUTHOR_CELLS: string[] = [
  `create or replace function author_cells_apply(a text, v integer, c text, lat double precision, lng double precision, sign integer)
      returns void language plpgsql as $fn$
      declare
        lv integer;
        n double precision;
      begin
        if v not in (1, 2) or c is not null then return; end if;
        for lv in 0..8 loop
          n := 2 ^ lv;
          insert into author_cells (author_id, visibility, level, cx, cy, count, sum_lat, sum_lng)
            values (a, v, lv, cast(least(n - 1, greatest(0, floor((lng + 180) / 360 * n))) as integer), cast(least(n - 1, greatest(0, floor((0.5 - ln((1 + sin(radians(greatest(-85.0511287798066, least(85.0511287798066, lat))))) / (1 - sin(radians(greatest(-85.0511287798066, least(85.0511287798066, lat)))))) / (4 * pi())) * n))) as integer), sign, sign * lat, sign * lng)
            on conflict (author_id, visibility, level, cx, cy) do update set
  count = author_cells.count + excluded.count,
  sum_lat = author_cells.sum_lat + excluded.sum_lat,
  sum_lng = author_cells.sum_lng + excluded.sum_lng;
        end loop;
      end
      $fn$`,
  `create or replace function pins_author_cells() returns trigger language plpgsql as $fn$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          perform author_cells_apply(old.author_id, old.visibility, old.circle_id, old.latitude, old.longitude, -1);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          perform author_cells_apply(new.author_id, new.visibility, new.circle_id, new.latitude, new.longitude, 1);
        end if;
        return null;
      end
      $fn$`,
  `create trigger pins_author_cells_insert after insert on pins for each row when (new.visibility in (1, 2) and new.circle_id is null) execute function pins_author_cells()`,
  `create trigger pins_author_cells_delete after delete on pins for each row when (old.visibility in (1, 2) and old.circle_id is null) execute function pins_author_cells()`,
  `create trigger pins_author_cells_update after update of visibility, latitude, longitude, author_id, circle_id on pins for each row
      when (((old.visibility in (1, 2) and old.circle_id is null) or (new.visibility in (1, 2) and new.circle_id is null)) and (old.visibility is distinct from new.visibility or old.latitude is distinct from new.latitude or old.longitude is distinct from new.longitude or old.author_id is distinct from new.author_id or old.circle_id is distinct from new.circle_id))
      execute function pins_author_cells()`,
];

const SQLITE_GENERATIONS: string[] = [
  `create trigger read_gen_circle_members_insert after insert on circle_members begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.user_id as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_circle_members_delete after delete on circle_members begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || old.user_id as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
  `create trigger read_gen_circles_rename after update of name on circles begin
        insert into read_generations (scope, gen) select scope, 1 from (select 'u:' || new.owner_id as scope) as s where true
        on conflict (scope) do update set gen = gen + 1;
      end`,
];

const POSTGRES_GENERATIONS: string[] = [
  `create or replace function read_gen_circle_members_new() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.user_id as scope from new_rows r join users u on u.id = r.user_id) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_circle_members_old() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.user_id as scope from old_rows r join users u on u.id = r.user_id) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create or replace function read_gen_circles_renamed() returns trigger language plpgsql as $fn$
      begin
        insert into read_generations (scope, gen)
          select scope, 1 from (select distinct 'u:' || r.owner_id as scope from new_rows r join users u on u.id = r.owner_id) as s order by scope
          on conflict (scope) do update set gen = read_generations.gen + 1;
        return null;
      end
      $fn$`,
  `create trigger read_gen_circle_members_insert after insert on circle_members referencing new table as new_rows for each statement execute function read_gen_circle_members_new()`,
  `create trigger read_gen_circle_members_delete after delete on circle_members referencing old table as old_rows for each statement execute function read_gen_circle_members_old()`,
  `create trigger read_gen_circles_rename after update on circles referencing new table as new_rows for each statement execute function read_gen_circles_renamed()`,
];
