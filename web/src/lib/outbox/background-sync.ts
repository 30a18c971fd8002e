/**
 * Background Sync, where the browser has it (Chromium-based ones): the page asks for a one-off sync
 * when a write waits and cannot go now, and the browser wakes the service worker once the network
 * is back — even with every tab of the app closed — which sends the outbox
 * (service-worker/outbox-sync.ts). Elsewhere nothing changes: the page sends on its next start,
 * when the network comes back, and when it is looked at again.
 */
export const OUTBOX_SYNC_TAG = 'mm-outbox';

/** The part of the Background Sync API used here (TypeScript's DOM types do not have it yet). */
interface SyncRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

export function askForBackgroundSync(): void {
  if (!('SyncManager' in globalThis) || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Registering the same tag again while one waits is a no-op, so this is asked freely.
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // Refused (e.g. a permission policy): the page's own triggers still send.
    });
}
