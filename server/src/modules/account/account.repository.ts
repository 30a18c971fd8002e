import { SqliteAdapter } from 'kysely';
import type { Queryable } from '../../db/queryable.ts';
import { PUBLIC_LEVEL } from '../access/index.ts';

/** Keyset pages: each query reads one short index range, however much the user has. */
export const accountRepository = {
  /** The newest id among the author's memories: every part of one export stops there. */
  async lastPinId(db: Queryable, authorId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('pins')
      .select('id')
      .where('author_id', '=', authorId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  },

  /** A page of the author's memories in id (creation) order, after `after`, up to `upTo`. */
  pinsPage(db: Queryable, authorId: string, page: { after?: string; upTo: string; limit: number }) {
    return db
      .selectFrom('pins')
      .leftJoin('share_links', 'share_links.pin_id', 'pins.id')
      .select([
        'pins.id',
        'pins.title',
        'pins.description',
        'pins.latitude',
        'pins.longitude',
        'pins.location_name',
        'pins.photos',
        'pins.visibility',
        'pins.created_at',
        'pins.updated_at',
        'pins.happened_at',
        'share_links.expires_at as share_expires_at',
      ])
      .where('pins.author_id', '=', authorId)
      .where('pins.id', '<=', page.upTo)
      .$if(page.after !== undefined, (qb) => qb.where('pins.id', '>', page.after!))
      .orderBy('pins.id')
      .limit(page.limit)
      .execute();
  },

  /** Tags of a page of memories: who was there. */
  tagsOf(db: Queryable, pinIds: string[]) {
    return db
      .selectFrom('pin_tags')
      .innerJoin('users', 'users.id', 'pin_tags.user_id')
      .select(['pin_tags.pin_id', 'users.id', 'users.username'])
      .where('pin_tags.pin_id', 'in', pinIds)
      .orderBy('users.username_lower')
      .execute();
  },

  /** A page of the user's friends, with the e-mail a friend may see (docs/design.md §6). */
  /** The user's trips (at most LIMITS.tripsPerUser) with their memories' ids, oldest first. */
  async tripsOf(db: Queryable, userId: string) {
    const trips = await db
      .selectFrom('trips')
      .select(['id', 'title', 'description', 'visibility', 'cover_pin_id', 'track', 'created_at', 'updated_at'])
      .where('author_id', '=', userId)
      .orderBy('id')
      .execute();
    if (trips.length === 0) return [];
    const pins = await db
      .selectFrom('pins')
      .select(['id', 'trip_id'])
      .where('author_id', '=', userId)
      .where('trip_id', 'in', trips.map((t) => t.id))
      .orderBy('happened_at')
      .orderBy('id')
      .execute();
    return trips.map((t) => ({ ...t, pinIds: pins.filter((p) => p.trip_id === t.id).map((p) => p.id) }));
  },

  friendsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select(['users.id', 'users.username', 'users.email', 'friendships.created_at'])
      .where('friendships.user_id', '=', userId)
      .$if(after !== undefined, (qb) => qb.where('friendships.friend_id', '>', after!))
      .orderBy('friendships.friend_id')
      .limit(limit)
      .execute();
  },

  /** Requests the user sent: to whom (their e-mail is not the sender's to see). */
  sentRequestsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('friend_requests')
      .innerJoin('users', 'users.id', 'friend_requests.to_id')
      .select(['users.id', 'users.username', 'friend_requests.created_at'])
      .where('friend_requests.from_id', '=', userId)
      .$if(after !== undefined, (qb) => qb.where('friend_requests.to_id', '>', after!))
      .orderBy('friend_requests.to_id')
      .limit(limit)
      .execute();
  },

  /** Requests the user received: from whom, with the e-mail a request shares with its receiver. */
  receivedRequestsPage(db: Queryable, userId: string, after: string | undefined, limit: number) {
    return db
      .selectFrom('friend_requests')
      .innerJoin('users', 'users.id', 'friend_requests.from_id')
      .select(['users.id', 'users.username', 'users.email', 'friend_requests.created_at'])
      .where('friend_requests.to_id', '=', userId)
      .$if(after !== undefined, (qb) => qb.where('friend_requests.from_id', '>', after!))
      .orderBy('friend_requests.from_id')
      .limit(limit)
      .execute();
  },

  /**
   * Inside the deletion's transaction: the user's row, locked on PostgreSQL so a memory, tag or
   * friendship being written for the user meanwhile (each takes a key-share lock on the row
   * through its foreign key) either commits before the deletion reads what to remove, or fails
   * after it. SQLite runs one writer at a time.
   */
  lockUser(db: Queryable, userId: string) {
    const query = db.selectFrom('users').select(['id', 'profile_picture', 'disabled_at']).where('id', '=', userId);
    return (db.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate()).executeTakeFirst();
  },

  /** The photos (pins.photos, media/pin-photos.ts) of each of the user's memories that has any. */
  photosOf(db: Queryable, authorId: string) {
    return db.selectFrom('pins').select(['id', 'photos']).where('author_id', '=', authorId).where('photos', '!=', '[]').execute();
  },

  /** The ids of all the user's memories (the read cache's log forgets them). */
  async pinIdsOf(db: Queryable, authorId: string): Promise<string[]> {
    return (await db.selectFrom('pins').select('id').where('author_id', '=', authorId).execute()).map((r) => r.id);
  },

  /** Where the user's public memories are: they leave the map's public cells. */
  publicPlacementsOf(db: Queryable, authorId: string) {
    return db
      .selectFrom('pins')
      .select(['latitude', 'longitude', 'visibility'])
      .where('author_id', '=', authorId)
      .where('visibility', '=', PUBLIC_LEVEL)
      .execute();
  },

  /**
   * The user's row; the foreign keys (all `on delete cascade`) take with it their sessions,
   * friendships and requests both ways, their memories with those memories' tags and share links,
   * and their tags on others' memories.
   */
  async deleteUser(db: Queryable, userId: string): Promise<boolean> {
    const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
