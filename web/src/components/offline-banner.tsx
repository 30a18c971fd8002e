import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Tells the person why nothing new arrives, and that what they see is what was saved. */
export function OfflineBanner() {
  // Pages drawn at build time are drawn online (app/prerender.tsx); hydration starts from there.
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      You are offline — showing your saved memories. New ones wait on this phone.
    </div>
  );
}
