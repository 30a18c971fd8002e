import { pinListSchema, type Pin } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { PUBLIC_LEVEL, pinTypeFor } from '../access/index.ts';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { MAINTAINED_CATCH_UP_MAX, VIEWER_SCOPE_PREFIX, type ReadCounters, type ReadStamps, type Weighed } from '../read-cache/read-cache.ts';
import { readyBytes, type ReadyBytes } from '../read-cache/ready-answer.ts';
import { MaintainedValue } from '../read-cache/maintained-value.ts';
import { readChangesRepository } from '../read-cache/read-changes.repository.ts';
import { generationsRepository } from '../read-cache/generations.repository.ts';
import { FRIENDS_SCOPE_PREFIX } from '../read-cache/generations-sql.ts';
import { memoriesRepository } from './memories.repository.ts';
import type { PinWithAuthor } from './memories.repository.ts';

/**
 * The feed from the read cache (docs/decisions/080-read-cache.md): the newest public memories,
 * held once for everyone, merged by time with the viewer's own layer (their memories and their
 * friends' friends-only ones). A page the held layers cannot answer exactly (deeper than they
 * reach) returns null and is read from the database as before.
 */

/** Newest first; the layer holds every memory of its kind with an id ≥ floor (all when floor is null). */
export interface Layer extends Weighed {
  ids: string[];
  pins: Map<string, Pin>;
  floor: string | null;
}

type Present = (viewerId: string, rows: PinWithAuthor[], now: number) => Promise<Pin[]>;

function layerOf(pins: Pin[], floor: string | null): Layer {
  return { ids: pins.map((p) => p.id), pins: new Map(pins.map((p) => [p.id, p])), floor, weight: pins.length };
}

/** How far a layer may grow by changes before it is cut back, and shrink before it is read whole. */
interface Bounds {
  max: number;
  min: number;
}

/**
 * Catching a layer up from the change log (docs/decisions/085-maintained-read-cache.md): the
 * memories logged for `scope` in (after, upTo], read again as `viewerId` may see them, replace
 * what the layer held of them. null: the log cannot replay that range (a friendship, a circle's
 * members, a disabled account: a counter raised with no memory logged), or the layer shrank too
 * far; the caller reads it whole.
 */
function catchUpFrom(
  ctx: AppContext,
  scope: string,
  read: (ids: string[]) => Promise<PinWithAuthor[]>,
  viewerId: string,
  now: number,
  present: Present,
  bounds: Bounds,
) {
  return async (layer: Layer, after: number, upTo: number): Promise<Layer | null> => {
    const changes = await readChangesRepository.between(ctx.db.kysely, scope, after, upTo);
    if (!changes.complete) return null;
    if (changes.ids.length === 0) return layer;
    const rows = await read(changes.ids);
    return applyChanges(layer, changes.ids, await present(viewerId, rows, now), bounds);
  };
}

/**
 * The newest public memories, held once for everyone and kept in step with the change log: a
 * public write costs the next reader the memories it changed, not the 512 again.
 */
function publicLayer(ctx: AppContext, stamps: ReadStamps, now: number, present: Present): Promise<Layer> {
  const depth = ctx.readCache.feedDepths.public;
  const db = ctx.db.kysely;
  const build = async (): Promise<Layer> => {
    const rows = await memoriesRepository.newestPublic(db, depth);
    // Presented for nobody in particular; each reader's own pin type is set when it is served.
    const pins = await present('', rows, now);
    return layerOf(pins, rows.length === depth ? rows.at(-1)!.id : null);
  };
  // The same rows as the build's query: public, by an enabled author.
  const read = (ids: string[]) => memoriesRepository.publicByIds(db, ids);
  const catchUp = catchUpFrom(ctx, 'public', read, '', now, present, { max: 2 * depth, min: depth / 2 });
  // The holder is typed for any weighed value (read-cache knows nothing of pins); this is its one user.
  const holder = ctx.readCache.publicFeed as MaintainedValue<Layer>;
  return holder.get(stamps.base, stamps.publicSeq, build, catchUp);
}

/**
 * A layer with `changed` memories as they are now: each leaves it, and those `now` holds (their
 * current pins, already filtered to what the layer is for) come back. Below the floor nothing is
 * held, so nothing is added there: the layer still holds every memory of its kind down to its
 * floor. Past `max` it is cut back to half of that (the floor rises to its last id: it held
 * everything above); under `min`, null: read it whole, or too many pages would fall through to
 * the database.
 */
