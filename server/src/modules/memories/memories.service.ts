import {
  CIRCLE_MESSAGES,
  createMemorySchema,
  MEMORY_MESSAGES,
  LIMITS,
  MOVE_MESSAGES,
  PHOTO_MESSAGES,
  placeNameOf,
  TRIP_MESSAGES,
  UNKNOWN_LOCATION,
  updateMemorySchema,
  type Pin,
  type ReverseResult,
  USER_MESSAGES,
  VISIBILITY,
  type Visibility,
} from '@memory-map/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-types.ts';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { levelOf, requireAccess, userViewer } from '../access/index.ts';
import { requireOwnCircle } from '../circles/circles.service.ts';
import { tellMemoryChange } from '../events/events.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { onPinChanged, type PinPlacement } from '../map-cells/pin-cells.ts';
import {
  abandonImageChange,
  beginImageChange,
  fenceImageChange,
  finishImageChange,
  recordDrop,
  subjectOf,
} from '../media/image-changes.ts';
import type { ProcessedImage } from '../media/images.ts';
import type { PhotosFormInput } from '../media/multipart.ts';
import { parsePhotos, photoOf, serializePhotos, type StoredPhoto } from '../media/pin-photos.ts';
import { memoriesRepository, type PinListFilter, type PinWithAuthor } from './memories.repository.ts';
import { cachedFeedPage } from './feed-cache.ts';
import type { Answer } from '../read-cache/ready-answer.ts';
import type { ReadCounters } from '../read-cache/read-cache.ts';
import { toPins } from './pin-presenter.ts';
import { usersRepository } from '../users/users.repository.ts';

export const MEMORY_ERRORS = {
  changedMeanwhile: 'This memory was changed at the same time elsewhere. Reload it and try again.',
} as const;

function parse<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new BadRequestError(result.error.issues[0]?.message ?? 'The memory is not valid');
  return result.data;
}

