import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { FRIENDS_LEVEL, NOT_PUBLIC_LEVELS, PUBLIC_LEVEL, type VisibilityLevel } from './audience.ts';

/**
 * The audience rule (audience.ts) as SQL. What a viewer may see is the union of three parts,
 * each of which one index range serves:
 * - own:      author_id = viewer (any visibility);
 * - everyone: visibility = PUBLIC_LEVEL;
 * - friends:  author_id among the viewer's friends (read now) and visibility = FRIENDS_LEVEL.
 * Lists read the parts apart (one OR over the table would walk past every memory the viewer may
 * not see); single lookups use visibleTo, the three parts in one predicate.
 */

/** Kysely: may the viewer see this row of `pins`? */
export function visibleTo(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return eb.or([
    eb('pins.author_id', '=', viewerId),
    eb('pins.visibility', '=', PUBLIC_LEVEL),
    eb.and([
      eb('pins.visibility', '=', FRIENDS_LEVEL),
      eb.exists(
        eb
          .selectFrom('friendships')
          .select('friendships.user_id')
          .where('friendships.user_id', '=', viewerId)
          .whereRef('friendships.friend_id', '=', 'pins.author_id'),
      ),
    ]),
  ]);
}

/** Literals, as the map's SQL always wrote them (plans are the same with parameters). */
function levels(list: VisibilityLevel[]): RawBuilder<unknown> {
  return list.length === 1 ? sql`= ${sql.lit(list[0]!)}` : sql`in (${sql.join(list.map((l) => sql.lit(l)))})`;
}

/**
 * Raw SQL conditions on an unqualified `pins` row, for queries written as SQL text (the map's
 * box and cell queries).
 */
export const audienceSql = {
  /** The viewer's own memories of the given visibilities (all when omitted). */
  own(viewerId: string, only?: VisibilityLevel[]): RawBuilder<SqlBool> {
    return only ? sql<SqlBool>`(author_id = ${viewerId} and visibility ${levels(only)})` : sql<SqlBool>`(author_id = ${viewerId})`;
  },
  /** Memories every signed-in user may see. */
  everyone(): RawBuilder<SqlBool> {
    return sql<SqlBool>`(visibility ${levels([PUBLIC_LEVEL])})`;
  },
  /** Memories that reach the viewer only because their author is the viewer's friend. */
  friends(viewerId: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`(author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility ${levels([FRIENDS_LEVEL])})`;
  },
  /** Memories that do not reach everyone (what the per-author map cells hold). */
  notPublic(): RawBuilder<SqlBool> {
    return sql<SqlBool>`(visibility ${levels(NOT_PUBLIC_LEVELS)})`;
  },
};
