import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';

/** The display-size backfill's reads and writes of memories' photo lists (display-backfill.ts). */
export const displayBackfillRepository = {
  /**
   * The next `limit` memories with photos, in id order, through the partial index
   * pins_with_photos_idx (migration 0090). The condition is the index's own literal, not a
   * parameter: the database uses a partial index only for a query it can see implies it.
   */
  withPhotosAfter(db: Queryable, after: string, limit: number) {
    return db.selectFrom('pins').select(['id', 'photos']).where('id', '>', after).where(sql<boolean>`photos != '[]'`).orderBy('id').limit(limit);
  },

  /** Writes the photo list only if it is still `expected` (compare and set); whether it did. */
  async savePhotosIfUnchanged(db: Queryable, pinId: string, expected: string, next: string): Promise<boolean> {
    const saved = await db.updateTable('pins').set({ photos: next }).where('id', '=', pinId).where('photos', '=', expected).executeTakeFirst();
    return Number(saved.numUpdatedRows) === 1;
  },

  async photosOf(db: Queryable, pinId: string): Promise<string | undefined> {
    return (await db.selectFrom('pins').select('photos').where('id', '=', pinId).executeTakeFirst())?.photos;
  },
};