export function applyChanges(layer: Layer, changed: string[], now: Pin[], bounds: Bounds): Layer | null {
  const pins = new Map(layer.pins);
  for (const id of changed) pins.delete(id);
  for (const pin of now) if (layer.floor === null || pin.id >= layer.floor) pins.set(pin.id, pin);
  let ids = [...pins.keys()].sort().reverse();
  let floor = layer.floor;
  if (ids.length > bounds.max) {
    const keep = Math.ceil(bounds.max / 2);
    for (const id of ids.slice(keep)) pins.delete(id);
    ids = ids.slice(0, keep);
    floor = ids.at(-1)!;
  } else if (floor !== null && ids.length < bounds.min) {
    return null;
  }
  return { ids, pins, floor, weight: ids.length };
}

/** A viewer's own layer, with the `f:` counter of each friend it reflects (migration 0080). */
interface PersonalLayer extends Layer {
  friendSeqs: Map<string, number>;
}

/**
 * The viewer's own memories and their friends' friends-only ones, kept in step with the change
 * log like the public layer: their own memories from their scope's log (`u:<viewer>`), their
 * friends' from each friend's friends scope (`f:<friend>`, migration 0080) whose counter moved.
 * Held in the per-viewer budget, weighed as the two full lists it starts from.
 */
async function personalLayer(ctx: AppContext, viewerId: string, stamps: ReadStamps, now: number, present: Present): Promise<Layer> {
  const db = ctx.db.kysely;
  const depth = ctx.readCache.feedDepths.personal;
  const build = async (): Promise<PersonalLayer> => {
    // The friends' counters before the memories: the layer is never stamped newer than it is.
    const friendSeqs = await generationsRepository.friendCounters(db, viewerId);
    const { own, friendsOnly } = await memoriesRepository.newestPersonalIds(db, viewerId, depth);
    // Below the oldest id of a full list, that list may have more: the layer stops there.
    const floors = [own, friendsOnly].filter((l) => l.length === depth).map((l) => l.at(-1)!);
    const floor = floors.length > 0 ? floors.sort().at(-1)! : null;
    const ids = [...own, ...friendsOnly].filter((id) => floor === null || id >= floor);
    const rows = ids.length > 0 ? await memoriesRepository.findManyVisible(db, viewerId, ids) : [];
    return { ...layerOf(await present(viewerId, rows, now), floor), friendSeqs };
  };
  // What the layer is for: the viewer's own memories (any visibility) and the others' they may
  // see that are not public (their friends' friends-only ones, circles' included).
  const read = async (ids: string[]) =>
    (await memoriesRepository.findManyVisible(db, viewerId, ids)).filter((r) => r.author_id === viewerId || Number(r.visibility) !== PUBLIC_LEVEL);
  const bounds = { max: 4 * depth, min: depth / 2 };
  const catchUp = async (layer: PersonalLayer, after: number, upTo: number, friendsMoved: boolean): Promise<PersonalLayer | null> => {
    const own = upTo > after ? await readChangesRepository.between(db, `${VIEWER_SCOPE_PREFIX}${viewerId}`, after, upTo) : { ids: [], complete: true };
    if (!own.complete) return null;
    const friends = friendsMoved ? await friendsChanges(ctx, viewerId, layer.friendSeqs) : { ids: [], friendSeqs: layer.friendSeqs };
    if (!friends) return null;
    const changed = [...new Set([...own.ids, ...friends.ids])];
    if (changed.length === 0) return { ...layer, friendSeqs: friends.friendSeqs };
    const next = applyChanges(layer, changed, await present(viewerId, await read(changed), now), bounds);
    return next && { ...next, friendSeqs: friends.friendSeqs };
  };
  const holder = await ctx.readCache.perViewer.get(`feed:${viewerId}`, MAINTAINED, async () =>
    Object.assign(new MaintainedValue<PersonalLayer>(MAINTAINED_CATCH_UP_MAX, ctx.readCache.personalTotals), { weight: 2 * depth }),
  );
  return holder.get(stamps.base, stamps.viewerSeq, build, catchUp, stamps.friendsSeq);
}

/**
 * The friends-only memories the viewer's friends changed since the layer's counters of them:
 * each friend's counter now (read before the memories are), and the log of each one that moved.
 * null: the log cannot replay it (another friend list — the viewer's own counter moved too, and
 * its log says so —, a range pruned or too long); the caller reads the layer whole.
 */
