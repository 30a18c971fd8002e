import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
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

/**
 * Kysely: is this row's author an account that is not disabled? docs/design.md §18: an admin
 * disables an account and its memories are hidden from everyone else until it is enabled again.
 * The subquery reads the partial index of disabled accounts (migration 0030): empty on most
 * servers, so it costs one probe. Only the author-is-someone-else parts carry it (a disabled
 * account cannot sign in to read its own).
 */
export function byActiveAuthor(eb: ExpressionBuilder<DB, 'pins'>): Expression<SqlBool> {
  return eb('pins.author_id', 'not in', eb.selectFrom('users').select('users.id').where('users.disabled_at', 'is not', null));
}

/** Kysely: may the viewer see this row of `pins`? */
export function visibleTo(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return eb.or([
    eb('pins.author_id', '=', viewerId),
    eb.and([eb('pins.visibility', '=', PUBLIC_LEVEL), byActiveAuthor(eb)]),
    eb.and([
      byActiveAuthor(eb),
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

/**
 * Kysely: does the live share link whose token hashes to `tokenHash` reach this row of `pins`?
 * The SQL form of `linkReaches` (audience.ts): that memory only, only before the link expires.
 */
export function reachedByLink(eb: ExpressionBuilder<DB, 'pins'>, tokenHash: string, nowIso: string): Expression<SqlBool> {
  // `id in (…)`, not a correlated exists: the link is found by its unique hash first, then its one
  // memory by primary key, instead of testing every memory against the link.
  return eb(
    'pins.id',
    'in',
    eb
      .selectFrom('share_links')
      .select('share_links.pin_id')
      .where('share_links.token_hash', '=', tokenHash)
      .where('share_links.expires_at', '>', nowIso)
      // A disabled account's links stop working with the rest of its memories (§18).
      .where('share_links.pin_id', 'not in', eb.selectFrom('pins as p').innerJoin('users as u', 'u.id', 'p.author_id').select('p.id').where('u.disabled_at', 'is not', null)),
  );
}

/** Kysely: may the viewer make, see or end this row's share link? The SQL form of `mayShare`. */
export function sharableBy(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return eb('pins.author_id', '=', viewerId);
}

/** Raw SQL form of byActiveAuthor, on an unqualified row with `author_id`. */
const ACTIVE_AUTHOR = sql<SqlBool>`author_id not in (select id from users where disabled_at is not null)`;

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
    return sql<SqlBool>`(visibility ${levels([PUBLIC_LEVEL])} and ${ACTIVE_AUTHOR})`;
  },
  /** Memories that reach the viewer only because their author is the viewer's friend. */
  friends(viewerId: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`(author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility ${levels([FRIENDS_LEVEL])} and ${ACTIVE_AUTHOR})`;
  },
  /** Memories that do not reach everyone (what the per-author map cells hold). */
  notPublic(): RawBuilder<SqlBool> {
    return sql<SqlBool>`(visibility ${levels(NOT_PUBLIC_LEVELS)})`;
  },
};

/** The user's friends right now (friendships_pkey): the candidates of a memory's live events. */
export async function friendIdsOf(db: Queryable, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.friend_id));
}
