import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/queryable.ts';
import { AppError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { displayKeyOf, thumbKeyOf, type ProcessedImage } from './images.ts';
import { mediaIntentsRepository, type IntentSubject } from './media-intents.repository.ts';

/**
 * A change of the image a row points at (a memory's photo, a profile picture) touches files and
 * a row, which no transaction spans. An intent record makes the pair atomic in effect
 * (docs/decisions/040-file-writes.md):
 *
 * 1. begin: before any file is written or deleted, a row in media_intents names the subject row
 *    and every key the change may create or drop, state 'open'. Then the new files are written
 *    and made durable.
 * 2. fence: the transaction that changes the subject row checks, in the same transaction, that
 *    the intent is still open.
 * 3. finish: after the commit, the files the row no longer uses are deleted, then the intent.
 *
 * Whoever settles an unfinished intent (the request itself after a failure, or recovery after
 * a crash) first marks it 'settling', so no request can commit it any more, then reads the
 * subject row: the keys it points at stay, every other listed key is deleted, then the intent.
 * One change may add several keys and drop several (a memory's photos): they commit or go together.
 * Nothing a row uses is ever deleted, and nothing is left that no row uses.
 */
export interface ImageChange {
  id: string;
  subject: IntentSubject;
  /** The new images' keys (none when the change only drops): a memory takes up to 10 at once. */
  added: string[];
  /** Every key the change may create or drop (each with its thumbnail). */
  keys: string[];
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** An unfinished intent older than this is taken to belong to a server that died. */
export const INTENT_LEASE_MS = 10 * 60 * 1000;

export const IMAGE_CHANGE_MESSAGES = {
  taken: 'The server restarted while saving your photo. Please try again.',
} as const;

/** Which server made an intent: a restart of the same one settles its intents at once. */
export function intentOwner(config: Pick<Config, 'dataDir'>): string {
  return `${hostname()}:${config.dataDir}`;
}

export function subjectOf(table: IntentSubject['subject_table'], id: string): IntentSubject {
  return { subject_table: table, subject_id: id };
}

/**
 * A change that only drops images (a memory deleted with its photos) needs no fence: its intent is
 * written in the very transaction that drops the keys, so it commits with the change or not at all.
 */
export async function recordDrop(ctx: AppContext, trx: Queryable, subject: IntentSubject, keys: string[]): Promise<ImageChange> {
  const change: ImageChange = { id: uuidv7(), subject, added: [], keys: [...keys] };
  await mediaIntentsRepository.insert(trx, {
    id: change.id,
    ...subject,
    keys: JSON.stringify(change.keys),
    state: 'open',
    owner: intentOwner(ctx.config),
    created_at: nowIso(),
  });
  return change;
}

/**
 * Many drops in one transaction (an account deleted with all its photos): one intent per subject
 * (a memory with all its photos), written in a few statements, each settled on its own after the
 * commit or by recovery.
 */
export async function recordDrops(ctx: AppContext, trx: Queryable, drops: Array<{ subject: IntentSubject; keys: string[] }>): Promise<ImageChange[]> {
  const owner = intentOwner(ctx.config);
  const at = nowIso();
  const changes: ImageChange[] = drops.map((d) => ({ id: uuidv7(), subject: d.subject, added: [], keys: [...d.keys] }));
  await mediaIntentsRepository.insertMany(
    trx,
    changes.map((c) => ({ id: c.id, ...c.subject, keys: JSON.stringify(c.keys), state: 'open', owner, created_at: at })),
  );
  return changes;
}

/**
 * Step 1: the intent, then the new images' files (durable before this returns). Should any file
 * fail, the change is undone at once: none of its new files stays.
 */
export async function beginImageChange(
  ctx: AppContext,
  log: Log,
  subject: IntentSubject,
  change: { add?: ProcessedImage[]; drop?: (string | null)[] },
): Promise<ImageChange> {
  const add = change.add ?? [];
  const keys = [...add.map((a) => a.key), ...(change.drop ?? []).filter((k): k is string => k !== null)];
  const begun: ImageChange = { id: uuidv7(), subject, added: add.map((a) => a.key), keys: [...new Set(keys)] };
  await mediaIntentsRepository.insert(ctx.db.kysely, {
    id: begun.id,
    ...subject,
    keys: JSON.stringify(begun.keys),
    state: 'open',
    owner: intentOwner(ctx.config),
    created_at: nowIso(),
  });
  if (add.length > 0) {
    try {
      // One after another: the store's writes are already bounded per file, and a failure stops
      // the rest instead of racing them.
      for (const image of add) {
        await ctx.media.put(image.key, image.image, image.contentType);
        await ctx.media.put(image.thumbKey, image.thumbnail, image.contentType);
        if (image.displayKey && image.display) await ctx.media.put(image.displayKey, image.display, image.contentType);
      }
    } catch (err) {
      await abandonImageChange(ctx, log, begun);
      throw err;
    }
  }
  return begun;
}

/** The row turned out to hold other images than first read: the change drops those too. */
export async function alsoDrop(db: Queryable, change: ImageChange, key: string | null | string[]): Promise<void> {
  const more = (Array.isArray(key) ? key : [key]).filter((k): k is string => k !== null && !change.keys.includes(k));
  if (more.length === 0) return;
  change.keys = [...change.keys, ...more];
  await mediaIntentsRepository.setKeys(db, change.id, JSON.stringify(change.keys));
}

/** False once recovery has taken the change (it can no longer commit). */
export function isImageChangeOpen(ctx: AppContext, change: ImageChange): Promise<boolean> {
  return mediaIntentsRepository.isOpen(ctx.db.kysely, change.id);
}

/** Step 2, inside the transaction that changes the subject row. */
export async function fenceImageChange(trx: Queryable, change: ImageChange): Promise<void> {
  if (!(await mediaIntentsRepository.holdOpen(trx, change.id))) throw changeTaken();
}

/** Recovery settled the change before it could commit (another server took it for dead). */
export function changeTaken(): AppError {
  return new AppError(503, IMAGE_CHANGE_MESSAGES.taken, { 'retry-after': '1' });
}

/** Step 3, after the commit: the row uses `added` (if any) and none of the rest. */
export async function finishImageChange(ctx: AppContext, log: Log, change: ImageChange): Promise<void> {
  await deleteThenForget(ctx, log, change.id, change.keys.filter((k) => !change.added.includes(k)));
}

/**
 * After a failure before (or maybe during) the commit. Never throws: the request's own error is
 * what the client should hear, and an intent left behind is settled by the next sweep.
 */
export async function abandonImageChange(ctx: AppContext, log: Log, change: ImageChange): Promise<void> {
  try {
    await settleImageChange(ctx, log, change.id);
  } catch (err) {
    log.warn({ err, intent: change.id }, 'could not settle an image change; the next sweep will');
  }
}

/** Makes sure the change can no longer commit, then keeps only the keys the subject row uses. */
export async function settleImageChange(ctx: AppContext, log: Log, id: string): Promise<void> {
  const db = ctx.db.kysely;
  await mediaIntentsRepository.markSettling(db, id);
  const intent = await mediaIntentsRepository.find(db, id);
  if (!intent) return;
  const inUse = new Set(await mediaIntentsRepository.keysInUse(db, intent));
  const keys = parseKeys(intent.keys);
  await deleteThenForget(ctx, log, id, keys.filter((k) => !inUse.has(k)));
}

/**
 * Settles unfinished intents: at start-up every one this server made (a crash interrupted them)
 * plus any older than the lease, and in the hourly sweep only those. Returns how many it settled.
 */
export async function recoverImageChanges(ctx: AppContext, log: Log, options: { startUp: boolean }): Promise<number> {
  const owner = options.startUp ? intentOwner(ctx.config) : null;
  const before = new Date(Date.now() - INTENT_LEASE_MS).toISOString();
  let settled = 0;
  let after = '';
  for (;;) {
    const batch = await mediaIntentsRepository.listToSettle(ctx.db.kysely, owner, before, after, 100);
    for (const { id } of batch) {
      await settleImageChange(ctx, log, id);
      settled += 1;
    }
    if (batch.length < 100) break;
    after = batch[batch.length - 1]!.id;
  }
  if (settled > 0) log.info({ settled }, 'finished or undid image changes a restart or failure interrupted');
  return settled;
}

function parseKeys(json: string): string[] {
  try {
    const keys: unknown = JSON.parse(json);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Deletes each key's files, then the intent; a file that cannot be deleted keeps the intent for a retry. */
async function deleteThenForget(ctx: AppContext, log: Log, id: string, keys: string[]): Promise<void> {
  // The row that no longer uses these files must be on disk before they go: with SQLite's group
  // commit a COMMIT returns before its fsync (docs/decisions/085-maintained-read-cache.md), and a
  // power cut in between would bring back a row pointing at deleted files.
  await ctx.db.durable?.();
  const results = await Promise.allSettled(keys.flatMap((key) => [ctx.media.delete(key), ctx.media.delete(thumbKeyOf(key)), ctx.media.delete(displayKeyOf(key))]));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    log.warn({ err: failed.reason, keys }, 'could not delete an image file; the next sweep retries');
    return;
  }
  await mediaIntentsRepository.remove(ctx.db.kysely, id);
}
