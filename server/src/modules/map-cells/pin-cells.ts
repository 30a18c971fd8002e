import type { Queryable } from '../../db/queryable.ts';
import { isPublic } from '../access/index.ts';
import { aggregateLevel, cellDeltas, MAX_CELL_LEVEL, type CellDelta } from './map-grid.ts';
import { pinCellsRepository } from './pin-cells.repository.ts';

/** Where a memory is and who may see it: all the map's cells care about. */
export interface PinPlacement {
  latitude: number;
  longitude: number;
  visibility: number;
}

/**
 * The memories service calls this inside the transaction of every create (before = null),
 * update (both) and delete (after = null), so the public cells always match the pins table.
 * Only memories that reach everyone are counted in these cells; other changes cost nothing (the
 * per-author cells of the rest are kept by triggers: author-cells-sql.ts).
 */
export async function onPinChanged(db: Queryable, before: PinPlacement | null, after: PinPlacement | null): Promise<void> {
  const wasPublic = before !== null && isPublic(before.visibility);
  const nowPublic = after !== null && isPublic(after.visibility);
  if (wasPublic && nowPublic && before.latitude === after.latitude && before.longitude === after.longitude) return;
  const deltas = [
    ...(wasPublic ? cellDeltas(before.latitude, before.longitude, -1) : []),
    ...(nowPublic ? cellDeltas(after.latitude, after.longitude, 1) : []),
  ];
  await pinCellsRepository.applyCellDeltas(db, mergeDeltas(deltas));
}

/**
 * One delta per cell: a memory moved within a cell (at the coarse levels, almost every move) would
 * otherwise name the cell twice in one upsert, which PostgreSQL refuses ("cannot affect row a
 * second time").
 */
function mergeDeltas(deltas: CellDelta[]): CellDelta[] {
  const byCell = new Map<string, CellDelta>();
  for (const d of deltas) {
    const key = `${d.level}:${d.cx}:${d.cy}`;
    const seen = byCell.get(key);
    if (seen) {
      seen.count += d.count;
      seen.sumLat += d.sumLat;
      seen.sumLng += d.sumLng;
    } else {
      byCell.set(key, { ...d });
    }
  }
  return [...byCell.values()].filter((d) => d.count !== 0 || d.sumLat !== 0 || d.sumLng !== 0);
}

/**
 * Many memories leave at once (an account is deleted): their public ones are taken out of the
 * cells in a few statements, their deltas summed per cell first, inside the caller's transaction.
 */
export function onPinsRemoved(db: Queryable, removed: PinPlacement[]): Promise<void> {
  return shiftPins(db, removed, -1);
}

/** The reverse: a disabled account enabled again brings its public memories back (docs/design.md §18). */
export function onPinsReturned(db: Queryable, returned: PinPlacement[]): Promise<void> {
  return shiftPins(db, returned, 1);
}

async function shiftPins(db: Queryable, pins: PinPlacement[], sign: 1 | -1): Promise<void> {
  const byCell = new Map<string, CellDelta>();
  for (const pin of pins) {
    if (!isPublic(pin.visibility)) continue;
    for (const d of cellDeltas(pin.latitude, pin.longitude, sign)) {
      const key = `${d.level}:${d.cx}:${d.cy}`;
      const sum = byCell.get(key);
      if (sum) {
        sum.count += d.count;
        sum.sumLat += d.sumLat;
        sum.sumLng += d.sumLng;
      } else byCell.set(key, d);
    }
  }
  const deltas = [...byCell.values()];
  for (let i = 0; i < deltas.length; i += 500) await pinCellsRepository.applyCellDeltas(db, deltas.slice(i, i + 500));
}

/** An author who is gone leaves nothing in the map's cells: their own rows go with them. */
export async function forgetAuthor(db: Queryable, authorId: string): Promise<void> {
  await pinCellsRepository.deleteAuthorCells(db, authorId);
}

/** Recomputes every cell from the pins table (repair, or after loading pins some other way). */
export async function rebuildPinCells(db: Queryable): Promise<number> {
  // Read and rewrite in one transaction, so a write meanwhile cannot slip between the two.
  return db.transaction().execute(async (trx) => {
    const lats: number[] = [];
    const lngs: number[] = [];
    let after = '';
    for (;;) {
      const rows = await pinCellsRepository.publicPositionsAfter(trx, after, 20_000);
      for (const r of rows) {
        lats.push(Number(r.latitude));
        lngs.push(Number(r.longitude));
      }
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
    }
    const latArr = Float64Array.from(lats);
    const lngArr = Float64Array.from(lngs);
    await pinCellsRepository.deleteAllCells(trx);
    for (let level = 0; level <= MAX_CELL_LEVEL; level++) {
      const cells = aggregateLevel(latArr, lngArr, level);
      for (let i = 0; i < cells.length; i += 2000) await pinCellsRepository.insertCells(trx, cells.slice(i, i + 2000));
    }
    return lats.length;
  });
}