async function friendsChanges(ctx: AppContext, viewerId: string, held: Map<string, number>): Promise<{ ids: string[]; friendSeqs: Map<string, number> } | null> {
  const db = ctx.db.kysely;
  const friendSeqs = await generationsRepository.friendCounters(db, viewerId);
  if (friendSeqs.size !== held.size) return null;
  const moved: Array<[string, number, number]> = [];
  for (const [friend, seq] of friendSeqs) {
    const was = held.get(friend);
    if (was === undefined || seq < was || seq - was > MAINTAINED_CATCH_UP_MAX) return null;
    if (seq > was) moved.push([friend, was, seq]);
  }
  const logs = await Promise.all(moved.map(([friend, was, seq]) => readChangesRepository.between(db, `${FRIENDS_SCOPE_PREFIX}${friend}`, was, seq)));
  if (logs.some((l) => !l.complete)) return null;
  return { ids: logs.flatMap((l) => l.ids), friendSeqs };
}

/** The stamp of an entry that keeps itself right (a MaintainedValue): never stale as such. */
const MAINTAINED = 'maintained';

/** Where the ids older than the cursor start in a layer (ids newest first). */
function startOf(ids: string[], cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < cursor) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The newest `wanted` ids of two layers older than the cursor, newest first, each once. Ids are
 * UUIDv7: their text order is their time order. Own public memories are in both layers.
 */
function mergeNewest(a: string[], b: string[], cursor: string | undefined, wanted: number): string[] {
  const out: string[] = [];
  let i = startOf(a, cursor);
  let j = startOf(b, cursor);
  while (out.length < wanted && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x > y)) {
      out.push(x!);
      i++;
    } else if (x === undefined || y > x) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  return out;
}

export interface CachedFeedPage {
  /** The page as the bytes sent (read-cache/ready-answer.ts). */
  ready: ReadyBytes;
  /**
   * The page's memories, in order: what a per-memory lookup kept outside the cache (counts of
   * comments and reactions, docs/decisions/085-maintained-read-cache.md) is read for, by id,
   * after the cache — such counts are never part of a held layer or page.
   */
  ids: string[];
  nextBefore: string | null;
}

const serializePins = compiledSerializer(pinListSchema);

type FeedQuery = { limit: number; before?: string };
type PageOfPins = { pins: Pin[]; nextBefore: string | null };

/**
 * A page of the viewer's feed, held with its bytes under every counter it depends on: asking for
 * it again (a refetch, a second device, the infinite list's pages refreshed on focus) costs one
 * lookup of the counters. Built from the held layers when they reach deep enough to answer it
 * exactly as listVisible would, else read from the database by `readPage`.
 */
export async function cachedFeedPage(
  ctx: AppContext,
  viewerId: string,
  query: FeedQuery,
  present: Present,
  readPage: (now: number) => Promise<PageOfPins>,
  counters?: ReadCounters,
): Promise<CachedFeedPage> {
  const now = Date.now();
  // The counters first, the data after: a value read after a write carries that write's stamp.
  const stamps = await ctx.readCache.stamps(ctx.db.kysely, viewerId, now, counters);
  const key = `feed-page:${viewerId}:${query.limit}:${query.before ?? ''}`;
  const lru = query.before === undefined ? ctx.readCache.perViewer : ctx.readCache.laterPages;
  const held = await lru.get(key, stamps.all, async () => {
    const page = (await pageFromLayers(ctx, viewerId, query, stamps, now, present)) ?? (await readPage(now));
    const ready = readyBytes(serializePins, page.pins);
    return { ready, ids: page.pins.map((p) => p.id), nextBefore: page.nextBefore, weight: ready.weight };
  });
  return { ready: held.ready, ids: held.ids, nextBefore: held.nextBefore };
}

/** The page from the held layers, or null when a layer does not reach deep enough to be sure. */
async function pageFromLayers(
  ctx: AppContext,
  viewerId: string,
  query: FeedQuery,
  stamps: ReadStamps,
  now: number,
  present: Present,
): Promise<PageOfPins | null> {
  const [everyone, mine] = await Promise.all([
    publicLayer(ctx, stamps, now, present),
    personalLayer(ctx, viewerId, stamps, now, present),
  ]);
  const wanted = query.limit + 1;
  const ids = mergeNewest(everyone.ids, mine.ids, query.before, wanted);
  for (const layer of [everyone, mine]) {
    // A layer that stops at its floor answers only when the page ends at or above it.
    if (layer.floor !== null && (ids.length < wanted || ids.at(-1)! < layer.floor)) return null;
  }
  const page = ids.slice(0, query.limit);
  const pins = page.map((id) => {
    const own = mine.pins.get(id);
    if (own) return own;
    const pin = everyone.pins.get(id)!;
    const pinType = pinTypeFor(viewerId, pin.userId, Number(pin.visibility));
    return { ...pin, pinType, isOwnPin: pinType === 'own' };
  });
  return { pins, nextBefore: ids.length > query.limit ? page.at(-1)! : null };
}
