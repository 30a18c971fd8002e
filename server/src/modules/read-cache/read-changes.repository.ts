import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';
import { FRIENDS_SCOPE_PREFIX } from './generations-sql.ts';
import { generationsRepository } from './generations.repository.ts';

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
    // Its viewer scope (read-cache.ts, VIEWER_SCOPE_PREFIX) and its friends scope (FRIENDS_SCOPE_PREFIX).
    await db.deleteFrom('read_changes').where('scope', 'in', [`u:${userId}`, `${FRIENDS_SCOPE_PREFIX}${userId}`]).execute();
    for (let i = 0; i < pinIds.length; i += 500) {
      await db.deleteFrom('read_changes').where('pin_id', 'in', pinIds.slice(i, i + 500)).execute();
    }
  },

  /**
   * Forgets what no layer can still need: entries far behind their scope's counter, or of a scope
   * gone (the hourly sweep). In batches of `batch` scopes, walked in key order: each batch reads
   * its scopes' oldest entries and counters (two index reads), deletes only in the scopes that
   * have something to forget (one key range each, in one short transaction), and lets other work
   * run before the next — on SQLite the writing connection is on the event loop, and one DELETE
   * over the whole table held every request for its length.
   */
  async prune(db: Queryable, batch = PRUNE_BATCH): Promise<number> {
    let after = '';
    let deleted = 0;
    for (;;) {
      const oldest = await oldestQuery.all(db, { after, batch });
      if (oldest.length === 0) return deleted;
      after = oldest.at(-1)!.scope;
      const gens = await generationsRepository.read(db, oldest.map((r) => r.scope));
      // A scope gone (a deleted account's) has no counter: all of it goes.
      const cuts = oldest
        .map((r) => ({ scope: r.scope, upTo: gens.has(r.scope) ? gens.get(r.scope)! - READ_CHANGES_KEPT : Number.MAX_SAFE_INTEGER }))
        .filter((c, i) => Number(oldest[i]!.low) <= c.upTo);
      if (cuts.length > 0) {
        deleted += await db.transaction().execute(async (trx) => {
          let n = 0;
          for (const c of cuts) {
            const r = await trx.deleteFrom('read_changes').where('scope', '=', c.scope).where('seq', '<=', c.upTo).executeTakeFirst();
            n += Number(r.numDeletedRows);
          }
          return n;
        });
      }
      if (oldest.length < batch) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  },
};

/** Scopes per batch of the prune. */
export const PRUNE_BATCH = 200;

/** The next `batch` scopes of the log after `after`, each with its oldest counter (the primary key's order). */
const oldestQuery = preparedQuery('readChanges.oldest', (db, args: { after: string; batch: number }) =>
  db
    .selectFrom('read_changes')
    .select((eb) => ['scope', eb.fn.min('seq').as('low')])
    .where('scope', '>', args.after)
    .groupBy('scope')
    .orderBy('scope')
    .limit(args.batch),
);
