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
};
