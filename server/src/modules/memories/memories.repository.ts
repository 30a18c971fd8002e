import { preparedQuery } from '../../db/prepared-query.ts';
import type { Queryable } from '../../db/queryable.ts';
import type { Insertable, Selectable } from 'kysely';
import type { PinsTable, PinTagsTable } from '../../db/schema.ts';
import { byActiveAuthor, FRIENDS_LEVEL, PUBLIC_LEVEL, circleLetsIn, visibleTo, memoryAccessFilter, userViewer } from '../access/index.ts';

export interface PinListFilter {
  limit: number;
  /** Keyset cursor: only pins with a smaller (older, ids being UUIDv7) id. */
  before?: string;
}

const pinWithAuthorColumns = [
  'pins.id',
  'pins.author_id',
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
  'pins.circle_id',
  'pins.trip_id',
  'users.username as author_username',
  'users.profile_picture as author_picture',
] as const;

// The queries of every list, compiled once per shape (db/prepared-query.ts).

const findManyVisibleQuery = preparedQuery('pins.findManyVisible', (db, args: { viewerId: string; ids: string[] }) =>
  db
    .selectFrom('pins')
    .innerJoin('users', 'users.id', 'pins.author_id')
    .select(pinWithAuthorColumns)
    .where('pins.id', 'in', args.ids)
    .where((eb) => visibleTo(eb, args.viewerId))
    .orderBy('pins.id', 'desc'),
);

type IdPage = { viewerId: string; before: string | undefined; wanted: number };

/** The newest `wanted` ids of the viewer's own pins and of public pins, before the cursor. */
const ownAndPublicIdsQuery = preparedQuery('pins.ownAndPublicIds', (db, args: IdPage) => {
  const branch = () =>
    db
      .selectFrom('pins')
      .select('pins.id')
      .$if(args.before !== undefined, (qb) => qb.where('pins.id', '<', args.before!))
      .orderBy('pins.id', 'desc')
      .limit(args.wanted);
  return (
    db
      .selectFrom(branch().where('pins.author_id', '=', args.viewerId).as('own'))
      .select('own.id')
      // union, not union all: the viewer's own public memories are in both branches.
      .union(db.selectFrom(branch().where('pins.visibility', '=', PUBLIC_LEVEL).where(byActiveAuthor).as('everyone')).select('everyone.id'))
      .orderBy('id', 'desc')
      .limit(args.wanted)
  );
});

/**
 * The newest `wanted` ids of friends-only pins of the viewer's friends, between the cursor and
 * the floor, those for a circle only when the viewer is in it (design §17). Driven from the viewer's friendships: only their friends' pins are read. A cross
 * join is how SQLite is told to keep this join order (PostgreSQL plans it like any inner join).
 */
const friendsOnlyIdsQuery = preparedQuery('pins.friendsOnlyIds', (db, args: IdPage & { floor: string | undefined }) =>
  db
    .selectFrom('friendships')
    .crossJoin('pins')
    .whereRef('pins.author_id', '=', 'friendships.friend_id')
    .select('pins.id')
    .where('friendships.user_id', '=', args.viewerId)
    .where('pins.visibility', '=', FRIENDS_LEVEL)
    .where(byActiveAuthor)
    .where((eb) => circleLetsIn(eb, args.viewerId))
    .$if(args.before !== undefined, (qb) => qb.where('pins.id', '<', args.before!))
    .$if(args.floor !== undefined, (qb) => qb.where('pins.id', '>', args.floor!))
    .orderBy('pins.id', 'desc')
    .limit(args.wanted),
);

/** The newest public pins with their authors (the read cache's public layer). */
const newestPublicQuery = preparedQuery('pins.newestPublic', (db, args: { wanted: number }) =>
  db
    .selectFrom('pins')
    .innerJoin('users', 'users.id', 'pins.author_id')
    .select(pinWithAuthorColumns)
    .where('pins.visibility', '=', PUBLIC_LEVEL)
    .where(byActiveAuthor)
    .orderBy('pins.id', 'desc')
    .limit(args.wanted),
);

/** Of these pins, the ones the public layer holds: public, by an enabled author (as newestPublic). */
const publicByIdsQuery = preparedQuery('pins.publicByIds', (db, args: { ids: string[] }) =>
  db
    .selectFrom('pins')
    .innerJoin('users', 'users.id', 'pins.author_id')
    .select(pinWithAuthorColumns)
    .where('pins.id', 'in', args.ids)
    .where('pins.visibility', '=', PUBLIC_LEVEL)
    .where(byActiveAuthor)
    .orderBy('pins.id', 'desc'),
);

