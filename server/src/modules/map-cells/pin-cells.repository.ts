import type { Queryable } from '../../db/queryable.ts';
import { PUBLIC_LEVEL } from '../access/index.ts';
import type { CellDelta } from './map-grid.ts';

/** pin_cells (migration 0004): public memories per grid cell and level, with position sums. */
export interface PinCellsTable {
  level: number;
  cx: number;
  cy: number;
  count: number;
  sum_lat: number;
  sum_lng: number;
}

export function withCells(db: Queryable) {
  return db.withTables<{ pin_cells: PinCellsTable }>();
}

export const pinCellsRepository = {
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

  /**
   * An author's rows of author_cells (migration 0005). Its triggers only count down, leaving zero
   * rows behind that still name the author; a deleted account takes them with it.
   */
  deleteAuthorCells(db: Queryable, authorId: string) {
    return db.withTables<{ author_cells: { author_id: string } }>().deleteFrom('author_cells').where('author_id', '=', authorId).execute();
  },

  deleteAllCells(db: Queryable) {
    return withCells(db).deleteFrom('pin_cells').execute();
  },

  /** A page of public positions in id order, for a rebuild that does not hold the table at once. */
  publicPositionsAfter(db: Queryable, afterId: string, limit: number) {
    return db
      .selectFrom('pins')
      .select(['id', 'latitude', 'longitude'])
      .where('visibility', '=', PUBLIC_LEVEL)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },
};
