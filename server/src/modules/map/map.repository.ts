import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import { bandsOf, type CellDelta, type CellWindow, type LngRange } from './map-grid.ts';

/** pin_cells (migration 0004): public memories per grid cell and level, with position sums. */
export interface PinCellsTable {
  level: number;
  cx: number;
  cy: number;
  count: number;
  sum_lat: number;
  sum_lng: number;
}

type CellsDb = ReturnType<typeof withCells>;

function withCells(db: Queryable) {
  return db.withTables<{ pin_cells: PinCellsTable }>();
}

export interface BoxQuery {
  ranges: LngRange[];
  south: number;
  north: number;
}

/**
 * The box condition in the shape the position indexes (migration 0004) serve: a short list of
 * latitude bands, each a longitude range. `floor(latitude * 10)` must stay literally this (no
 * parameter for the 10, no table prefix) for SQLite and PostgreSQL to match the index expression.
 */
function inBox(range: LngRange, south: number, north: number): RawBuilder<SqlBool> {
  const bands = bandsOf(south, north);
  const bandCondition = bands.list
    ? sql`floor(latitude * 10) in (${sql.join(bands.list)})`
    : sql`floor(latitude * 10) between ${bands.from} and ${bands.to}`;
  return sql<SqlBool>`${bandCondition} and longitude between ${range.west} and ${range.east} and latitude between ${south} and ${north}`;
}

export interface LivePosition {
  own: number;
  visibility: number;
  latitude: number;
  longitude: number;
}

export interface PinTypes {
  own: boolean;
  friend: boolean;
  public: boolean;
}

export const mapRepository = {
  /**
   * Adds one memory's contribution to every level's cell (or takes it away), in one statement.
   * Emptied cells stay as zero rows: reads skip them and a later memory there reuses them.
   */
  async applyCellDeltas(db: Queryable, deltas: CellDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await withCells(db)
      .insertInto('pin_cells')
      .values(deltas.map((d) => ({ level: d.level, cx: d.cx, cy: d.cy, count: d.count, sum_lat: d.sumLat, sum_lng: d.sumLng })))
      .onConflict((oc) =>
        oc.columns(['level', 'cx', 'cy']).doUpdateSet((eb) => ({
          count: eb('pin_cells.count', '+', eb.ref('excluded.count')),
          sum_lat: eb('pin_cells.sum_lat', '+', eb.ref('excluded.sum_lat')),
          sum_lng: eb('pin_cells.sum_lng', '+', eb.ref('excluded.sum_lng')),
        })),
      )
      .execute();
  },

  /** Bulk fill (rebuild): plain inserts into an emptied table. */
  async insertCells(db: Queryable, cells: CellDelta[]): Promise<void> {
    if (cells.length === 0) return;
    await withCells(db)
      .insertInto('pin_cells')
      .values(cells.map((d) => ({ level: d.level, cx: d.cx, cy: d.cy, count: d.count, sum_lat: d.sumLat, sum_lng: d.sumLng })))
      .execute();
  },

  deleteAllCells(db: Queryable) {
    return withCells(db).deleteFrom('pin_cells').execute();
  },

  /** A page of public positions in id order, for a rebuild that does not hold the table at once. */
  publicPositionsAfter(db: Queryable, afterId: string, limit: number) {
    return db
      .selectFrom('pins')
      .select(['id', 'latitude', 'longitude'])
      .where('visibility', '=', 3)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * The non-empty public cells of a window. Columns are listed one by one when few, so each is
   * one primary-key seek over just the window's rows, never a whole column of the world.
   */
  listCells(db: Queryable, window: CellWindow) {
    const cells: CellsDb = withCells(db);
    return cells
      .selectFrom('pin_cells')
      .select(['cx', 'cy', 'count', 'sum_lat', 'sum_lng'])
      .where('level', '=', window.level)
      .where((eb) =>
        eb.or(
          window.columns.map((c) => {
            const width = c.x1 - c.x0 + 1;
            const xs = width <= 256 ? Array.from({ length: width }, (_, i) => c.x0 + i) : null;
            return xs ? eb('cx', 'in', xs) : eb.and([eb('cx', '>=', c.x0), eb('cx', '<=', c.x1)]);
          }),
        ),
      )
      .where('cy', '>=', window.y0)
      .where('cy', '<=', window.y1)
      .where('count', '>', 0)
      .execute();
  },

  /**
   * Positions of what the public cells do not hold, found live: the viewer's own memories (any
   * visibility; `own` = 1) and their friends' friends-only ones. Bounded by the viewer's and
   * their friends' memories, read from (author_id, visibility, band, …) without the table.
   */
  livePositions(db: Queryable, viewerId: string, box: BoxQuery, layers: { own: boolean; friends: boolean }): Promise<LivePosition[]> {
    const branches: RawBuilder<LivePosition>[] = [];
    for (const range of box.ranges) {
      const where = inBox(range, box.south, box.north);
      if (layers.own) {
        branches.push(sql<LivePosition>`select 1 as own, visibility, latitude, longitude from pins
          where author_id = ${viewerId} and visibility in (1, 2, 3) and ${where}`);
      }
      if (layers.friends) {
        branches.push(sql<LivePosition>`select 0 as own, visibility, latitude, longitude from pins
          where author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility = 2 and ${where}`);
      }
    }
    if (branches.length === 0) return Promise.resolve([]);
    return sql<LivePosition>`${sql.join(branches, sql` union all `)}`
      .execute(db)
      .then((r) => r.rows);
  },

  /**
   * Ids of the newest `limit` memories in a box that the viewer may see, per the map's type
   * filters: public ones by others, the viewer's own, friends' friends-only ones. Each branch is
   * a handful of index ranges; only the box's memories are sorted.
   */
  async visibleIdsInBox(db: Queryable, viewerId: string, box: BoxQuery, types: PinTypes, limit: number): Promise<string[]> {
    const branches: RawBuilder<{ id: string }>[] = [];
    for (const range of box.ranges) {
      const where = inBox(range, box.south, box.north);
      // With both layers the viewer's own public memories come from the public branch, which
      // then needs no author check (the index holds no author, so the check would cost a read).
      if (types.public) {
        branches.push(
          types.own
            ? sql`select id from pins where visibility = 3 and ${where}`
            : sql`select id from pins where visibility = 3 and author_id <> ${viewerId} and ${where}`,
        );
      }
      if (types.own) {
        branches.push(
          types.public
            ? sql`select id from pins where author_id = ${viewerId} and visibility in (1, 2) and ${where}`
            : sql`select id from pins where author_id = ${viewerId} and visibility in (1, 2, 3) and ${where}`,
        );
      }
      if (types.friend) {
        branches.push(sql`select id from pins
          where author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility = 2 and ${where}`);
      }
    }
    if (branches.length === 0) return [];
    const { rows } = await sql<{ id: string }>`select id from (${sql.join(branches, sql` union all `)}) as visible
      order by id desc limit ${limit}`.execute(db);
    return rows.map((r) => r.id);
  },
};
