import { SqliteAdapter, sql } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import { slowReadsOf } from '../../db/slow-reads.ts';
import { visibleTo } from '../access/index.ts';
import { fts5Query, tsQuery } from './search-text.ts';

export interface SearchHit {
  id: string;
  /** Relevance as a whole number (higher is better), so a page cursor compares exactly. */
  score: number;
}

export interface SearchCursor {
  score: number;
  id: string;
}

/**
 * Relevance scaled to an integer. Both engines compute it as floating point, and PostgreSQL's
 * ts_rank is single precision: a cursor carrying it back as text would not compare equal to it.
 */
const SCALE = 1_000_000_000;

/** Title counts most, then the place, then the description; on both engines. */
const SQLITE_WEIGHTS = sql.raw('10.0, 1.0, 4.0');

function isSqlite(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The memories matching every word that the viewer may see, with their relevance. */
function matches(db: Queryable, viewerId: string, words: string[]) {
  if (isSqlite(db)) {
    return db
      .selectFrom(sql<{ rowid: number }>`pin_search`.as('pin_search'))
      .innerJoin(sql<{ fts_rowid: number; pin_id: string }>`pin_search_rows`.as('r'), 'r.fts_rowid', 'pin_search.rowid')
      .innerJoin('pins', 'pins.id', 'r.pin_id')
      .where(sql<boolean>`pin_search match ${fts5Query(words)}`)
      .where((eb) => visibleTo(eb, viewerId))
      .select(['pins.id', sql<number>`cast(round(-bm25(pin_search, ${SQLITE_WEIGHTS}) * ${sql.lit(SCALE)}) as integer)`.as('score')]);
  }
  const query = sql`to_tsquery('simple', ${tsQuery(words)})`;
  return db
    .selectFrom('pins')
    .where(sql<boolean>`pins.search_doc @@ ${query}`)
    .where((eb) => visibleTo(eb, viewerId))
    .select(['pins.id', sql<number>`round(ts_rank(pins.search_doc, ${query}) * ${sql.lit(SCALE)})::bigint`.as('score')]);
}

export const searchRepository = {
  /**
   * One page of search hits, best first (ties: newest first), after the cursor. The audience rule
   * is part of the query (audience.repository.ts): a memory the viewer may not see is never a hit.
   */
  async search(db: Queryable, viewerId: string, words: string[], limit: number, after?: SearchCursor): Promise<SearchHit[]> {
    const query = db
      .selectFrom(matches(db, viewerId, words).as('m'))
      .select(['m.id', 'm.score'])
      .$if(after !== undefined, (qb) =>
        qb.where((eb) => eb.or([eb('m.score', '<', after!.score), eb.and([eb('m.score', '=', after!.score), eb('m.id', '<', after!.id)])])),
      )
      .orderBy('m.score', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .compile();
    // SQLite ranks every match before the first page, synchronously: on a thread of its own, so
    // the event loop serves everyone else meanwhile (db/slow-reads.ts). PostgreSQL already waits
    // on a socket.
    const slow = slowReadsOf(db);
    if (slow) return (await slow.all(query.sql, query.parameters)) as SearchHit[];
    return (await db.executeQuery(query)).rows;
  },
};
