import { idbAll, idbDelete, idbPut, idbReplace } from '../idb.ts';
import { enqueue, inSendingOrder, type OutboxItem } from './outbox-item.ts';

/**
 * The outbox in IndexedDB, so what waits survives a reload and a closed tab. Every change is told
 * to this tab's listeners and, through a BroadcastChannel, to other tabs of the app.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mm-outbox');
let snapshot: readonly OutboxItem[] = [];
let loaded: Promise<void> | null = null;

async function reload(): Promise<void> {
  try {
    snapshot = inSendingOrder(await idbAll<OutboxItem>('outbox'));
  } catch {
    // Storage unreadable: show nothing rather than fail the screen; the items stay where they are.
  }
  for (const l of listeners) l();
}

channel?.addEventListener('message', () => void reload());

function changed(): Promise<void> {
  channel?.postMessage('changed');
  return reload();
}

/** Every item of every user on this device, in sending order (loaded on first use). */
export function outboxSnapshot(): readonly OutboxItem[] {
  return snapshot;
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  loaded ??= reload();
  return () => listeners.delete(listener);
}

// Folds are read-modify-write: one at a time in this tab.
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

export function readOutbox(userId: string): Promise<OutboxItem[]> {
  return serial(async () => inSendingOrder((await idbAll<OutboxItem>('outbox')).filter((i) => i.userId === userId)));
}

/** Adds a write, folding it into what already waits for the same memory (outbox-item.ts). */
export function addToOutbox(item: OutboxItem): Promise<void> {
  return serial(async () => {
    const all = await idbAll<OutboxItem>('outbox');
    const mine = inSendingOrder(all.filter((i) => i.userId === item.userId));
    const after = enqueue(mine, item);
    const kept = new Set(after.map((i) => i.id));
    const put = after.filter((i) => !mine.includes(i));
    const remove = mine.filter((i) => !kept.has(i.id)).map((i) => i.id);
    await idbReplace('outbox', put, remove);
  }).then(changed);
}

/** Replaces one item as the sender found it answered (a refusal, a later try, a create turned edit). */
export function putOutboxItem(item: OutboxItem): Promise<void> {
  return serial(() => idbPut('outbox', item)).then(changed);
}

/**
 * Removes an item once sent, unless it changed while it was on its way (`version`): then what
 * changed still has to go.
 */
export function removeOutboxItem(id: string, version?: number): Promise<OutboxItem | undefined> {
  return serial(async () => {
    const current = (await idbAll<OutboxItem>('outbox')).find((i) => i.id === id);
    if (current && version !== undefined && current.version !== version) return current;
    await idbDelete('outbox', id);
    return undefined;
  }).then(async (left) => {
    await changed();
    return left;
  });
}

/** The person let a waiting write go (or took it back into a form to change it). */
export function discardOutboxItem(id: string): Promise<void> {
  return removeOutboxItem(id).then(() => undefined);
}

/** Signing out (or deleting the account) erases the person's waiting writes from this device. */
export function eraseOutboxOf(userId: string): Promise<void> {
  return serial(async () => {
    const mine = (await idbAll<OutboxItem>('outbox')).filter((i) => i.userId === userId);
    await idbReplace('outbox', [], mine.map((i) => i.id));
  }).then(changed);
}
