import { createHash, randomBytes } from 'node:crypto';
import {
  LIMITS,
  TRIP_MESSAGES,
  USER_MESSAGES,
  type CreateTripInput,
  type LineString,
  type ShareLink,
  type ShareLinkStatus,
  type Trip,
  type TripStats,
  type TripSummary,
  type UpdateTripInput,
  type Visibility,
} from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import type { Queryable } from '../../db/queryable.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { checkAccess, levelOf, requireAccess, tripLinkViewer, userViewer, type Viewer } from '../access/index.ts';
import { parsePhotos, presentPhotos } from '../media/pin-photos.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { presentPins } from '../memories/memories.service.ts';
import { getGazetteer } from '../places/index.ts';
import { usersRepository } from '../users/users.repository.ts';
import { daysSpanned, lengthKm, lineThrough } from './trip-geometry.ts';
import { parseGpxTrack } from './trip-track.ts';
import { tripsRepository, type TripPinRow, type TripRow } from './trips.repository.ts';

/**
 * Trips (docs/design.md §15, docs/decisions/130-trips.md). Who may open a trip is the access
 * module's `trip.read` (the trip's own visibility); inside, every memory is still asked
 * `memory.read` for this viewer — a trip never widens a memory's audience — and the route and
 * the stats are made from those memories only.
 */

const REFUSED = { notFound: TRIP_MESSAGES.notFound, forbidden: TRIP_MESSAGES.onlyAuthor };

export async function requireOwnTrip(db: Queryable, viewerId: string, tripId: string): Promise<void> {
  await requireAccess(db, userViewer(viewerId), 'trip.update', [tripId], REFUSED);
}

/** Every id must be one of the viewer's own memories; one that is not (or does not exist) refuses the lot, saying the same. */
async function checkOwnMemories(db: Queryable, viewerId: string, pinIds: readonly string[]): Promise<void> {
  if (pinIds.length === 0) return;
  const own = await checkAccess(db, userViewer(viewerId), 'memory.update', pinIds);
  if (own.size !== pinIds.length) throw new BadRequestError(TRIP_MESSAGES.onlyOwnMemories);
}

function groupByTrip(rows: TripPinRow[]): Map<string, TripPinRow[]> {
  const byTrip = new Map<string, TripPinRow[]>();
  for (const r of rows) {
    const list = byTrip.get(r.trip_id);
    if (list) list.push(r);
    else byTrip.set(r.trip_id, [r]);
  }
  return byTrip;
}

async function summaryOf(ctx: AppContext, viewerId: string | null, trip: TripRow, pins: TripPinRow[], now: number): Promise<TripSummary> {
  const cover = pins.find((p) => p.id === trip.cover_pin_id) ?? pins[0];
  const coverPhoto = cover ? parsePhotos(cover.photos)[0] : undefined;
  const coverImages = coverPhoto ? await presentPhotos(ctx, [coverPhoto], now) : [];
  return {
    id: trip.id,
    title: trip.title,
    description: trip.description,
    visibility: String(trip.visibility) as Visibility,
    userId: trip.author_id,
    authorName: trip.author_username,
    coverPinId: cover?.id ?? null,
    coverThumbnailUrl: coverImages[0]?.thumbnailUrl ?? null,
    startsAt: pins[0]?.happened_at ?? null,
    endsAt: pins.at(-1)?.happened_at ?? null,
    pinIds: pins.map((p) => p.id),
    isOwnTrip: viewerId === trip.author_id,
    hasTrack: trip.track !== null,
    createdAt: trip.created_at,
    updatedAt: trip.updated_at,
  };
}

/** GET /api/trips?user=: the trips of `userId` (default: the viewer's) the viewer may open. */
export async function listTrips(ctx: AppContext, viewerId: string, userId: string | undefined): Promise<TripSummary[]> {
  const db = ctx.db.kysely;
  const authorId = userId ?? viewerId;
  if (!isUuid(authorId) || !(await usersRepository.findById(db, authorId))) throw new NotFoundError(USER_MESSAGES.notFound);
  const viewer = userViewer(viewerId);
  const trips = await tripsRepository.listOf(db, viewer, authorId);
  const byTrip = groupByTrip(await tripsRepository.readablePins(db, viewer, trips.map((t) => t.id)));
  const now = Date.now();
  return Promise.all(trips.map((t) => summaryOf(ctx, viewerId, t, byTrip.get(t.id) ?? [], now)));
}

/**
 * Countries from coordinates through the offline geocoder (docs/decisions/010), never from the
 * typed place name, in the order first visited.
 */
