import { PostgresAdapter, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';

// Read on every friends screen: compiled once (db/prepared-query.ts).
type OfUser = { userId: string };

const listFriendsQuery = preparedQuery('friends.listFriends', (db, args: OfUser) =>
  db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select(['users.id', 'users.username', 'users.profile_picture', 'users.email'])
    .where('friendships.user_id', '=', args.userId)
    .orderBy('users.username_lower'),
);

export const friendsRepository = {
  /**
   * Holds the pair (a, b) until the calling transaction ends, whoever of the two acts: the key is
   * the same both ways round, so crossing requests and accepts of one pair run one after the
   * other and never lock rows in opposite orders (docs/decisions/042-friend-pair-locking.md).
   * SQLite needs nothing: a transaction holds its only connection, so transactions never overlap.
   */
  async lockPair(trx: Queryable, a: string, b: string): Promise<void> {
    if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  },

  /** The viewer's friends with what they may see of them (friends see each other's e-mail). */
  listFriends(db: Queryable, userId: string) {
    return listFriendsQuery.all(db, { userId });
  },

  /**
   * Requests the user has received, newest first (served by friend_requests_to_idx), with each
   * requester's row.
   */
  listReceived(db: Queryable, userId: string) {
    return db
      .selectFrom('friend_requests')
      .innerJoin('users', 'users.id', 'friend_requests.from_id')
      .select(['users.id', 'users.username', 'users.profile_picture', 'users.email'])
      .where('friend_requests.to_id', '=', userId)
      .orderBy('friend_requests.created_at', 'desc')
      .orderBy('friend_requests.from_id', 'desc')
      .execute();
  },

  /**
   * Whether `otherId` exists and how the viewer stands with them, in one round trip; undefined
   * when there is no such user.
   */
  relationship(db: Queryable, viewerId: string, otherId: string) {
    return db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        eb
          .exists(
            eb
              .selectFrom('friendships')
              .select('friendships.user_id')
              .where('friendships.user_id', '=', viewerId)
              .where('friendships.friend_id', '=', otherId),
          )
          .as('friends'),
        eb
          .exists(
            eb
              .selectFrom('friend_requests')
              .select('friend_requests.from_id')
              .where('friend_requests.from_id', '=', viewerId)
              .where('friend_requests.to_id', '=', otherId),
          )
          .as('sent'),
        eb
          .exists(
            eb
              .selectFrom('friend_requests')
              .select('friend_requests.from_id')
              .where('friend_requests.from_id', '=', otherId)
              .where('friend_requests.to_id', '=', viewerId),
          )
          .as('received'),
      ])
      .where('users.id', '=', otherId)
      .executeTakeFirst();
  },

  insertRequest(db: Queryable, fromId: string, toId: string, createdAt: string) {
    return db.insertInto('friend_requests').values({ from_id: fromId, to_id: toId, created_at: createdAt }).execute();
  },

  /** Returns how many rows went (0 or 1), so "no such request" needs no separate read. */
  async deleteRequest(db: Queryable, fromId: string, toId: string): Promise<number> {
    const result = await db
      .deleteFrom('friend_requests')
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Both directions; already being friends is not an error here (accepting is idempotent). */
  insertFriendship(db: Queryable, a: string, b: string, createdAt: string) {
    return db
      .insertInto('friendships')
      .values([
        { user_id: a, friend_id: b, created_at: createdAt },
        { user_id: b, friend_id: a, created_at: createdAt },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
      .execute();
  },

  /** Both directions in one statement; returns how many rows went. */
  async deleteFriendship(db: Queryable, a: string, b: string): Promise<number> {
    const result = await db
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
