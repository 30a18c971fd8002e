import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import type { DB } from '../../db/schema.ts';
import { FRIENDS_LEVEL, PUBLIC_LEVEL } from './audience.ts';
import { RULES, type Entity, type Permission, type Relation } from './permissions.ts';
import type { Viewer } from './viewer.ts';

/**
 * The relations of permissions.ts as SQL, one predicate per relation and kind of thing. The
 * batched check (require-access.ts) asks each granting relation in turn, one query for all the
 * ids still refused; lists and single lookups filter their rows with `accessFilter`, the same
 * predicates joined by OR. access.test.ts checks both against the rule in memory.
 */

type Predicate<T extends keyof DB> = (eb: ExpressionBuilder<DB, T>, viewer: Viewer, nowIso: string) => Expression<SqlBool> | null;

const never = sql<SqlBool>`1 = 0`;

/**
 * Kysely: is this row's author an enabled account? docs/design.md §18: an admin disables an
 * account and its memories are hidden from everyone else until it is enabled again, so every
 * relation but `author` holds only while the author is enabled (withActiveAuthor below). The
 * subquery reads the partial index of disabled accounts (migration 0030): empty on most servers.
 */
export function byActiveAuthor<T extends 'pins'>(eb: ExpressionBuilder<DB, T>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'pins'>;
  return e('pins.author_id', 'not in', e.selectFrom('users').select('users.id').where('users.disabled_at', 'is not', null));
}

/** The relation, and the author is enabled. */
function withActiveAuthor(p: Predicate<'pins'>): Predicate<'pins'> {
  return (eb, v, nowIso) => {
    const held = p(eb, v, nowIso);
    return held === null ? null : eb.and([held, byActiveAuthor(eb)]);
  };
}

/** How a viewer stands to a row of `pins`; null where the relation cannot hold for this viewer. */
const memoryRelations: Partial<Record<Relation, Predicate<'pins'>>> = {
  author: (eb, v) => ('userId' in v ? eb('pins.author_id', '=', v.userId) : null),
  friend: withActiveAuthor((eb, v) =>
    'userId' in v
      ? eb.and([
          eb('pins.visibility', '=', FRIENDS_LEVEL),
          eb('pins.circle_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('friendships')
              .select('friendships.user_id')
              .where('friendships.user_id', '=', v.userId)
              .whereRef('friendships.friend_id', '=', 'pins.author_id'),
          ),
        ])
      : null,
  ),
  everyone: withActiveAuthor((eb, v) => ('userId' in v ? eb('pins.visibility', '=', PUBLIC_LEVEL) : null)),
  // `id in (…)`, not a correlated exists: the link is found by its unique hash first, then its one
  // memory by primary key, instead of testing every memory against the link.
  'share-link': withActiveAuthor((eb, v, nowIso) =>
    'linkTokenHash' in v
      ? eb(
          'pins.id',
          'in',
          eb
            .selectFrom('share_links')
            .select('share_links.pin_id')
            .where('share_links.token_hash', '=', v.linkTokenHash)
            .where('share_links.expires_at', '>', nowIso),
        )
      : null,
  ),
  tagged: (eb, v) =>
    'userId' in v
      ? eb.exists(
          eb.selectFrom('pin_tags').select('pin_tags.pin_id').whereRef('pin_tags.pin_id', '=', 'pins.id').where('pin_tags.user_id', '=', v.userId),
        )
      : null,
  // Design §17: in the memory's circle (circle_members_user_idx) and still the author's friend.
  'circle-member': withActiveAuthor((eb, v) =>
    'userId' in v
      ? eb.and([
          eb('pins.visibility', '=', FRIENDS_LEVEL),
          eb('pins.circle_id', 'in', eb.selectFrom('circle_members').select('circle_members.circle_id').where('circle_members.user_id', '=', v.userId)),
          eb.exists(
            eb
              .selectFrom('friendships')
              .select('friendships.user_id')
              .where('friendships.user_id', '=', v.userId)
              .whereRef('friendships.friend_id', '=', 'pins.author_id'),
          ),
        ])
      : null,
  ),
  // Design §15: the link's trip holds the memory (pins_trip_idx), which reaches friends or
  // everyone and no circle. The trip is found by the link's unique hash first.
  'trip-link': withActiveAuthor((eb, v, nowIso) =>
    'tripLinkTokenHash' in v
      ? eb.and([
          eb('pins.visibility', 'in', [FRIENDS_LEVEL, PUBLIC_LEVEL]),
          eb('pins.circle_id', 'is', null),
          eb(
            'pins.trip_id',
            'in',
            eb
              .selectFrom('trip_share_links')
              .select('trip_share_links.trip_id')
              .where('trip_share_links.token_hash', '=', v.tripLinkTokenHash)
              .where('trip_share_links.expires_at', '>', nowIso),
          ),
        ])
      : null,
  ),
};

