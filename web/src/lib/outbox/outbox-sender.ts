import type { QueryClient } from '@tanstack/react-query';
import { ApiError, sessionEnded } from '../api-client.ts';
import { memoryChanged, type MemoryChange } from '../effects/memory.ts';
import { getStoredUser, getToken } from '../session.ts';
import { askForBackgroundSync } from './background-sync.ts';
import type { OutboxItem, OutboxKind } from './outbox-item.ts';
import { onOutboxSent, onOutboxSentElsewhere, sendDue, sendOne } from './outbox-send.ts';
import { addToOutbox, readOutbox } from './outbox-store.ts';
import { mirrorSenderSession } from './sender-session.ts';

/**
 * The page's side of the outbox: sends what waits when the app starts, when the network comes back,
 * when the app is looked at again, after a sign-in, and when a retry's wait is over; and asks for a
 * Background Sync when something cannot go now, so the service worker sends it even if the tab is
 * closed first. The sending itself is outbox-send.ts, the same code the worker runs.
 */

let timer: ReturnType<typeof setTimeout> | undefined;
function wakeAt(at: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void flushOutbox(), Math.max(0, at - Date.now()));
}

async function sendWaiting(): Promise<void> {
  const user = getStoredUser();
  const token = getToken();
  if (!user?._id || !token) return;
  if (navigator.onLine === false) {
    if ((await readOutbox(user._id)).some((i) => !i.problem)) askForBackgroundSync();
    return;
  }
  const end = await sendDue({ userId: user._id, token, stillSignedIn: () => getToken() === token, keepRetryDelays: true });
  if (end.kind === 'waiting') {
    if (end.at !== undefined && end.at > Date.now()) wakeAt(end.at);
    askForBackgroundSync();
  }
}

let running: Promise<void> | null = null;
let again = false;

/** Sends everything that is due; calls while a round runs start one more round after it. */
export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const round = async () => {
    do {
      again = false;
      await sendWaiting();
    } while (again);
  };
  running = round()
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

export type SubmitResult<T> = { kind: 'sent'; data: T } | { kind: 'queued' };

/**
 * A write from a form: kept in the outbox first (a tab closed mid-upload loses nothing), then sent
 * at once with progress. Offline or cut off on the way, it stays and goes later ('queued'); a
 * refusal is taken back out and thrown as an ApiError, since the form still holds what to fix.
 */
export async function submitWrite<T>(item: OutboxItem, onProgress?: (fraction: number) => void): Promise<SubmitResult<T>> {
  await addToOutbox(item);
  const token = getToken();
  if (!token || navigator.onLine === false) {
    askForBackgroundSync();
    return { kind: 'queued' };
  }
  // The write may have folded into one already waiting; send whatever now stands for it.
  const current = (await readOutbox(item.userId)).find((i) => i.id === item.id);
  if (!current) {
    void flushOutbox();
    return { kind: 'queued' };
  }
  const result = await sendOne(current, token, { onProgress: onProgress ?? (() => {}) });
  if (result.kind === 'sent') return { kind: 'sent', data: result.body as T };
  if (result.kind === 'refused') throw new ApiError(result.status, result.serverMessage);
  // The session ended: the write waits in the outbox for the next sign-in, the person goes to sign in.
  if (result.kind === 'signed-out') sessionEnded();
  if (result.kind === 'waiting') askForBackgroundSync();
  return { kind: 'queued' };
}

/** Keeps the service worker's copy of the session (sender-session.ts) the same as the page's. */
function mirrorSession(): void {
  const user = getStoredUser();
  const token = getToken();
  void mirrorSenderSession(user?._id && token ? { userId: user._id, token } : null);
}

let started = false;

const changeOf: Record<OutboxKind, MemoryChange> = { create: 'created', update: 'updated', delete: 'deleted' };

/**
 * Starts the triggers once (app/start.tsx). A memory the outbox delivered — from this tab, another
 * one or the service worker — is a memory change like any other (lib/effects/memory.ts).
 */
export function startOutbox(queryClient: QueryClient): void {
  const onSent = (kind: OutboxKind) => void memoryChanged(queryClient, changeOf[kind]);
  onOutboxSent(onSent);
  if (started) return;
  started = true;
  // A memory another tab or the service worker sent shows here too.
  onOutboxSentElsewhere(onSent);
  const kick = () => void flushOutbox();
  window.addEventListener('online', kick);
  window.addEventListener('focus', kick);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') kick();
  });
  // A sign-in (this tab's session event, or another tab's storage change) lets waiting items go.
  window.addEventListener('mm-session-change', () => {
    mirrorSession();
    kick();
  });
  window.addEventListener('storage', (e) => {
    if (e.key === 'token') kick();
  });
  mirrorSession();
  kick();
}