/** The newest ids of the viewer's own pins, any visibility (pins_author_idx). */
const ownIdsQuery = preparedQuery('pins.ownIds', (db, args: { viewerId: string; wanted: number }) =>
  db.selectFrom('pins').select('pins.id').where('pins.author_id', '=', args.viewerId).orderBy('pins.id', 'desc').limit(args.wanted),
);

const tagsOfQuery = preparedQuery('pins.tagsOf', (db, args: { pinIds: string[] }) =>
  db
    .selectFrom('pin_tags')
    .innerJoin('users', 'users.id', 'pin_tags.user_id')
    .select(['pin_tags.pin_id', 'users.id', 'users.username', 'users.profile_picture'])
    .where('pin_tags.pin_id', 'in', args.pinIds)
    .orderBy('users.username_lower'),
);

/** A pin as lists read it: everything but the create's Idempotency-Key, which only create looks up. */
export type PinWithAuthor = Omit<Selectable<PinsTable>, 'client_key'> & { author_username: string; author_picture: string | null };

export interface PinPage {
  rows: PinWithAuthor[];
  /** The cursor of the next page; null when nothing follows this one. */
  nextBefore: string | null;
}

export const memoriesRepository = {
  insertPin(db: Queryable, row: Insertable<PinsTable>) {
    return db.insertInto('pins').values(row).execute();
  },

  /** The memory an earlier POST /api/create with this Idempotency-Key made, if any. */
  async findByClientKey(db: Queryable, authorId: string, clientKey: string): Promise<string | undefined> {
    const row = await db.selectFrom('pins').select('id').where('author_id', '=', authorId).where('client_key', '=', clientKey).executeTakeFirst();
    return row?.id;
  },

  insertTags(db: Queryable, rows: PinTagsTable[]) {
    return db.insertInto('pin_tags').values(rows).execute();
  },

  deleteTags(db: Queryable, pinId: string) {
    return db.deleteFrom('pin_tags').where('pin_id', '=', pinId).execute();
  },

  /** Which of `ids` are friends of `userId` right now. */
  async friendsAmong(db: Queryable, userId: string, ids: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', userId)
      .where('friend_id', 'in', ids)
      .execute();
    return rows.map((r) => r.friend_id);
  },

  /** One pin, only if the viewer may see it: a pin they may not see does not exist for them. */
  findVisible(db: Queryable, viewerId: string, pinId: string) {
    return db
      .selectFrom('pins')
      .select(['pins.id', 'pins.author_id', 'pins.photos', 'pins.visibility', 'pins.latitude', 'pins.longitude', 'pins.location_name', 'pins.circle_id', 'pins.trip_id'])
      .where('pins.id', '=', pinId)
      .where((eb) => visibleTo(eb, viewerId))
      .executeTakeFirst();
  },

  /**
   * Pins with their authors by id, newest first, re-checking visibility (a pin changed or
   * unfriended since its id was read is simply absent).
   */
  findManyVisible(db: Queryable, viewerId: string, ids: string[]): Promise<PinWithAuthor[]> {
    return findManyVisibleQuery.all(db, { viewerId, ids });
  },

  /**
   * A page of the pins the viewer may see, newest first, and the cursor of the next page (null
   * when this one is the last). The audience rule is read as its three parts
   * (audience.repository.ts), each on its own index and cut at `limit`: one OR over the table
   * would walk past every pin the viewer may not see.
   *
   * Own and public pins come first, in one query. Friends-only pins are then read only where
   * they can still make the page: newer than the last of a full own-and-public page. That keeps
   * the friends' part to one short index range per friend (migration 0006) instead of every
   * friends-only pin they ever posted, and the cost of a page flat as the world grows.
   */
  async listVisible(db: Queryable, viewerId: string, filter: PinListFilter): Promise<PinPage> {
    // One more than the page: whether it exists says if there is a next page.
    const wanted = filter.limit + 1;
    const ownAndPublic = await ownAndPublicIdsQuery.all(db, { viewerId, before: filter.before, wanted });
    const floor = ownAndPublic.length === wanted ? ownAndPublic.at(-1)!.id : undefined;
    const friendsOnly = await friendsOnlyIdsQuery.all(db, { viewerId, before: filter.before, floor, wanted });
    // Ids are UUIDv7: their text order is their time order, on both databases.
    const ids = [...ownAndPublic, ...friendsOnly]
      .map((r) => r.id)
      .sort()
      .reverse()
      .slice(0, wanted);
    const page = ids.slice(0, filter.limit);
    if (page.length === 0) return { rows: [], nextBefore: null };
    // The cursor comes from the ids: a pin that stopped being visible between the queries is
    // left out of this page but does not end the feed early.
    return {
      rows: await memoriesRepository.findManyVisible(db, viewerId, page),
      nextBefore: ids.length > filter.limit ? page.at(-1)! : null,
    };
  },

  /**
   * A page of one author's pins that the viewer may see, newest first (a person's profile): one
   * range of the (author_id, id) index, each row tested by the audience rule.
   */
  async authorPageVisible(db: Queryable, viewerId: string, authorId: string, filter: PinListFilter): Promise<PinPage> {
    const ids = await db
      .selectFrom('pins')
      .select('pins.id')
      .where('pins.author_id', '=', authorId)
      .where((eb) => visibleTo(eb, viewerId))
      .$if(filter.before !== undefined, (qb) => qb.where('pins.id', '<', filter.before!))
      .orderBy('pins.id', 'desc')
      .limit(filter.limit + 1)
      .execute();
    const page = ids.slice(0, filter.limit).map((r) => r.id);
    if (page.length === 0) return { rows: [], nextBefore: null };
    return {
      rows: await memoriesRepository.findManyVisible(db, viewerId, page),
      nextBefore: ids.length > filter.limit ? page.at(-1)! : null,
    };
  },

  /** The newest `wanted` public pins with their authors, newest first. */
  newestPublic(db: Queryable, wanted: number): Promise<PinWithAuthor[]> {
    return newestPublicQuery.all(db, { wanted });
  },

  /** Those of `ids` that newestPublic would list (public, author enabled), newest first. */
  publicByIds(db: Queryable, ids: string[]): Promise<PinWithAuthor[]> {
    return publicByIdsQuery.all(db, { ids });
  },

  /**
   * The ids of the newest `wanted` of the viewer's own pins and, apart, of their friends'
   * friends-only pins: what reaches the viewer beside the public memories.
   */
  async newestPersonalIds(db: Queryable, viewerId: string, wanted: number): Promise<{ own: string[]; friendsOnly: string[] }> {
    const own = await ownIdsQuery.all(db, { viewerId, wanted });
    const friendsOnly = await friendsOnlyIdsQuery.all(db, { viewerId, before: undefined, floor: undefined, wanted });
    return { own: own.map((r) => r.id), friendsOnly: friendsOnly.map((r) => r.id) };
  },

  /** Every tag of a page of pins in one query, with what the pin object shows of each user. */
  /** How many memories a trip holds (pins_trip_idx). */
  /** One memory's trip (its author's own; the trip checked by the caller). */
  async setTrip(db: Queryable, pinId: string, authorId: string, tripId: string | null): Promise<void> {
    await db.updateTable('pins').set({ trip_id: tripId }).where('id', '=', pinId).where('author_id', '=', authorId).execute();
  },

  async countInTrip(db: Queryable, tripId: string): Promise<number> {
    const row = await db.selectFrom('pins').select((eb) => eb.fn.countAll<number | string>().as('n')).where('trip_id', '=', tripId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  tagsOf(db: Queryable, pinIds: string[]) {
    return tagsOfQuery.all(db, { pinIds });
  },

  /**
   * Writes the new content, only if the row still has the visibility and position (and, when the
   * photos change, the photos) the caller read: two edits racing cannot both believe they replaced
   * the same file or moved the same memory in, out of or across the public map cells.
   */
  async updatePin(
    db: Queryable,
    pinId: string,
    viewerId: string,
    patch: Pick<PinsTable, 'title' | 'description' | 'visibility' | 'updated_at'> &
      Partial<Pick<PinsTable, 'latitude' | 'longitude' | 'location_name'>> & { photos?: string; happened_at?: string; circle_id: string | null; trip_id?: string | null },
    expected: { visibility: number; latitude: number; longitude: number; photos?: string },
  ): Promise<boolean> {
    let query = db
      .updateTable('pins')
      .set(patch)
      .where('id', '=', pinId)
      .where((eb) => memoryAccessFilter(eb, userViewer(viewerId), 'memory.update'))
      .where('visibility', '=', expected.visibility)
      .where('latitude', '=', expected.latitude)
      .where('longitude', '=', expected.longitude);
    // The list as it was read, text for text: the only writer of the column is this update.
    if (expected.photos !== undefined) query = query.where('photos', '=', expected.photos);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Deletes the pin (its tags go by cascade) and returns what it was; undefined if it was gone. */
  deletePin(db: Queryable, pinId: string, viewerId: string) {
    return db
      .deleteFrom('pins')
      .where('id', '=', pinId)
      .where((eb) => memoryAccessFilter(eb, userViewer(viewerId), 'memory.delete'))
      .returning(['photos', 'visibility', 'latitude', 'longitude'])
      .executeTakeFirst();
  },
};
