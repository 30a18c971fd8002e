import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import type { DB } from '../../db/schema.ts';
import { memoryAccessFilter } from './access.repository.ts';
import { FRIENDS_LEVEL, NOT_PUBLIC_LEVELS, PUBLIC_LEVEL, type VisibilityLevel } from './audience.ts';
import { linkViewer, userViewer } from './viewer.ts';

/**
 * The audience rule (audience.ts) as SQL. What a viewer may see is the union of three parts,
 * each of which one index range serves:
 * - own:      author_id = viewer (any visibility);
 * - everyone: visibility = PUBLIC_LEVEL;
 * - friends:  author_id among the viewer's friends (read now) and visibility = FRIENDS_LEVEL, and
 *             either for no circle or for one the viewer is in (design §17).
 * Lists read the parts apart (one OR over the table would walk past every memory the viewer may
 * not see); single lookups use visibleTo, the three parts in one predicate.
 */

/** Kysely: may the viewer see this row of `pins`? (memory.read for a signed-in user) */
export function visibleTo(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return memoryAccessFilter(eb, userViewer(viewerId), 'memory.read');
}

/**
 * Kysely: does the live share link whose token hashes to `tokenHash` reach this row of `pins`?
 * The SQL form of `linkReaches` (audience.ts): that memory only, only before the link expires.
 */
export function reachedByLink(eb: ExpressionBuilder<DB, 'pins'>, tokenHash: string, nowIso: string): Expression<SqlBool> {
  return memoryAccessFilter(eb, linkViewer(tokenHash), 'memory.read', nowIso);
}

/** Kysely: may the viewer make, see or end this row's share link? The SQL form of `mayShare`. */
export function sharableBy(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return memoryAccessFilter(eb, userViewer(viewerId), 'memory.share');
}

/** Raw SQL form of the enabled-author condition (access.repository.ts, byActiveAuthor), on an unqualified row. */
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
  /**
   * Memories that reach the viewer only because their author is the viewer's friend: the
   * `friend` and `circle-member` relations of access.repository.ts together.
   */
  friends(viewerId: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`(author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility ${levels([FRIENDS_LEVEL])}
      and (circle_id is null or circle_id in (select circle_id from circle_members where user_id = ${viewerId})) and ${ACTIVE_AUTHOR})`;
  },
  /**
   * The same over the per-author map cells, which hold no circle memory (author-cells-sql.ts):
   * they are added from `circles` below.
   */
  friendsInCells(viewerId: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`(author_id in (select friend_id from friendships where user_id = ${viewerId}) and visibility ${levels([FRIENDS_LEVEL])} and ${ACTIVE_AUTHOR})`;
  },
  /**
   * Circle memories (design §17) reaching the viewer: their own (`own`), and friends' memories
   * for circles they are in (`member`). Two predicates, never joined by OR: a caller reads each
   * apart (they never hold the same memory: the viewer is not their own friend), so each uses its
   * index — ORed, PostgreSQL scanned every memory (13.7 s at 1M under load).
   */
  circles(viewerId: string, which: { own: boolean; member: boolean }): RawBuilder<SqlBool>[] {
    const parts: RawBuilder<SqlBool>[] = [];
    if (which.own) parts.push(sql<SqlBool>`(author_id = ${viewerId} and circle_id is not null)`);
    if (which.member) {
      parts.push(sql<SqlBool>`(circle_id in (select circle_id from circle_members where user_id = ${viewerId}) and visibility ${levels([FRIENDS_LEVEL])}
        and author_id in (select friend_id from friendships where user_id = ${viewerId}) and ${ACTIVE_AUTHOR})`);
    }
    return parts;
  },
  /** Memories that do not reach everyone (what the per-author map cells hold). */
  notPublic(): RawBuilder<SqlBool> {
    return sql<SqlBool>`(visibility ${levels(NOT_PUBLIC_LEVELS)})`;
  },
};

/**
 * Kysely, for the feed's friends-only branch: the memory is for no circle, or for one the viewer
 * is in (design §17). With the author among the viewer's friends and visibility '2', this is the
 * `friend` and `circle-member` relations together.
 */
export function circleLetsIn(eb: ExpressionBuilder<DB, 'pins'>, viewerId: string): Expression<SqlBool> {
  return eb.or([
    eb('pins.circle_id', 'is', null),
    eb('pins.circle_id', 'in', eb.selectFrom('circle_members').select('circle_members.circle_id').where('circle_members.user_id', '=', viewerId)),
  ]);
}

/** The members of the given circles right now, by circle: who a circle memory's live events may reach. */
export async function circleMembersOf(db: Queryable, circleIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>(circleIds.map((id) => [id, new Set<string>()]));
  if (circleIds.length === 0) return result;
  const rows = await db.selectFrom('circle_members').select(['circle_id', 'user_id']).where('circle_id', 'in', [...circleIds]).execute();
  for (const r of rows) result.get(r.circle_id)?.add(r.user_id);
  return result;
}

/** The user's friends right now (friendships_pkey): the candidates of a memory's live events. */
export async function friendIdsOf(db: Queryable, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('friendships').select('friend_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.friend_id));
}