/** Every tagged user must be the author's friend at the moment of saving. */
async function checkTags(ctx: AppContext, authorId: string, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  if (!tags.every(isUuid)) throw new BadRequestError(MEMORY_MESSAGES.onlyFriends);
  const friends = await memoriesRepository.friendsAmong(ctx.db.kysely, authorId, tags);
  if (friends.length !== tags.length) throw new BadRequestError(MEMORY_MESSAGES.onlyFriends);
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Reverse geocoding, as the places module answers it (the service is built once in app.ts). */
export interface PlaceLookup {
  reverse(lat: number, lon: number): Promise<ReverseResult>;
}

/** The name of the place a memory moved to or was made at; a geocoder that fails leaves 'Unknown location', never a failed save. */
async function placeNameAt(places: PlaceLookup | undefined, log: Log, latitude: number, longitude: number): Promise<string> {
  if (!places) return UNKNOWN_LOCATION;
  try {
    return placeNameOf(await places.reverse(latitude, longitude));
  } catch (err) {
    log.warn({ err }, 'could not name the place of a memory');
    return UNKNOWN_LOCATION;
  }
}

/** Reads one page of pins with two queries: pins with authors, then every tag of the page. */
export async function presentPins(ctx: AppContext, viewerId: string, rows: PinWithAuthor[], now: number = Date.now()) {
  const tags = rows.length > 0 ? await memoriesRepository.tagsOf(ctx.db.kysely, rows.map((r) => r.id)) : [];
  return toPins(ctx, viewerId, rows, tags, now);
}

async function getVisiblePin(ctx: AppContext, viewerId: string, pinId: string): Promise<Pin> {
  const rows = await memoriesRepository.findManyVisible(ctx.db.kysely, viewerId, [pinId]);
  const [pin] = await presentPins(ctx, viewerId, rows);
  if (!pin) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  return pin;
}

/** One memory for its screen (docs/design.md §14): 404 exactly as missing when the viewer may not read it. */
export async function getMemory(ctx: AppContext, viewerId: string, pinId: string): Promise<Pin> {
  if (!isUuid(pinId)) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  return getVisiblePin(ctx, viewerId, pinId);
}

/** The pin the viewer wants to change: 404 if they may not see it, 403 if it is not theirs. */
async function findOwnPin(ctx: AppContext, viewerId: string, pinId: string, permission: 'memory.update' | 'memory.delete') {
  await requireAccess(ctx.db.kysely, userViewer(viewerId), permission, [pinId]);
  // Deleted between the check and this read: as missing as it now is.
  const pin = await memoriesRepository.findVisible(ctx.db.kysely, viewerId, pinId);
  if (!pin) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  return pin;
}

/**
 * Newly tagged people are notified (docs/design.md §14). The notification shows only while they
 * may read the memory: tagging never widens its audience (notifications.repository.ts).
 */
async function tellTagged(ctx: AppContext, authorId: string, pinId: string, tagged: readonly string[]): Promise<void> {
  for (const receiverId of tagged) await notify(ctx, { receiverId, kind: 'tagged', actorId: authorId, pinId });
}

/** A memory's form: its fields and its photos, each already decoded and re-encoded (memories.routes.ts). */
export type MemoryForm = PhotosFormInput<ProcessedImage>;

/**
 * The circle a memory is for after a create or update (docs/design.md §17). `requested`: the
 * form's circleId (undefined when the field is absent). Absent on an update, a memory that stays
 * '2' keeps its circle — the original client never sends the field and must never widen an
 * audience; null clears it. A circle needs visibility '2' and must be the author's (else 404,
 * before anything is saved).
 */
async function circleAfter(
  ctx: AppContext,
  authorId: string,
  visibility: Visibility,
  requested: string | null | undefined,
  current: string | null,
): Promise<string | null> {
  if (requested === undefined) return visibility === VISIBILITY.friends ? current : null;
  if (requested === null) return null;
  if (visibility !== VISIBILITY.friends) throw new BadRequestError(CIRCLE_MESSAGES.circleNeedsFriends);
  await requireOwnCircle(ctx.db.kysely, authorId, requested);
  return requested;
}

/**
 * The trip a memory is in after a create or update (docs/design.md §15). `requested`: the form's
 * tripId (undefined when absent: unchanged). A trip must be the author's (404, or 403 for one they
 * may open), checked before anything is saved; `checkTripRoom` checks its size in the write.
 */
async function tripAfter(ctx: AppContext, authorId: string, requested: string | null | undefined, current: string | null): Promise<string | null> {
  if (requested === undefined) return current;
  if (requested === null) return null;
  await requireAccess(ctx.db.kysely, userViewer(authorId), 'trip.update', [requested], { notFound: TRIP_MESSAGES.notFound, forbidden: TRIP_MESSAGES.onlyAuthor });
  return requested;
}

/** Inside the write that put a memory in a trip: a trip holds at most LIMITS.tripMemoriesMax. */
async function checkTripRoom(db: Parameters<typeof memoriesRepository.countInTrip>[0], tripId: string | null): Promise<void> {
  if (tripId !== null && (await memoriesRepository.countInTrip(db, tripId)) > LIMITS.tripMemoriesMax) {
    throw new BadRequestError(TRIP_MESSAGES.tooManyMemories);
  }
}

/** What POST /api/create takes besides the form (docs/design.md §5). */
export interface CreateOptions {
  /** The request's Idempotency-Key: a second create with the same key answers the first memory. */
  clientKey?: string;
  /** Names the place when the client could not (made offline, or the lookup failed). */
  places?: PlaceLookup;
}

export async function create(ctx: AppContext, log: Log, authorId: string, form: MemoryForm, options: CreateOptions = {}): Promise<Pin> {
  const { clientKey, places } = options;
  // A repeated send of a memory already made (the answer was lost on the way) gets that memory,
  // and its photos are not stored a second time.
  const earlier = clientKey ? await memoriesRepository.findByClientKey(ctx.db.kysely, authorId, clientKey) : undefined;
  if (earlier) return getVisiblePin(ctx, authorId, earlier);
  const input = parse(createMemorySchema, form.fields);
  await checkTags(ctx, authorId, input.tags);
  const circleId = await circleAfter(ctx, authorId, input.visibility, input.circleId, null);
  const tripId = await tripAfter(ctx, authorId, input.tripId, null);
  const images = form.files;
  if (images.length > LIMITS.photosPerMemory) throw new BadRequestError(PHOTO_MESSAGES.tooMany);

  // The photos' files are written under one intent record before the row exists; the row and the
  // intent's fence commit together (media/image-changes.ts), so a crash anywhere leaves nothing,
  // and a photo that cannot be stored undoes the others.
  // A memory made offline arrives without a place name (the phone could not look it up): the
  // server's own geocoder names it, as it does for a moved memory.
  const locationName =
    input.locationName === UNKNOWN_LOCATION ? await placeNameAt(places, log, input.latitude, input.longitude) : input.locationName;
  const id = uuidv7();
  const change = images.length > 0 ? await beginImageChange(ctx, log, subjectOf('pins', id), { add: images }) : null;
  const at = nowIso();
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      if (change) await fenceImageChange(trx, change);
      await memoriesRepository.insertPin(trx, {
        id,
        author_id: authorId,
        title: input.title,
        description: input.description,
        latitude: input.latitude,
        longitude: input.longitude,
        location_name: locationName,
        photos: serializePhotos(images.map(photoOf)),
        visibility: levelOf(input.visibility),
        created_at: at,
        updated_at: at,
        happened_at: input.happenedAt ?? at,
        client_key: clientKey ?? null,
        circle_id: circleId,
        trip_id: tripId,
      });
      await checkTripRoom(trx, tripId);
      await onPinChanged(trx, null, { latitude: input.latitude, longitude: input.longitude, visibility: levelOf(input.visibility) });
      if (input.tags.length > 0) {
        await memoriesRepository.insertTags(trx, input.tags.map((userId) => ({ pin_id: id, user_id: userId })));
      }
    });
  } catch (err) {
    if (change) await abandonImageChange(ctx, log, change);
    // The same key sent twice at once: the other request's memory won the unique index.
    const twin = clientKey ? await memoriesRepository.findByClientKey(ctx.db.kysely, authorId, clientKey) : undefined;
    if (twin) return getVisiblePin(ctx, authorId, twin);
    throw err;
  }
  if (change) await finishImageChange(ctx, log, change);
  await tellMemoryChange(ctx, id, null, { authorId, visibility: levelOf(input.visibility), taggedIds: input.tags, circleId });
  await tellTagged(ctx, authorId, id, input.tags);
  return getVisiblePin(ctx, authorId, id);
}

