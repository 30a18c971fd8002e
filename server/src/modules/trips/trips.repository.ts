import type { Queryable } from '../../db/queryable.ts';
import type { Viewer } from '../access/index.ts';
import { memoryAccessFilter, tripAccessFilter } from '../access/index.ts';

/** Trips, their memories and their links (docs/design.md §15, migration 0060). */

export interface TripRow {
  id: string;
  author_id: string;
  title: string;
  description: string;
  visibility: number;
  cover_pin_id: string | null;
  track: string | null;
  created_at: string;
  updated_at: string;
  author_username: string;
}

/** What the trip's lists and stats need of each memory a viewer may read. */
export interface TripPinRow {
  id: string;
  trip_id: string;
  latitude: number;
  longitude: number;
  happened_at: string;
  photos: string;
}

const tripColumns = [
  'trips.id',
  'trips.author_id',
  'trips.title',
  'trips.description',
  'trips.visibility',
  'trips.cover_pin_id',
  'trips.track',
  'trips.created_at',
  'trips.updated_at',
  'users.username as author_username',
] as const;

export const tripsRepository = {
  insert(db: Queryable, row: { id: string; author_id: string; title: string; description: string; visibility: number; created_at: string; updated_at: string }) {
    return db.insertInto('trips').values({ ...row, cover_pin_id: null, track: null }).execute();
  },

  async countOwned(db: Queryable, authorId: string): Promise<number> {
    const row = await db.selectFrom('trips').select((eb) => eb.fn.countAll<number | string>().as('n')).where('author_id', '=', authorId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  findById(db: Queryable, id: string): Promise<TripRow | undefined> {
    return db.selectFrom('trips').innerJoin('users', 'users.id', 'trips.author_id').select(tripColumns).where('trips.id', '=', id).executeTakeFirst();
  },

  /** The author's trips the viewer may open, newest first. */
  listOf(db: Queryable, viewer: Viewer, authorId: string): Promise<TripRow[]> {
    return db
      .selectFrom('trips')
      .innerJoin('users', 'users.id', 'trips.author_id')
      .select(tripColumns)
      .where('trips.author_id', '=', authorId)
      .where((eb) => tripAccessFilter(eb, viewer, 'trip.read'))
      .orderBy('trips.id', 'desc')
      .execute();
  },

  /** The memories of these trips the viewer may read, by when they happened (pins_trip_idx). */
  readablePins(db: Queryable, viewer: Viewer, tripIds: readonly string[]): Promise<TripPinRow[]> {
    if (tripIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pins')
      .select(['pins.id', 'pins.latitude', 'pins.longitude', 'pins.happened_at', 'pins.photos', 'pins.trip_id'])
      .where('pins.trip_id', 'in', [...tripIds])
      .where((eb) => memoryAccessFilter(eb, viewer, 'memory.read'))
      .orderBy('pins.happened_at')
      .orderBy('pins.id')
      .execute() as Promise<TripPinRow[]>;
  },

  /** How many memories the trip holds, whoever may read them. */
  async countPins(db: Queryable, tripId: string): Promise<number> {
    const row = await db.selectFrom('pins').select((eb) => eb.fn.countAll<number | string>().as('n')).where('trip_id', '=', tripId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  update(
    db: Queryable,
    id: string,
    patch: Partial<{ title: string; description: string; visibility: number; cover_pin_id: string | null; track: string | null }> & { updated_at: string },
  ) {
    return db.updateTable('trips').set(patch).where('id', '=', id).execute();
  },

  /** The trip holds exactly `pinIds` (the author's own, checked by the caller): others leave it, these join it (leaving any other trip). */
  async setPins(db: Queryable, tripId: string, authorId: string, pinIds: readonly string[]): Promise<void> {
    let out = db.updateTable('pins').set({ trip_id: null }).where('trip_id', '=', tripId);
    if (pinIds.length > 0) out = out.where('id', 'not in', [...pinIds]);
    await out.execute();
    if (pinIds.length > 0) {
      await db.updateTable('pins').set({ trip_id: tripId }).where('id', 'in', [...pinIds]).where('author_id', '=', authorId).execute();
    }
  },

  /** Its memories leave it (they stay, in no trip); its link goes by cascade. */
  async delete(db: Queryable, id: string): Promise<void> {
    await db.updateTable('pins').set({ trip_id: null }).where('trip_id', '=', id).execute();
    await db.deleteFrom('trips').where('id', '=', id).execute();
  },

  upsertLink(db: Queryable, link: { tripId: string; tokenHash: string; createdAt: string; expiresAt: string }) {
    return db
      .insertInto('trip_share_links')
      .values({ trip_id: link.tripId, token_hash: link.tokenHash, created_at: link.createdAt, expires_at: link.expiresAt })
      .onConflict((oc) =>
        oc.column('trip_id').doUpdateSet((eb) => ({
          token_hash: eb.ref('excluded.token_hash'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
  },

  liveLinkOf(db: Queryable, tripId: string, nowIso: string) {
    return db.selectFrom('trip_share_links').select('expires_at').where('trip_id', '=', tripId).where('expires_at', '>', nowIso).executeTakeFirst();
  },

  deleteLink(db: Queryable, tripId: string) {
    return db.deleteFrom('trip_share_links').where('trip_id', '=', tripId).execute();
  },

  /** The trip a live link opens, if any. */
  tripOfLink(db: Queryable, viewer: Viewer, nowIso: string): Promise<TripRow | undefined> {
    return db
      .selectFrom('trips')
      .innerJoin('users', 'users.id', 'trips.author_id')
      .select(tripColumns)
      .where((eb) => tripAccessFilter(eb, viewer, 'trip.read', nowIso))
      .executeTakeFirst();
  },

  /** The memories a link may show, with what the page shows of each. */
  linkPins(db: Queryable, viewer: Viewer, tripId: string, nowIso: string) {
    return db
      .selectFrom('pins')
      .select(['pins.id', 'pins.title', 'pins.description', 'pins.location_name', 'pins.latitude', 'pins.longitude', 'pins.happened_at', 'pins.photos'])
      .where('pins.trip_id', '=', tripId)
      .where((eb) => memoryAccessFilter(eb, viewer, 'memory.read', nowIso))
      .orderBy('pins.happened_at')
      .orderBy('pins.id')
      .execute();
  },
};
