/// <reference lib="webworker" />
import { OUTBOX_SYNC_TAG } from '../lib/outbox/background-sync.ts';
import { sendDue } from '../lib/outbox/outbox-send.ts';
import { readSenderSession } from '../lib/outbox/sender-session.ts';

declare const self: ServiceWorkerGlobalScope;

/** The event Background Sync fires (not in TypeScript's worker types yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Sends the outbox as the signed-in person (lib/outbox/sender-session.ts), with the page's own
 * sending code. Throws when something could not go, so the browser tries the sync again later.
 */
async function sendOutbox(): Promise<void> {
  const session = await readSenderSession();
  if (!session) return;
  const end = await sendDue({
    ...session,
    // A sign-out in a tab meanwhile removes the session: the round stops before the next item.
    stillSignedIn: async () => (await readSenderSession())?.token === session.token,
    keepRetryDelays: false,
  });
  if (end.kind === 'waiting') throw new Error('The outbox could not be sent yet');
}

/** Background Sync: the browser wakes the worker once the network is back, tabs open or not. */
export function sendOutboxOnSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
  });
}
