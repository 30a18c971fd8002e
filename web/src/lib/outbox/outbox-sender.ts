import { ApiError, sessionEnded } from '../api-client.ts';
import { getStoredUser, getToken } from '../session.ts';
import { asUpdateOf, outcomeOf, readyToSend, retryDelay, type OutboxItem } from './outbox-item.ts';
import { addToOutbox, putOutboxItem, readOutbox, removeOutboxItem } from './outbox-store.ts';

/**
 * Sends what waits in the outbox, from the page: when the app starts, when the network comes back,
 * when the app is looked at again, after a sign-in, and when a retry's wait is over. One send at a
 * time per device (a Web Lock spans the tabs), in the order the writes were made.
 */

interface Answer {
  status: number;
  body: unknown;
}

/** One replay of the stored request (XMLHttpRequest: fetch cannot report upload progress). */
function replay(item: OutboxItem, token: string, onProgress?: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(item.method, item.path);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    // The server answers a second create with the same key with the first memory (docs/design.md §5).
    if (item.kind === 'create') xhr.setRequestHeader('idempotency-key', item.id);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ status: 0, body: undefined });
    xhr.ontimeout = () => resolve({ status: 0, body: undefined });
    xhr.onabort = () => resolve({ status: 0, body: undefined });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    if (item.method === 'DELETE') {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify(item.fields));
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(item.fields)) form.append(name, value);
    for (const file of item.files) form.append(file.field, file.blob, file.name);
    xhr.send(form);
  });
}

const messageOf = (body: unknown) =>
  body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;

/** Called after every item that reached the server (the map and the feed ask again). */
let afterSent: () => void = () => {};
/** Items this tab is sending right now: the queue skips them. */
const inFlight = new Set<string>();

type Result =
  | { kind: 'sent'; body: unknown }
  | { kind: 'refused'; status: number; serverMessage: string | undefined }
  | { kind: 'signed-out' }
  | { kind: 'waiting' };

/**
 * Sends one item and records what the answer means for it. `fromForm`: the form that made it is
 * still open and shows a refusal itself, so a refused item leaves the outbox instead of waiting.
 */
async function sendOne(item: OutboxItem, token: string, fromForm?: { onProgress: (fraction: number) => void }): Promise<Result> {
  inFlight.add(item.id);
  let answer: Answer;
  try {
    answer = await replay(item, token, fromForm?.onProgress);
  } finally {
    inFlight.delete(item.id);
  }
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
    afterSent();
    return { kind: 'sent', body: answer.body };
  }
  if (outcome.kind === 'refused') {
    if (fromForm) await removeOutboxItem(item.id);
    else await putOutboxItem({ ...item, problem: outcome.message });
    return { kind: 'refused', status: answer.status, serverMessage: messageOf(answer.body) };
  }
  if (outcome.kind === 'signed-out') return { kind: 'signed-out' };
  if (outcome.kind === 'retry') {
    const attempts = item.attempts + 1;
    await putOutboxItem({ ...item, attempts, nextTryAt: Date.now() + retryDelay(attempts) });
  }
  return { kind: 'waiting' };
}

let timer: ReturnType<typeof setTimeout> | undefined;
function wakeAt(at: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void flushOutbox(), Math.max(0, at - Date.now()));
}

async function sendWaiting(): Promise<void> {
  const user = getStoredUser();
  const token = getToken();
  if (!user?._id || !token || navigator.onLine === false) return;
  for (const item of await readOutbox(user._id)) {
    // A refused item waits for the person; the rest are independent memories and go on.
    if (item.problem || inFlight.has(item.id)) continue;
    if (!readyToSend(item, Date.now())) {
      // Order is kept: nothing overtakes an item waiting out its retry.
      wakeAt(item.nextTryAt);
      return;
    }
    if (getToken() !== token) return;
    const result = await sendOne(item, token);
    if (result.kind === 'waiting') {
      const now = (await readOutbox(user._id)).find((i) => i.id === item.id);
      if (now && now.nextTryAt > Date.now()) wakeAt(now.nextTryAt);
      return;
    }
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
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const round = async () => {
    do {
      again = false;
      await (locks ? locks.request('mm-outbox-send', { ifAvailable: true }, (lock) => (lock ? sendWaiting() : undefined)) : sendWaiting());
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
  if (!token || navigator.onLine === false) return { kind: 'queued' };
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
  return { kind: 'queued' };
}

let started = false;

/** Starts the triggers once (main.tsx); `onSent` refreshes what shows memories. */
export function startOutbox(onSent: () => void): void {
  afterSent = onSent;
  if (started) return;
  started = true;
  const kick = () => void flushOutbox();
  window.addEventListener('online', kick);
  window.addEventListener('focus', kick);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') kick();
  });
  // A sign-in (this tab's session event, or another tab's storage change) lets waiting items go.
  window.addEventListener('mm-session-change', kick);
  window.addEventListener('storage', (e) => {
    if (e.key === 'token') kick();
  });
  kick();
}
