import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';

/** The three counters a viewer's read depends on, in one primary-key lookup. */
const generationsQuery = preparedQuery('readGenerations.of', (db, args: { scopes: string[] }) =>
  db.selectFrom('read_generations').select(['scope', 'gen']).where('scope', 'in', args.scopes),
);

export const generationsRepository = {
  /** Each asked-for scope's counter; a scope never raised has no row and is at 0. */
  async read(db: Queryable, scopes: string[]): Promise<Map<string, number>> {
    const rows = await generationsQuery.all(db, { scopes });
    return new Map(rows.map((r) => [r.scope, Number(r.gen)]));
  },

  /**
   * Raises the given scopes in the caller's transaction, for a change no trigger sees (an account
   * disabled or enabled: docs/design.md §18). In scope order, as the triggers do, so two such
   * transactions on PostgreSQL cannot deadlock on the counters.
   * Such a raise logs no memory (read_changes): a layer that follows the log sees a counter it
   * cannot replay and is read whole (docs/decisions/085-maintained-read-cache.md).
   */
  async raise(db: Queryable, scopes: string[]): Promise<void> {
    const sorted = [...new Set(scopes)].sort();
    if (sorted.length === 0) return;
    await db
      .insertInto('read_generations')
      .values(sorted.map((scope) => ({ scope, gen: 1 })))
      .onConflict((oc) => oc.column('scope').doUpdateSet((eb) => ({ gen: eb('read_generations.gen', '+', 1) })))
      .execute();
  },
};
