import type { Visibility } from '@memory-map/shared';
/**
 * The outbox (issue 16): writes a person makes without a network wait on the device and are sent,
 * in the order they were made, when it comes back. An item is the request to replay — method, path,
 * text fields and an ordered list of files — so a memory with several photos needs nothing new.
 * This file is the pure part: what an item holds, how a new write folds into what already waits,
 * and what a server's answer means for the item. Storage is outbox-store.ts, sending outbox-sender.ts.
 */

export interface OutboxFile {
  /** The multipart field name ('image'). */
  field: string;
  name: string;
  blob: Blob;
}

/** What the map and the feed show of a memory while its write waits. */
export interface OutboxPreview {
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  visibility: Visibility;
  happenedAt?: string;
  locationName?: string;
}

export type OutboxKind = 'create' | 'update' | 'delete';

export interface OutboxItem {
  /** Made on the device; a create sends it as its Idempotency-Key and uses it as the memory's id until sent. */
  id: string;
  /** Whose write it is: only that person's session sends it, only they see it. */
  userId: string;
  /** Order made; items are sent lowest first. */
  seq: number;
  kind: OutboxKind;
  /** The memory it is about: a server id, or for a create its own id. */
  pinId: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Multipart text fields (create, update) or the JSON body (delete). */
  fields: Record<string, string>;
  files: OutboxFile[];
  preview: OutboxPreview;
  /** Failed sends so far (network, 5xx): the wait before the next grows with it. */
  attempts: number;
  /** Not sent before this time (ms since the epoch). */
  nextTryAt: number;
  /** Bumped on every fold: a send that finishes finds out whether the item changed meanwhile. */
  version: number;
  /** The server refused it (4xx) with this sentence: kept until the person fixes or discards it. */
  problem?: string;
}

export const OUTBOX_PATHS = { create: '/api/create', update: '/api/update_pin', delete: '/api/delete' } as const;

/** Fields an update replaces on the memory; absent tags mean none (docs/design.md §5). */
const UPDATE_REPLACES = ['title', 'description', 'visibility', 'tags'] as const;
/** Fields an update sets only when sent; absent, the memory keeps what it has. */
const UPDATE_SETS = ['happenedAt', 'latitude', 'longitude', 'locationName', 'circleId', 'tripId'] as const;

function applyUpdateFields(base: Record<string, string>, update: Record<string, string>): Record<string, string> {
  const fields = { ...base };
  for (const key of UPDATE_REPLACES) {
    if (update[key] !== undefined) fields[key] = update[key];
    else delete fields[key];
  }
  for (const key of UPDATE_SETS) if (update[key] !== undefined) fields[key] = update[key];
  return fields;
}

interface Photos {
  files: OutboxFile[];
  removeImage: boolean;
  /** The update's list of every photo in order (server ids and "new:<n>"), when it changed them. */
  keepImages?: string;
}

/**
 * The photos after an update: one that names its photos (keepImages, or new files) says all of
 * them, since its form showed the memory as the server has it; removeImage empties; otherwise
 * they stay.
 */
function photosAfter(before: Photos, update: OutboxItem): Photos {
  const { keepImages, removeImage } = update.fields;
  if (keepImages !== undefined || update.files.length > 0) return { files: update.files, removeImage: removeImage === 'true', keepImages };
  if (removeImage === 'true') return { files: [], removeImage: true };
  return before;
}

/**
 * A waiting create's files after an edit's photos: the create has no server photos, so the list is
 * the edit's new files in the order its keepImages places them ("new:<n>"), then any not placed.
 */
function filesInOrder(photos: Photos): OutboxFile[] {
  if (photos.keepImages === undefined) return photos.files;
  let listed: unknown;
  try {
    listed = JSON.parse(photos.keepImages);
  } catch {
    return photos.files;
  }
  if (!Array.isArray(listed)) return photos.files;
  const placed = listed.flatMap((entry) => {
    const n = typeof entry === 'string' ? /^new:(\d{1,2})$/.exec(entry) : null;
    const file = n ? photos.files[Number(n[1])] : undefined;
    return file ? [file] : [];
  });
  return [...placed, ...photos.files.filter((file) => !placed.includes(file))];
}

/**
 * The queue after one more write. A later write to a memory that still waits folds into what
 * waits, so the server sees one request per memory: an edit of a memory not yet sent becomes part
 * of its create; an edit of an edit replaces it; a delete of a memory not yet sent removes it
 * (nothing to tell the server); a delete drops the edits before it.
 */
