import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Several photos per memory (docs/design.md §12): pins.photos, a JSON list of
 * `{id, key, width, height}` in the order they are shown, replaces pins.image_key.
 *
 * A list in the row rather than a table of its own: photos (at most 10) are always read and
 * written with their memory and never queried by themselves, so every list that reads pins
 * already has them, and a change of the list is one optimistic update of one row (two edits
 * racing cannot both believe they dropped the same file: the update checks the list it read).
 *
 * Every existing photo becomes its memory's first and only photo. Its id is the memory's id
 * (unique, as new photos take fresh UUIDv7 ids) and its size is null: it was not kept then, and a
 * migration does not read files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql`alter table pins add column photos text not null default '[]'`.execute(db);
  const list = sqlite
    ? sql`json_array(json_object('id', id, 'key', image_key, 'width', null, 'height', null))`
    : sql`json_build_array(json_build_object('id', id, 'key', image_key, 'width', null, 'height', null))::text`;
  await sql`update pins set photos = ${list} where image_key is not null`.execute(db);
  await sql`alter table pins drop column image_key`.execute(db);
}
