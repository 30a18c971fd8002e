import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';
import { FRIENDS_SCOPE_PREFIX } from './generations-sql.ts';

/** The three counters a viewer's read depends on, in one primary-key lookup. */
const generationsQuery = preparedQuery('readGenerations.of', (db, args: { scopes: string[] }) =>
  db.selectFrom('read_generations').select(['scope', 'gen']).where('scope', 'in', args.scopes),
);

/**
 * The friends-only counter (`f:<author>`, migration 0080) of everyone a user is friends with: a
 * friend whose counter was never raised is there, at 0. Also the user's friend list.
 */
const friendCountersQuery = preparedQuery('readGenerations.friendsOf', (db, args: { userId: string }) =>
  db
    .selectFrom('friendships')
    .leftJoin('read_generations', (j) => j.on('read_generations.scope', '=', sql<string>`${sql.lit(FRIENDS_SCOPE_PREFIX)} || friendships.friend_id`))
    .select(['friendships.friend_id', 'read_generations.gen'])
    .where('friendships.user_id', '=', args.userId),
);

export const generationsRepository = {
  /** Each asked-for scope's counter; a scope never raised has no row and is at 0. */
  async read(db: Queryable, scopes: string[]): Promise<Map<string, number>> {
    const rows = await generationsQuery.all(db, { scopes });
    return new Map(rows.map((r) => [r.scope, Number(r.gen)]));
  },

  /** The `f:` counter of each of the user's friends, by friend (0 when never raised). */
  async friendCounters(db: Queryable, userId: string): Promise<Map<string, number>> {
    const rows = await friendCountersQuery.all(db, { userId });
    return new Map(rows.map((r) => [r.friend_id, Number(r.gen ?? 0)]));
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