export function countriesOf(points: ReadonlyArray<{ latitude: number; longitude: number }>): string[] {
  if (points.length === 0) return [];
  const gazetteer = getGazetteer();
  const codes = new Set<string>();
  for (const p of points) {
    const code = gazetteer.locate(p.latitude, p.longitude).country?.code;
    if (code) codes.add(code);
  }
  return [...codes];
}

/**
 * The route a viewer gets: the GPX track when there is one and they may read every memory of
 * the trip (a track passes through all of them, so it would show where the others were); else
 * the line through the memories they may read.
 */
function routeFor(trip: TripRow, readable: TripPinRow[], total: number, isAuthor: boolean): { route: LineString; source: 'track' | 'memories' } {
  if (trip.track !== null && (isAuthor || readable.length === total)) {
    return { route: JSON.parse(trip.track) as LineString, source: 'track' };
  }
  return { route: lineThrough(readable), source: 'memories' };
}

function statsOf(readable: TripPinRow[], route: LineString): TripStats {
  return {
    memories: readable.length,
    photos: readable.reduce((n, p) => n + parsePhotos(p.photos).length, 0),
    days: daysSpanned(readable.map((p) => p.happened_at)),
    distanceKm: lengthKm(route),
    countries: countriesOf(readable),
  };
}

/** GET /api/trips/{id}: 404 to whoever may not open it, exactly as for a missing trip. */
export async function getTrip(ctx: AppContext, viewerId: string, tripId: string): Promise<Trip> {
  const db = ctx.db.kysely;
  const viewer = userViewer(viewerId);
  await requireAccess(db, viewer, 'trip.read', [tripId], REFUSED);
  const trip = await tripsRepository.findById(db, tripId);
  if (!trip) throw new NotFoundError(TRIP_MESSAGES.notFound);
  const readable = await tripsRepository.readablePins(db, viewer, [tripId]);
  const total = await tripsRepository.countPins(db, tripId);
  const now = Date.now();
  // The same memories, in the same order, as the app's pins (re-checked: one changed meanwhile is left out).
  const rows = readable.length > 0 ? await memoriesRepository.findManyVisible(db, viewerId, readable.map((p) => p.id)) : [];
  const order = new Map(readable.map((p, i) => [p.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const pins = await presentPins(ctx, viewerId, rows, now);
  const shown = readable.filter((p) => rows.some((r) => r.id === p.id));
  const { route, source } = routeFor(trip, shown, total, trip.author_id === viewerId);
  return {
    ...(await summaryOf(ctx, viewerId, trip, shown, now)),
    pins,
    route,
    routeSource: source,
    stats: statsOf(shown, route),
  };
}

export async function createTrip(ctx: AppContext, viewerId: string, input: CreateTripInput): Promise<Trip> {
  const db = ctx.db.kysely;
  if ((await tripsRepository.countOwned(db, viewerId)) >= LIMITS.tripsPerUser) throw new BadRequestError(TRIP_MESSAGES.tooManyTrips);
  await checkOwnMemories(db, viewerId, input.pinIds);
  const id = uuidv7();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await tripsRepository.insert(trx, {
      id,
      author_id: viewerId,
      title: input.title,
      description: input.description,
      visibility: levelOf(input.visibility),
      created_at: at,
      updated_at: at,
    });
    await tripsRepository.setPins(trx, id, viewerId, input.pinIds);
    // Checked again inside: a memory deleted meanwhile would leave the trip short of what was asked.
    await checkOwnMemories(trx, viewerId, input.pinIds);
  });
  return getTrip(ctx, viewerId, id);
}

export async function updateTrip(ctx: AppContext, viewerId: string, tripId: string, input: UpdateTripInput): Promise<Trip> {
  const db = ctx.db.kysely;
  await requireOwnTrip(db, viewerId, tripId);
  if (input.coverPinId) {
    const inTrip = await tripsRepository.readablePins(db, userViewer(viewerId), [tripId]);
    if (!inTrip.some((p) => p.id === input.coverPinId)) throw new BadRequestError(TRIP_MESSAGES.coverNotInTrip);
  }
  await tripsRepository.update(db, tripId, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.visibility !== undefined ? { visibility: levelOf(input.visibility) } : {}),
    ...(input.coverPinId !== undefined ? { cover_pin_id: input.coverPinId } : {}),
    ...(input.removeTrack ? { track: null } : {}),
    updated_at: nowIso(),
  });
  return getTrip(ctx, viewerId, tripId);
}

