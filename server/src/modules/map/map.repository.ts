import { SqliteAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import { audienceSql, ALL_LEVELS, NOT_PUBLIC_LEVELS, PUBLIC_LEVEL, type VisibilityLevel } from '../access/index.ts';
import { bandsOf, type CellWindow, type LngRange } from '../map-cells/map-grid.ts';
import { withCells } from '../map-cells/pin-cells.repository.ts';

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

export interface CellRow {
  cx: number;
  cy: number;
  count: number;
  sum_lat: number;
  sum_lng: number;
}

function isSqlite(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface PinTypes {
  own: boolean;
  friend: boolean;
  public: boolean;
}

export const mapRepository = {
  /**
   * The non-empty public cells of a window. Columns are listed one by one when few, so each is
   * one primary-key seek over just the window's rows, never a whole column of the world.
   */
  listCells(db: Queryable, window: CellWindow) {
    return withCells(db)
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
   * What the public cells do not hold, counted live per cell of the window's level: the viewer's
   * own memories of the given visibilities and their friends' friends-only ones. Bounded by the
   * viewer's and their friends' memories, read from (author_id, visibility, band, …) without
   * touching the table, and grouped by cell in the database so only cells come back. The cell
   * formula is map-grid.ts's; a last-bit difference in the database's sin/ln can only move a
   * memory to the neighbouring cell, never drop or double it.
   */
  liveCells(
    db: Queryable,
    viewerId: string,
    box: BoxQuery,
    level: number,
    layers: { ownVisibilities: VisibilityLevel[]; friends: boolean; circles?: { own: boolean; member: boolean } },
  ) {
    const branches: RawBuilder<unknown>[] = [];
    // Only for coarse windows, beside authorCells: the circle memories the per-author cells do not hold.
    const circles = layers.circles ? audienceSql.circles(viewerId, layers.circles) : [];
    for (const range of box.ranges) {
      const where = inBox(range, box.south, box.north);
      for (const circle of circles) branches.push(sql`select latitude, longitude from pins where ${circle} and ${where}`);
      if (layers.ownVisibilities.length > 0) {
        branches.push(sql`select latitude, longitude from pins where ${audienceSql.own(viewerId, layers.ownVisibilities)} and ${where}`);
      }
      if (layers.friends) {
        branches.push(sql`select latitude, longitude from pins where ${audienceSql.friends(viewerId)} and ${where}`);
      }
    }
    if (branches.length === 0) return Promise.resolve([]);
    const n = 2 ** level;
    const sqlite = isSqlite(db);
    const least = sqlite ? sql.raw('min') : sql.raw('least');
    const greatest = sqlite ? sql.raw('max') : sql.raw('greatest');
    const lat = sql`${greatest}(-85.0511287798066, ${least}(85.0511287798066, latitude))`;
    const sin = sql`sin(radians(${lat}))`;
    const cx = sql`${least}(${n - 1}, ${greatest}(0, floor((longitude + 180) / 360 * ${n})))`;
    const cy = sql`${least}(${n - 1}, ${greatest}(0, floor((0.5 - ln((1 + ${sin}) / (1 - ${sin})) / (4 * pi())) * ${n})))`;
    return sql<CellRow>`select cx, cy, count(*) as count, sum(latitude) as sum_lat, sum(longitude) as sum_lng from (
        select ${cx} as cx, ${cy} as cy, latitude, longitude from (${sql.join(branches, sql` union all `)}) as live
      ) as cells group by cx, cy`
      .execute(db)
      .then((r) => r.rows);
  },

  /**
   * The same as liveCells, for coarse windows (level ≤ AUTHOR_CELL_MAX_LEVEL), from the
   * per-author cells the triggers keep: a few rows per friend, however many memories they have.
   * They hold no circle memory (design §17): the caller adds those with liveCells' `circles`.
   */
  authorCells(db: Queryable, viewerId: string, window: CellWindow, layers: { ownVisibilities: VisibilityLevel[]; friends: boolean }) {
    const inWindow = sql`level = ${window.level} and (${sql.join(
      window.columns.map((c) => sql`cx between ${c.x0} and ${c.x1}`),
      sql` or `,
    )}) and cy between ${window.y0} and ${window.y1}`;
    const branches: RawBuilder<unknown>[] = [];
    if (layers.ownVisibilities.length > 0) {
      branches.push(sql`select cx, cy, count, sum_lat, sum_lng from author_cells
        where ${audienceSql.own(viewerId, layers.ownVisibilities)} and ${inWindow}`);
    }
    if (layers.friends) {
      branches.push(sql`select cx, cy, count, sum_lat, sum_lng from author_cells
        where ${audienceSql.friendsInCells(viewerId)} and ${inWindow}`);
    }
    if (branches.length === 0) return Promise.resolve([]);
    return sql<CellRow>`select cx, cy, sum(count) as count, sum(sum_lat) as sum_lat, sum(sum_lng) as sum_lng
      from (${sql.join(branches, sql` union all `)}) as mine group by cx, cy`
      .execute(db)
      .then((r) => r.rows);
  },

  /** The viewer's own public memories in a box, one by one (their cells must match the stored ones exactly). */
  ownPublicPositions(db: Queryable, viewerId: string, box: BoxQuery) {
    const branches = box.ranges.map(
      (range) => sql<{ latitude: number; longitude: number }>`select latitude, longitude from pins
        where ${audienceSql.own(viewerId, [PUBLIC_LEVEL])} and ${inBox(range, box.south, box.north)}`,
    );
    return sql<{ latitude: number; longitude: number }>`${sql.join(branches, sql` union all `)}`
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
            ? sql`select id from pins where ${audienceSql.everyone()} and ${where}`
            : sql`select id from pins where ${audienceSql.everyone()} and author_id <> ${viewerId} and ${where}`,
        );
      }
      if (types.own) {
        branches.push(
          types.public
            ? sql`select id from pins where ${audienceSql.own(viewerId, NOT_PUBLIC_LEVELS)} and ${where}`
            : sql`select id from pins where ${audienceSql.own(viewerId, ALL_LEVELS)} and ${where}`,
        );
      }
      if (types.friend) {
        branches.push(sql`select id from pins where ${audienceSql.friends(viewerId)} and ${where}`);
      }
    }
    if (branches.length === 0) return [];
    const { rows } = await sql<{ id: string }>`select id from (${sql.join(branches, sql` union all `)}) as visible
      order by id desc limit ${limit}`.execute(db);
    return rows.map((r) => r.id);
  },
};
