import { idbDelete, idbGet, idbPut } from '../idb.ts';

/**
 * Who the service worker sends the outbox as (docs/decisions/090-web-delivery.md). The page keeps
 * the session in localStorage, which a worker cannot read, so while someone is signed in the page
 * mirrors their id and token here, in IndexedDB beside the outbox; signing out (or the server
 * ending the session) removes it. It is no more exposed than localStorage: same origin, same
 * device, and only while the session lasts.
 */
export interface SenderSession {
  userId: string;
  token: string;
}

const KEY = 'sender';

export async function readSenderSession(): Promise<SenderSession | undefined> {
  try {
    const row = await idbGet<SenderSession & { key: string }>('session', KEY);
    return row ? { userId: row.userId, token: row.token } : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the page's session for the worker, or forgets it (`null`: nobody is signed in). */
export async function mirrorSenderSession(session: SenderSession | null): Promise<void> {
  try {
    if (session) await idbPut('session', { key: KEY, ...session });
    else await idbDelete('session', KEY);
  } catch {
    // Storage refused: the worker cannot send, the page still does when it opens.
  }
}
