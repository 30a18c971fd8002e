import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';

/**
 * read_changes (migration 0070): which memories changed under which counter of which scope
 * (generations-sql.ts, changeLogTriggersSql). Read by the layers that catch up instead of being
 * read again (docs/decisions/085-maintained-read-cache.md).
 */
const betweenQuery = preparedQuery('readChanges.between', (db, args: { scope: string; after: number; upTo: number }) =>
  db.selectFrom('read_changes').select(['seq', 'pin_id']).where('scope', '=', args.scope).where('seq', '>', args.after).where('seq', '<=', args.upTo),
);

/**
 * How many counters back each scope's log is kept: far more than a layer ever catches up over
 * (MAINTAINED_CATCH_UP_MAX); a reader that finds entries gone reads its layer whole.
 */
export const READ_CHANGES_KEPT = 300;

export interface ChangesBetween {
  /** The memories changed, each once. */
  ids: string[];
  /** Whether every raise in the range logged its memories: if not, replaying them is not enough. */
  complete: boolean;
}

export const readChangesRepository = {
  /** The memories changed by the writes that raised `scope` past `after`, up to `upTo`. */
  async between(db: Queryable, scope: string, after: number, upTo: number): Promise<ChangesBetween> {
    const rows = await betweenQuery.all(db, { scope, after, upTo });
    const seqs = new Set(rows.map((r) => Number(r.seq)));
    return { ids: [...new Set(rows.map((r) => r.pin_id))], complete: seqs.size === upTo - after };
  },

  /**
   * A deleted account leaves nothing in the log (docs/design.md §9: nothing of it in any row):
   * its own scope's entries, and those naming its memories in others' scopes — the ones its
   * deletion just wrote included, so this runs after it, in its transaction. A layer that needed
   * them finds its range incomplete and is read whole.
   */
  async forgetAccount(db: Queryable, userId: string, pinIds: string[]): Promise<void> {
    // The viewer scope of read-cache.ts (VIEWER_SCOPE_PREFIX).
    await db.deleteFrom('read_changes').where('scope', '=', `u:${userId}`).execute();
    for (let i = 0; i < pinIds.length; i += 500) {
      await db.deleteFrom('read_changes').where('pin_id', 'in', pinIds.slice(i, i + 500)).execute();
    }
  },

  /** Forgets what no layer can still need: entries far behind their scope's counter, or of a scope gone (the hourly sweep). */
  async prune(db: Queryable): Promise<number> {
    const r = await sql`delete from read_changes where not exists (
        select 1 from read_generations g where g.scope = read_changes.scope and read_changes.seq > g.gen - ${READ_CHANGES_KEPT})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },
};