/** Kysely: is this trip's author an enabled account? (As byActiveAuthor, for trips.) */
function tripByActiveAuthor(eb: ExpressionBuilder<DB, 'trips'>): Expression<SqlBool> {
  return eb('trips.author_id', 'not in', eb.selectFrom('users').select('users.id').where('users.disabled_at', 'is not', null));
}

/**
 * How a viewer stands to a row of `trips` (design §15): the trip's own visibility, read as a
 * memory's is (without circles: a trip is for no circle).
 */
const tripRelations: Partial<Record<Relation, Predicate<'trips'>>> = {
  author: (eb, v) => ('userId' in v ? eb('trips.author_id', '=', v.userId) : null),
  friend: (eb, v) =>
    'userId' in v
      ? eb.and([
          eb('trips.visibility', '=', FRIENDS_LEVEL),
          eb.exists(
            eb
              .selectFrom('friendships')
              .select('friendships.user_id')
              .where('friendships.user_id', '=', v.userId)
              .whereRef('friendships.friend_id', '=', 'trips.author_id'),
          ),
          tripByActiveAuthor(eb),
        ])
      : null,
  everyone: (eb, v) => ('userId' in v ? eb.and([eb('trips.visibility', '=', PUBLIC_LEVEL), tripByActiveAuthor(eb)]) : null),
  'share-link': (eb, v, nowIso) =>
    'tripLinkTokenHash' in v
      ? eb.and([
          eb(
            'trips.id',
            'in',
            eb
              .selectFrom('trip_share_links')
              .select('trip_share_links.trip_id')
              .where('trip_share_links.token_hash', '=', v.tripLinkTokenHash)
              .where('trip_share_links.expires_at', '>', nowIso),
          ),
          tripByActiveAuthor(eb),
        ])
      : null,
};

/**
 * How a viewer stands to a row of `comments` (design §14). The memory's relations are the
 * memories' own predicates, asked of the comment's memory.
 */
const commentRelations: Partial<Record<Relation, Predicate<'comments'>>> = {
  author: (eb, v) => ('userId' in v ? eb('comments.author_id', '=', v.userId) : null),
  'memory-author': (eb, v) =>
    'userId' in v
      ? eb.exists(eb.selectFrom('pins').select('pins.id').whereRef('pins.id', '=', 'comments.pin_id').where('pins.author_id', '=', v.userId))
      : null,
  'memory-reader': (eb, v, nowIso) =>
    eb.exists(
      eb
        .selectFrom('pins')
        .select('pins.id')
        .whereRef('pins.id', '=', 'comments.pin_id')
        .where((p) => memoryAccessFilter(p as unknown as ExpressionBuilder<DB, 'pins'>, v, 'memory.read', nowIso)),
    ),
};

/** How a viewer stands to a row of `circles`: its owner is its author. */
const circleRelations: Partial<Record<Relation, Predicate<'circles'>>> = {
  author: (eb, v) => ('userId' in v ? eb('circles.owner_id', '=', v.userId) : null),
};

/** How a viewer stands to a row of `users`. */
const userRelations: Partial<Record<Relation, Predicate<'users'>>> = {
  self: (eb, v) => ('userId' in v ? eb('users.id', '=', v.userId) : null),
  friend: (eb, v) =>
    'userId' in v
      ? eb.exists(
          eb
            .selectFrom('friendships')
            .select('friendships.user_id')
            .where('friendships.user_id', '=', v.userId)
            .whereRef('friendships.friend_id', '=', 'users.id'),
        )
      : null,
  requester: (eb, v) =>
    'userId' in v
      ? eb.exists(
          eb
            .selectFrom('friend_requests')
            .select('friend_requests.from_id')
            .whereRef('friend_requests.from_id', '=', 'users.id')
            .where('friend_requests.to_id', '=', v.userId),
        )
      : null,
};

function orOf(parts: Array<Expression<SqlBool> | null>, eb: { or: (e: Expression<SqlBool>[]) => Expression<SqlBool> }): Expression<SqlBool> {
  const present = parts.filter((p): p is Expression<SqlBool> => p !== null);
  if (present.length === 0) return never;
  return present.length === 1 ? present[0]! : eb.or(present);
}

function predicateOf<T extends keyof DB>(table: Partial<Record<Relation, Predicate<T>>>, relation: Relation): Predicate<T> {
  const p = table[relation];
  if (!p) throw new Error(`the relation '${relation}' has no SQL for this kind of thing`);
  return p;
}

function ruleOn(permission: Permission, entity: Entity): readonly Relation[] {
  const rule = RULES[permission];
  if (rule.entity !== entity) throw new Error(`'${permission}' is not about a ${entity}`);
  return rule.grantedBy;
}