/** PUT /api/trips/{id}/pins: the trip holds exactly these of the author's memories (a memory leaves any other trip). */
export async function setTripPins(ctx: AppContext, viewerId: string, tripId: string, pinIds: readonly string[]): Promise<Trip> {
  const db = ctx.db.kysely;
  await requireOwnTrip(db, viewerId, tripId);
  await checkOwnMemories(db, viewerId, pinIds);
  await db.transaction().execute(async (trx) => {
    await tripsRepository.setPins(trx, tripId, viewerId, pinIds);
    await checkOwnMemories(trx, viewerId, pinIds);
    await tripsRepository.update(trx, tripId, { updated_at: nowIso() });
  });
  return getTrip(ctx, viewerId, tripId);
}

/** DELETE /api/trips/{id}: the memories stay, in no trip. */
export async function deleteTrip(ctx: AppContext, viewerId: string, tripId: string): Promise<void> {
  const db = ctx.db.kysely;
  await requireOwnTrip(db, viewerId, tripId);
  await db.transaction().execute((trx) => tripsRepository.delete(trx, tripId));
}

/** POST /api/trips/{id}/track: the GPX file's line becomes the trip's route. */
export async function setTrack(ctx: AppContext, viewerId: string, tripId: string, file: Buffer | null): Promise<Trip> {
  const db = ctx.db.kysely;
  await requireOwnTrip(db, viewerId, tripId);
  if (!file) throw new BadRequestError(TRIP_MESSAGES.trackMissing);
  const line = parseGpxTrack(file);
  await tripsRepository.update(db, tripId, { track: JSON.stringify(line), updated_at: nowIso() });
  return getTrip(ctx, viewerId, tripId);
}

// Trip links (docs/design.md §11, §15): as a memory's, 192 random bits, only the hash kept.
const TOKEN_BYTES = 24;
const TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 86_400_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tripSharePath(token: string): string {
  return `/t/${token}`;
}

export async function createTripLink(ctx: AppContext, viewerId: string, tripId: string, days: number, origin: string): Promise<ShareLink> {
  const db = ctx.db.kysely;
  await requireOwnTrip(db, viewerId, tripId);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + days * DAY_MS).toISOString();
  await tripsRepository.upsertLink(db, { tripId, tokenHash: hashToken(token), createdAt: new Date(now).toISOString(), expiresAt });
  return { url: origin + tripSharePath(token), expiresAt };
}

export async function tripLinkStatus(ctx: AppContext, viewerId: string, tripId: string): Promise<ShareLinkStatus> {
  await requireOwnTrip(ctx.db.kysely, viewerId, tripId);
  const row = await tripsRepository.liveLinkOf(ctx.db.kysely, tripId, nowIso());
  return { expiresAt: row?.expires_at ?? null };
}

export async function revokeTripLink(ctx: AppContext, viewerId: string, tripId: string): Promise<void> {
  await requireOwnTrip(ctx.db.kysely, viewerId, tripId);
  await tripsRepository.deleteLink(ctx.db.kysely, tripId);
}

/** What a trip's link page shows, or null for a link that is malformed, expired, revoked or unknown. */
export interface SharedTripView {
  title: string;
  description: string;
  authorName: string;
  stops: Array<{ title: string; description: string; locationName: string; happenedAt: string; imageUrl: string | null; latitude: number; longitude: number }>;
  stats: TripStats;
}

export async function sharedTrip(ctx: AppContext, token: string, origin: string): Promise<SharedTripView | null> {
  if (!TOKEN_RE.test(token)) return null;
  const db = ctx.db.kysely;
  const viewer: Viewer = tripLinkViewer(hashToken(token));
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const trip = await tripsRepository.tripOfLink(db, viewer, nowText);
  if (!trip) return null;
  const pins = await tripsRepository.linkPins(db, viewer, trip.id, nowText);
  const stops = await Promise.all(
    pins.map(async (p) => {
      const first = parsePhotos(p.photos)[0];
      const images = first ? await presentPhotos(ctx, [first], now) : [];
      const url = images[0]?.displayUrl ?? images[0]?.url;
      return {
        title: p.title,
        description: p.description,
        locationName: p.location_name,
        happenedAt: p.happened_at,
        imageUrl: url ? new URL(url, origin).href : null,
        latitude: Number(p.latitude),
        longitude: Number(p.longitude),
      };
    }),
  );
  const asRows = pins.map((p) => ({ ...p, trip_id: trip.id }));
  // The line through what the link shows: a track would pass by the memories it does not.
  return { title: trip.title, description: trip.description, authorName: trip.author_username, stops, stats: statsOf(asRows, lineThrough(asRows)) };
}
