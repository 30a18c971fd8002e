import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The clustered map (docs/decisions/020-map-clusters.md):
 * - pin_cells: how many PUBLIC memories each grid cell holds at each level, with the sums of
 *   their positions (so a cluster sits at their mean). Kept up to date by the memories service
 *   on every write; the seed script fills it in bulk.
 * - Two position indexes keyed by 0.1° latitude bands, then longitude: "the pins in this box" is
 *   one short index range per band, for public pins and for one author's pins alike. A plain
 *   (latitude, longitude) index can only range on latitude, so it reads a strip around the
 *   whole world.
 * Frozen: the cell formula this migration fills with is copied below as it stood, so a later change
 * to the map's code never changes what an old migration does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('pin_cells')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('sum_lat', 'double precision', (c) => c.notNull())
    .addColumn('sum_lng', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('pin_cells_pk', ['level', 'cx', 'cy'])
    // Rows are only ever found by their key: no separate rowid b-tree on SQLite.
    .$call((b) => (sqlite ? b.modifyEnd(sql`without rowid`) : b))
    .execute();

  // The expression must read exactly `floor(latitude * 10)` in queries for the index to apply.
  await sql`create index pins_public_geo_idx on pins (visibility, (floor(latitude * 10)), longitude, latitude, id)`.execute(db);
  await sql`create index pins_author_geo_idx on pins (author_id, visibility, (floor(latitude * 10)), longitude, latitude, id)`.execute(db);

  await backfill(db);
}

/** A database that already holds memories gets its cells now (a fresh one has none). */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const lats: number[] = [];
  const lngs: number[] = [];
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; latitude: number; longitude: number }>`
      select id, latitude, longitude from pins where visibility = 3 and id > ${after} order by id limit 10000`.execute(db);
    for (const r of rows) {
      lats.push(Number(r.latitude));
      lngs.push(Number(r.longitude));
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  if (lats.length === 0) return;
  const latArr = Float64Array.from(lats);
  const lngArr = Float64Array.from(lngs);
  for (let level = 0; level <= MAX_CELL_LEVEL; level++) {
    const cells = aggregateLevel(latArr, lngArr, level);
    for (let i = 0; i < cells.length; i += 1000) {
      const chunk = cells.slice(i, i + 1000);
      await sql`insert into pin_cells (level, cx, cy, count, sum_lat, sum_lng) values ${sql.join(
        chunk.map((c) => sql`(${c.level}, ${c.cx}, ${c.cy}, ${c.count}, ${c.sumLat}, ${c.sumLng})`),
      )}`.execute(db);
    }
  }
}

const MAX_CELL_LEVEL = 16;
const MAX_MERCATOR_LAT = 85.0511287798066;

function cellIndex(v: number, level: number): number {
  const n = 2 ** level;
  return Math.min(n - 1, Math.max(0, Math.floor(v * n)));
}

function mercatorY(lat: number): number {
  const sin = Math.sin((Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180);
  return Math.max(0, Math.min(1, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)));
}

interface Cell {
  level: number;
  cx: number;
  cy: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

/** Every non-empty cell of one level for a set of positions. */
function aggregateLevel(lats: Float64Array, lngs: Float64Array, level: number): Cell[] {
  const n = 2 ** level;
  const index = new Map<number, Cell>();
  for (let i = 0; i < lats.length; i++) {
    const lat = lats[i]!;
    const lng = lngs[i]!;
    const cx = cellIndex((lng + 180) / 360, level);
    const cy = cellIndex(mercatorY(lat), level);
    const c = index.get(cx * n + cy);
    if (c) {
      c.count += 1;
      c.sumLat += lat;
      c.sumLng += lng;
    } else index.set(cx * n + cy, { level, cx, cy, count: 1, sumLat: lat, sumLng: lng });
  }
  return [...index.values()];
}
