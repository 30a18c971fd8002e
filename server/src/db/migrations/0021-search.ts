import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Search over memories (docs/design.md §12): title, description and place name, kept up to date by
 * the database itself in the transaction of every write (create, update, move, delete, and the
 * cascade when an account goes), then filled from every memory already there.
 *
 * - SQLite: an FTS5 table (unicode61 tokens, diacritics removed, prefix indexes for 2 and 3
 *   characters) kept by triggers on pins. FTS5 needs an integer key: pin_search_rows gives each
 *   memory one that never changes (a pins rowid may, on VACUUM).
 * - PostgreSQL: a stored generated tsvector on pins ('simple' configuration: no language's stemming
 *   or stop words, as memories are written in every language), weighted title A, place B,
 *   description C, with a GIN index. Latin letters with diacritics are folded to their base letter
 *   (translate; unaccent is an extension and not immutable), as unicode61 does on SQLite.
 *
 * Frozen: the fold table is the one of this day; the search module carries the live copy for
 * queries, and search.test.ts checks that the two agree.
 */
export const FOLD_FROM = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ';
export const FOLD_TO = 'AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create table pin_search_rows (fts_rowid integer primary key, pin_id text not null unique)`.execute(db);
    await sql`create virtual table pin_search using fts5(title, description, location_name, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
    await sql`insert into pin_search_rows (pin_id) select id from pins order by id`.execute(db);
    await sql`insert into pin_search (rowid, title, description, location_name)
      select r.fts_rowid, p.title, p.description, p.location_name from pins p join pin_search_rows r on r.pin_id = p.id`.execute(db);
    await sql`create trigger pins_search_insert after insert on pins begin
      insert into pin_search_rows (pin_id) values (new.id);
      insert into pin_search (rowid, title, description, location_name)
        values ((select fts_rowid from pin_search_rows where pin_id = new.id), new.title, new.description, new.location_name);
    end`.execute(db);
    await sql`create trigger pins_search_update after update of title, description, location_name on pins begin
      update pin_search set title = new.title, description = new.description, location_name = new.location_name
        where rowid = (select fts_rowid from pin_search_rows where pin_id = new.id);
    end`.execute(db);
    await sql`create trigger pins_search_delete after delete on pins begin
      delete from pin_search where rowid = (select fts_rowid from pin_search_rows where pin_id = old.id);
      delete from pin_search_rows where pin_id = old.id;
    end`.execute(db);
    return;
  }
  const fold = (column: string) => sql`translate(${sql.ref(column)}, ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})`;
  await sql`alter table pins add column search_doc tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, ${fold('title')}), 'A') ||
    setweight(to_tsvector('simple'::regconfig, ${fold('location_name')}), 'B') ||
    setweight(to_tsvector('simple'::regconfig, ${fold('description')}), 'C')
  ) stored`.execute(db);
  await sql`create index pins_search_idx on pins using gin (search_doc)`.execute(db);
}