/** In keepImages, "new:2" places the third new file there (our form reorders new and kept photos alike). */
const NEW_PHOTO_RE = /^new:(\d{1,2})$/;

/**
 * The photos a memory has after an update (docs/design.md §12). With keepImages: those, in that
 * order, then the new ones (a new file named in the list as "new:<n>" takes that place instead).
 * Without (the original client, which knows one photo): a new image replaces the first photo,
 * removeImage drops it, and the others stay.
 */
function nextPhotos(current: StoredPhoto[], keep: string[] | undefined, removeFirst: boolean, added: StoredPhoto[]): StoredPhoto[] {
  let next: StoredPhoto[];
  if (keep !== undefined) {
    const byId = new Map(current.map((p) => [p.id, p]));
    const placed = new Set<number>();
    const listed = keep.map((id) => {
      const slot = NEW_PHOTO_RE.exec(id);
      if (slot) {
        const n = Number(slot[1]);
        if (n >= added.length) throw new BadRequestError(PHOTO_MESSAGES.keepUnknown);
        placed.add(n);
        return added[n]!;
      }
      const photo = byId.get(id);
      if (!photo) throw new BadRequestError(PHOTO_MESSAGES.keepUnknown);
      return photo;
    });
    next = [...listed, ...added.filter((_, n) => !placed.has(n))];
  } else if (added.length > 0) next = [...added, ...current.slice(1)];
  else if (removeFirst) next = current.slice(1);
  else next = current;
  if (next.length > LIMITS.photosPerMemory) throw new BadRequestError(PHOTO_MESSAGES.tooMany);
  return next;
}