export function enqueue(items: readonly OutboxItem[], next: OutboxItem): OutboxItem[] {
  if (next.kind === 'create') return [...items, next];
  const pending = items.find((i) => i.kind === 'create' && i.id === next.pinId);
  if (next.kind === 'delete') {
    if (pending) return items.filter((i) => i.pinId !== next.pinId);
    return [...items.filter((i) => !(i.pinId === next.pinId && i.kind === 'update')), next];
  }
  if (pending) {
    const { removeImage: _r, keepImages: _k, ...fields } = applyUpdateFields(pending.fields, next.fields);
    const photos = photosAfter({ files: pending.files, removeImage: false }, next);
    const { pinId: _p, ...createFields } = fields;
    const folded: OutboxItem = {
      ...pending,
      fields: createFields,
      files: filesInOrder(photos),
      preview: { ...pending.preview, ...next.preview },
      version: pending.version + 1,
      attempts: 0,
      nextTryAt: 0,
      problem: undefined,
    };
    return items.map((i) => (i === pending ? folded : i));
  }
  const earlier = items.find((i) => i.kind === 'update' && i.pinId === next.pinId);
  if (earlier) {
    const photos = photosAfter(
      { files: earlier.files, removeImage: earlier.fields.removeImage === 'true', keepImages: earlier.fields.keepImages },
      next,
    );
    const fields = applyUpdateFields(earlier.fields, next.fields);
    delete fields.removeImage;
    delete fields.keepImages;
    if (photos.removeImage) fields.removeImage = 'true';
    if (photos.keepImages !== undefined) fields.keepImages = photos.keepImages;
    const folded: OutboxItem = {
      ...earlier,
      fields,
      files: photos.files,
      preview: { ...earlier.preview, ...next.preview },
      version: earlier.version + 1,
      attempts: 0,
      nextTryAt: 0,
      problem: undefined,
    };
    return items.map((i) => (i === earlier ? folded : i));
  }
  return [...items, next];
}

/**
 * A create was sent while an edit folded into it: the server has the memory as first sent, so what
 * waits becomes an edit of that memory (a resend of the create would only answer the first one).
 */
export function asUpdateOf(item: OutboxItem, serverId: string): OutboxItem {
  const { latitude: _lat, longitude: _lng, ...rest } = item.fields;
  return {
    ...item,
    kind: 'update',
    pinId: serverId,
    method: 'PUT',
    path: OUTBOX_PATHS.update,
    // The memory on the server has the photos first sent; these files, in this order, replace them all.
    fields: {
      ...rest,
      pinId: serverId,
      keepImages: JSON.stringify(item.files.map((_, n) => `new:${n}`)),
      ...(item.files.length === 0 ? { removeImage: 'true' } : {}),
    },
    attempts: 0,
    nextTryAt: 0,
  };
}

/** In the order made. */
export function inSendingOrder(items: readonly OutboxItem[]): OutboxItem[] {
  return [...items].sort((a, b) => a.seq - b.seq);
}

export type SendOutcome =
  /** Done: the item leaves the outbox. */
  | { kind: 'sent' }
  /** The server refused it for a reason the person must see and fix; the queue goes on. */
  | { kind: 'refused'; message: string }
  /** The session ended: everything waits until the person signs in again. */
  | { kind: 'signed-out' }
  /** No network, a timeout, an overloaded or failing server: try again later, in the same order. */
  | { kind: 'retry' };

export const REFUSED_FALLBACK = 'The server did not accept this. Change it and save again, or discard it.';

/** What a server's answer (status 0: no answer) means for an item. */
export function outcomeOf(item: Pick<OutboxItem, 'kind'>, status: number, message: string | undefined): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  // Deleting what is already gone (by another device, or by a send whose answer was lost) is done.
  if (item.kind === 'delete' && status === 404) return { kind: 'sent' };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'refused', message: message ?? REFUSED_FALLBACK };
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 10 * 60_000;

/** 5 s, 10 s, 20 s … at most 10 minutes between tries (the online event and reopening the app try at once). */
export function retryDelay(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Due now: not refused, and any retry wait is over. */
export function readyToSend(item: Pick<OutboxItem, 'problem' | 'nextTryAt'>, now: number): boolean {
  return !item.problem && item.nextTryAt <= now;
}