/** Kysely: may the viewer do `permission` to this row of `pins`? (Filters lists and lookups.) */
export function memoryAccessFilter(
  eb: ExpressionBuilder<DB, 'pins'>,
  viewer: Viewer,
  permission: Permission,
  nowIso: string = new Date().toISOString(),
): Expression<SqlBool> {
  return orOf(ruleOn(permission, 'memory').map((r) => predicateOf(memoryRelations, r)(eb, viewer, nowIso)), eb);
}

/** Kysely: may the viewer do `permission` to this row of `trips`? (Lists of trips.) */
export function tripAccessFilter(
  eb: ExpressionBuilder<DB, 'trips'>,
  viewer: Viewer,
  permission: Permission,
  nowIso: string = new Date().toISOString(),
): Expression<SqlBool> {
  return orOf(ruleOn(permission, 'trip').map((r) => predicateOf(tripRelations, r)(eb, viewer, nowIso)), eb);
}

/** Kysely: may the viewer do `permission` to this row of `users`? */
export function userAccessFilter(
  eb: ExpressionBuilder<DB, 'users'>,
  viewer: Viewer,
  permission: Permission,
  nowIso: string = new Date().toISOString(),
): Expression<SqlBool> {
  return orOf(ruleOn(permission, 'user').map((r) => predicateOf(userRelations, r)(eb, viewer, nowIso)), eb);
}

/** One batched query: which of `ids` the viewer reaches through one relation. */
export type RelationQuery = (db: Queryable, viewer: Viewer, ids: readonly string[], nowIso: string) => Promise<string[]>;

function memoryQuery(relation: Relation): RelationQuery {
  const predicate = predicateOf(memoryRelations, relation);
  return async (db, viewer, ids, nowIso) => {
    const rows = await db
      .selectFrom('pins')
      .select('pins.id')
      .where('pins.id', 'in', [...ids])
      .where((eb) => predicate(eb, viewer, nowIso) ?? never)
      .execute();
    return rows.map((r) => r.id);
  };
}

function userQuery(relation: Relation): RelationQuery {
  const predicate = predicateOf(userRelations, relation);
  return async (db, viewer, ids, nowIso) => {
    const rows = await db
      .selectFrom('users')
      .select('users.id')
      .where('users.id', 'in', [...ids])
      .where((eb) => predicate(eb, viewer, nowIso) ?? never)
      .execute();
    return rows.map((r) => r.id);
  };
}

function commentQuery(relation: Relation): RelationQuery {
  const predicate = predicateOf(commentRelations, relation);
  return async (db, viewer, ids, nowIso) => {
    const rows = await db
      .selectFrom('comments')
      .select('comments.id')
      .where('comments.id', 'in', [...ids])
      .where((eb) => predicate(eb, viewer, nowIso) ?? never)
      .execute();
    return rows.map((r) => r.id);
  };
}

function tripQuery(relation: Relation): RelationQuery {
  const predicate = predicateOf(tripRelations, relation);
  return async (db, viewer, ids, nowIso) => {
    const rows = await db
      .selectFrom('trips')
      .select('trips.id')
      .where('trips.id', 'in', [...ids])
      .where((eb) => predicate(eb, viewer, nowIso) ?? never)
      .execute();
    return rows.map((r) => r.id);
  };
}

function circleQuery(relation: Relation): RelationQuery {
  const predicate = predicateOf(circleRelations, relation);
  return async (db, viewer, ids, nowIso) => {
    const rows = await db
      .selectFrom('circles')
      .select('circles.id')
      .where('circles.id', 'in', [...ids])
      .where((eb) => predicate(eb, viewer, nowIso) ?? never)
      .execute();
    return rows.map((r) => r.id);
  };
}

function queriesFor(relations: Partial<Record<Relation, unknown>>, make: (r: Relation) => RelationQuery): Partial<Record<Relation, RelationQuery>> {
  return Object.fromEntries(Object.keys(relations).map((r) => [r, make(r as Relation)]));
}

/**
 * The batched queries per kind of thing and relation.
 */
export const accessRepository: Readonly<Record<Entity, Partial<Record<Relation, RelationQuery>>>> = {
  memory: queriesFor(memoryRelations, memoryQuery),
  user: {
    ...queriesFor(userRelations, userQuery),
    // The viewer's own id needs no query: a session's user exists.
    self: async (_db, viewer, ids) => ('userId' in viewer && ids.includes(viewer.userId) ? [viewer.userId] : []),
  },
  comment: queriesFor(commentRelations, commentQuery),
  trip: queriesFor(tripRelations, tripQuery),
  circle: queriesFor(circleRelations, circleQuery),
  // `system` is the server: the ids stand for it (admin-access.ts passes the viewer's own), and
  // all are granted or none.
  system: {
    admin: async (db, viewer, ids) => {
      if (!('userId' in viewer)) return [];
      const row = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.id', '=', viewer.userId)
        .where('users.is_admin', '=', 1)
        .where('users.disabled_at', 'is', null)
        .executeTakeFirst();
      return row ? [...ids] : [];
    },
  },
};
