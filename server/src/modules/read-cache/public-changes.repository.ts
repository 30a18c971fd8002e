import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';

/**
 * public_changes (migration 0070): which public memories changed under which `public` counter
 * (generations-sql.ts, publicChangeTriggersSql). Read by the public layer to catch up
 * (docs/decisions/085-maintained-read-cache.md).
 */
const idsBetweenQuery = preparedQuery('publicChanges.idsBetween', (db, args: { after: number; upTo: number }) =>
  db.selectFrom('public_changes').select('pin_id').distinct().where('seq', '>', args.after).where('seq', '<=', args.upTo),
);

/** How many counters back the log is kept: far more than a layer ever catches up over (PUBLIC_CATCH_UP_MAX). */
export const PUBLIC_CHANGES_KEPT = 100_000;

export const publicChangesRepository = {
  /** The memories changed by writes that raised `public` past `after`, up to `upTo`, each once. */
  async idsBetween(db: Queryable, after: number, upTo: number): Promise<string[]> {
    const rows = await idsBetweenQuery.all(db, { after, upTo });
    return rows.map((r) => r.pin_id);
  },

  /** Forgets what no layer can still need (the hourly sweep). */
  async prune(db: Queryable): Promise<number> {
    const current = await db.selectFrom('read_generations').select('gen').where('scope', '=', 'public').executeTakeFirst();
    if (!current) return 0;
    const r = await db.deleteFrom('public_changes').where('seq', '<', Number(current.gen) - PUBLIC_CHANGES_KEPT).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
