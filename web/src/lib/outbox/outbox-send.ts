import { asUpdateOf, outcomeOf, readyToSend, retryDelay, type OutboxItem, type OutboxKind } from './outbox-item.ts';
import { putOutboxItem, readOutbox, removeOutboxItem } from './outbox-store.ts';
import { replay } from './outbox-replay.ts';

/**
 * Sending what waits in the outbox: the one code the page (outbox-sender.ts) and the service
 * worker's Background Sync (service-worker/outbox-sync.ts) both run. Nothing here touches the
 * window or localStorage. Two senders never send the same item at once: a Web Lock per item
 * (navigator.locks spans the tabs and the worker of one origin) is held while it is on its way, and
 * a round over the queue holds the outbox's lock, so one round at a time per device. A create that
 * still reaches the server twice (an answer lost on the way) is answered from its Idempotency-Key.
 */

const ROUND_LOCK = 'mm-outbox-send';
const itemLock = (id: string) => `mm-outbox-item:${id}`;

/** Told to the other tabs after every item that reached the server, so their map and feed ask again. */
const sentChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mm-outbox-sent');
let afterSent: (kind: OutboxKind) => void = () => {};

/** What runs in this context after an item reached the server (the page refreshes its lists). */
export function onOutboxSent(callback: (kind: OutboxKind) => void): void {
  afterSent = callback;
}

/** Calls `callback` when another tab or the service worker sent an item (of the kind given). */
export function onOutboxSentElsewhere(callback: (kind: OutboxKind) => void): void {
  sentChannel?.addEventListener('message', (e: MessageEvent<unknown>) => callback(e.data === 'create' || e.data === 'delete' ? e.data : 'update'));
}

/** Items this context is sending right now (without Web Locks, the only guard; with them, a cheap one). */
const inFlight = new Set<string>();

const locks = (): LockManager | undefined => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

/** Runs `task` holding the lock if nobody else holds it; 'busy' if someone does. */
async function ifFree<T>(name: string, task: () => Promise<T>): Promise<T | 'busy'> {
  const manager = locks();
  if (!manager) return task();
  return manager.request(name, { ifAvailable: true }, (lock) => (lock ? task() : ('busy' as const)));
}

export type SendResult =
  | { kind: 'sent'; body: unknown }
  | { kind: 'refused'; status: number; serverMessage: string | undefined }
  | { kind: 'signed-out' }
  | { kind: 'waiting' }
  /** Another tab or the worker is sending it (or just did): nothing was sent from here. */
  | { kind: 'elsewhere' };

const messageOf = (body: unknown) =>
  body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;

/**
 * Sends one item and records what the answer means for it. `fromForm`: the form that made it is
 * still open and shows a refusal itself, so a refused item leaves the outbox instead of waiting.
 */
export async function sendOne(item: OutboxItem, token: string, fromForm?: { onProgress: (fraction: number) => void }): Promise<SendResult> {
  if (inFlight.has(item.id)) return { kind: 'elsewhere' };
  inFlight.add(item.id);
  try {
    const result = await ifFree(itemLock(item.id), async () => {
      // Read again under the lock: another sender may have sent it, or the person changed it, since.
      const current = (await readOutbox(item.userId)).find((i) => i.id === item.id);
      return current ? sendLocked(current, token, fromForm) : ({ kind: 'elsewhere' } as const);
    });
    return result === 'busy' ? { kind: 'elsewhere' } : result;
  } finally {
    inFlight.delete(item.id);
  }
}

async function sendLocked(item: OutboxItem, token: string, fromForm?: { onProgress: (fraction: number) => void }): Promise<SendResult> {
  const answer = await replay(item, token, fromForm?.onProgress);
  let outcome = outcomeOf(item, answer.status, messageOf(answer.body));
  // The form is open: any answer the server gave (a 500 too) is shown there, where the entry still
  // is; only a send that never got an answer waits in the outbox.
  if (fromForm && outcome.kind === 'retry' && answer.status !== 0) outcome = { kind: 'refused', message: '' };
  if (outcome.kind === 'sent') {
    const changedMeanwhile = await removeOutboxItem(item.id, item.version);
    if (changedMeanwhile?.kind === 'create') {
      const id = (answer.body as { id?: unknown } | undefined)?.id;
      await putOutboxItem(typeof id === 'string' ? asUpdateOf(changedMeanwhile, id) : changedMeanwhile);
    }
    afterSent(item.kind);
    sentChannel?.postMessage(item.kind);
    return { kind: 'sent', body: answer.body };
  }
  if (outcome.kind === 'refused') {
    if (fromForm) await removeOutboxItem(item.id);
    else await putOutboxItem({ ...item, problem: outcome.message });
    return { kind: 'refused', status: answer.status, serverMessage: messageOf(answer.body) };
  }
  if (outcome.kind === 'signed-out') return { kind: 'signed-out' };
  const attempts = item.attempts + 1;
  await putOutboxItem({ ...item, attempts, nextTryAt: Date.now() + retryDelay(attempts) });
  return { kind: 'waiting' };
}

export interface Round {
  userId: string;
  token: string;
  /** Whether the session the round started with still holds: a sign-out stops it between items. */
  stillSignedIn: () => boolean | Promise<boolean>;
  /**
   * The page waits out a failed send's retry delay; the worker does not, since the browser wakes
   * it when the network is back and spaces its own retries.
   */
  keepRetryDelays: boolean;
}

export type RoundEnd =
  /** Nothing due is left (refused items wait for the person). */
  | { kind: 'done' }
  /** Something could not go yet; `at`: when the earliest retry is due (the page sets a timer). */
  | { kind: 'waiting'; at?: number }
  | { kind: 'signed-out' }
  /** Another tab or the worker is running a round. */
  | { kind: 'elsewhere' };

/** Sends the person's due items in the order they were made, holding the outbox's lock. */
export async function sendDue(round: Round): Promise<RoundEnd> {
  const end = await ifFree(ROUND_LOCK, () => sendDueLocked(round));
  return end === 'busy' ? { kind: 'elsewhere' } : end;
}

async function sendDueLocked({ userId, token, stillSignedIn, keepRetryDelays }: Round): Promise<RoundEnd> {
  for (const item of await readOutbox(userId)) {
    // A refused item waits for the person; the rest are independent memories and go on.
    if (item.problem) continue;
    if (keepRetryDelays && !readyToSend(item, Date.now())) {
      // Order is kept: nothing overtakes an item waiting out its retry.
      return { kind: 'waiting', at: item.nextTryAt };
    }
    if (!(await stillSignedIn())) return { kind: 'done' };
    const result = await sendOne(item, token);
    if (result.kind === 'signed-out') return result;
    if (result.kind === 'waiting') {
      const now = (await readOutbox(userId)).find((i) => i.id === item.id);
      return { kind: 'waiting', at: now?.nextTryAt };
    }
  }
  return { kind: 'done' };
}