export async function update(ctx: AppContext, log: Log, viewerId: string, form: MemoryForm, places?: PlaceLookup): Promise<Pin> {
  // Everything is checked before anything is touched: a bad update loses nothing.
  const input = parse(updateMemorySchema, form.fields);
  if ((input.latitude === undefined) !== (input.longitude === undefined)) throw new BadRequestError(MOVE_MESSAGES.bothCoordinates);
  const existing = await findOwnPin(ctx, viewerId, input.pinId, 'memory.update');
  // Only newly added tags must be current friends: keeping a tag of someone the author has since
  // unfriended is harmless (tags never widen the audience) and must not block fixing a typo.
  const kept = new Set((await memoriesRepository.tagsOf(ctx.db.kysely, [existing.id])).map((t) => t.id));
  await checkTags(ctx, viewerId, input.tags.filter((id) => !kept.has(id)));
  const circleId = await circleAfter(ctx, viewerId, input.visibility, input.circleId, existing.circle_id);
  const tripId = await tripAfter(ctx, viewerId, input.tripId, existing.trip_id);
  const images = form.files;
  const current = parsePhotos(existing.photos);
  const photos = nextPhotos(current, input.keepImages, input.removeImage, images.map(photoOf));
  const keys = new Set(photos.map((p) => p.key));
  const imageChanges = photos.length !== current.length || photos.some((p, i) => p.key !== current[i]!.key);

  const before: PinPlacement = { latitude: existing.latitude, longitude: existing.longitude, visibility: existing.visibility };
  const visibility = levelOf(input.visibility);
  // Moving (docs/design.md §12): the place is named again unless the request names it.
  const position =
    input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : null;
  const moves = position !== null && (position.latitude !== existing.latitude || position.longitude !== existing.longitude);
  const locationName = input.locationName ?? (moves ? await placeNameAt(places, log, position.latitude, position.longitude) : undefined);
  const after: PinPlacement = { ...(moves ? position : before), visibility };

  // The update is optimistic on the photos it read, so the change drops exactly those it leaves out.
  const change = imageChanges
    ? await beginImageChange(ctx, log, subjectOf('pins', existing.id), {
        add: images,
        drop: current.filter((p) => !keys.has(p.key)).map((p) => p.key),
      })
    : null;
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      if (change) await fenceImageChange(trx, change);
      const updated = await memoriesRepository.updatePin(
        trx,
        existing.id,
        viewerId,
        {
          title: input.title,
          description: input.description,
          visibility,
          circle_id: circleId,
          ...(tripId !== existing.trip_id ? { trip_id: tripId } : {}),
          updated_at: nowIso(),
          ...(imageChanges ? { photos: serializePhotos(photos) } : {}),
          ...(input.happenedAt !== undefined ? { happened_at: input.happenedAt } : {}),
          ...(moves ? { latitude: after.latitude, longitude: after.longitude } : {}),
          ...(locationName !== undefined ? { location_name: locationName } : {}),
        },
        {
          visibility: existing.visibility,
          latitude: existing.latitude,
          longitude: existing.longitude,
          ...(imageChanges ? { photos: existing.photos } : {}),
        },
      );
      if (!updated) {
        const still = await memoriesRepository.findVisible(trx, viewerId, existing.id);
        throw still ? new AppError(409, MEMORY_ERRORS.changedMeanwhile) : new NotFoundError(MEMORY_MESSAGES.notFound);
      }
      if (tripId !== existing.trip_id) await checkTripRoom(trx, tripId);
      await onPinChanged(trx, before, after);
      await memoriesRepository.deleteTags(trx, existing.id);
      if (input.tags.length > 0) {
        await memoriesRepository.insertTags(trx, input.tags.map((userId) => ({ pin_id: existing.id, user_id: userId })));
      }
    });
  } catch (err) {
    if (change) await abandonImageChange(ctx, log, change);
    throw err;
  }
  // Only now that the new row is committed may the old files go.
  if (change) await finishImageChange(ctx, log, change);
  const was = { authorId: viewerId, visibility: existing.visibility, taggedIds: [...kept], circleId: existing.circle_id };
  await tellMemoryChange(ctx, existing.id, was, { ...was, visibility, taggedIds: input.tags, circleId });
  await tellTagged(ctx, viewerId, existing.id, input.tags.filter((id) => !kept.has(id)));
  return getVisiblePin(ctx, viewerId, existing.id);
}

