import type { Queryable } from '../../db/queryable.ts';
import { DATED_BY, type Window } from './memory-day.ts';

export const onThisDayRepository = {
  /** When the author's oldest memory is dated (one step down the author's date index). */
  async firstDate(db: Queryable, authorId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('pins')
      .select(`pins.${DATED_BY} as at`)
      .where('pins.author_id', '=', authorId)
      .orderBy(`pins.${DATED_BY}`)
      .limit(1)
      .executeTakeFirst();
    return row?.at;
  },

  /**
   * The author's memories dated inside any of the windows, newest first: one range of the
   * (author_id, date) index per window.
   */
  inWindows(db: Queryable, authorId: string, windows: Window[], limit: number) {
    return db
      .selectFrom('pins')
      .select(['pins.id', `pins.${DATED_BY} as at`])
      .where('pins.author_id', '=', authorId)
      .where((eb) => eb.or(windows.map((w) => eb.and([eb(`pins.${DATED_BY}`, '>=', w.from), eb(`pins.${DATED_BY}`, '<', w.to)]))))
      .orderBy(`pins.${DATED_BY}`, 'desc')
      // Two memories of the same instant keep one order on every request and server.
      .orderBy('pins.id', 'desc')
      .limit(limit)
      .execute();
  },
};