/**
 * PUT /api/pins/{id}/trip: puts one of the author's memories in one of their trips, or in none
 * (docs/design.md §15). Only this memory's trip changes, so two devices changing two memories of
 * one trip at once both stand (setting the trip's whole list from each would lose one).
 */
export async function setTrip(ctx: AppContext, viewerId: string, pinId: string, requested: string | null): Promise<{ tripId: string | null }> {
  const existing = await findOwnPin(ctx, viewerId, pinId, 'memory.update');
  const tripId = await tripAfter(ctx, viewerId, requested, existing.trip_id);
  if (tripId === existing.trip_id) return { tripId };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await memoriesRepository.setTrip(trx, existing.id, viewerId, tripId);
    await checkTripRoom(trx, tripId);
  });
  return { tripId };
}

export async function remove(ctx: AppContext, log: Log, viewerId: string, pinId: string): Promise<void> {
  const existing = await findOwnPin(ctx, viewerId, pinId, 'memory.delete');
  // Who was told of it is told it is gone: read its tags while they exist.
  const tagged = (await memoriesRepository.tagsOf(ctx.db.kysely, [existing.id])).map((t) => t.id);
  const { row: deleted, change } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await memoriesRepository.deletePin(trx, existing.id, viewerId);
    if (row) await onPinChanged(trx, row, null);
    // The intent to delete the photos commits with the deletion of the row (whatever photos the
    // row held at that moment), so a crash before the files go leaves a record of them.
    const keys = parsePhotos(row?.photos).map((p) => p.key);
    const dropped = keys.length > 0 ? await recordDrop(ctx, trx, subjectOf('pins', existing.id), keys) : null;
    return { row, change: dropped };
  });
  if (!deleted) throw new NotFoundError(MEMORY_MESSAGES.notFound);
  await tellMemoryChange(ctx, existing.id, { authorId: viewerId, visibility: deleted.visibility, taggedIds: tagged, circleId: existing.circle_id }, null);
  // The row is gone for good; only now may its files go.
  if (change) await finishImageChange(ctx, log, change);
}

export interface FeedPage {
  /** The pins, or the bytes the read cache holds of them (read-cache/ready-answer.ts). */
  answer: Answer<Pin[]>;
  /** The cursor of the next page, when this one was full. */
  nextBefore: string | null;
}

/** `counters`: the read cache's, as the request's session lookup read them (AuthUser). */
export async function feed(ctx: AppContext, viewerId: string, query: { limit: number; before?: string }, counters?: ReadCounters): Promise<FeedPage> {
  const readPage = async (now = Date.now()) => {
    const filter: PinListFilter = { limit: query.limit, before: query.before };
    const page = await memoriesRepository.listVisible(ctx.db.kysely, viewerId, filter);
    return { pins: await presentPins(ctx, viewerId, page.rows, now), nextBefore: page.nextBefore };
  };
  if (!ctx.readCache.enabled) {
    const page = await readPage();
    return { answer: { value: page.pins }, nextBefore: page.nextBefore };
  }
  const held = await cachedFeedPage(ctx, viewerId, query, (viewer, rows, now) => presentPins(ctx, viewer, rows, now), readPage, counters);
  return { answer: { ready: held.ready }, nextBefore: held.nextBefore };
}

/**
 * One person's memories that the viewer may see, newest first, a page at a time (their profile,
 * docs/design.md §5). An unknown person is 404, as get_user/{id} answers.
 */
export async function authorMemories(
  ctx: AppContext,
  viewerId: string,
  authorId: string,
  query: { limit: number; before?: string },
): Promise<{ pins: Pin[]; nextBefore: string | null }> {
  const db = ctx.db.kysely;
  if (!isUuid(authorId) || !(await usersRepository.findById(db, authorId))) throw new NotFoundError(USER_MESSAGES.notFound);
  const page = await memoriesRepository.authorPageVisible(db, viewerId, authorId, query);
  return { pins: await presentPins(ctx, viewerId, page.rows), nextBefore: page.nextBefore };
}
