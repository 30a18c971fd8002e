import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '@memory-map/shared';

/**
 * Offline-first for a person's own data: answered queries (map pins, feed, friends, profile) are
 * kept in localStorage, so the app opens with them on a train with no signal, then refreshes when
 * the network is back. The cache belongs to the signed-in user and is dropped at sign-out.
 *
 * Not TanStack Query's persister (docs/decisions/140-libraries.md): this restores synchronously,
 * before the first render, so the first frame offline shows the cached map and feed; the
 * persister's restore is asynchronous and would paint a loading frame first.
 */
const CACHE_KEY = 'mm-query-cache';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 1000;

interface Stored {
  version: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

export function persistQueries(queryClient: QueryClient): void {
  try {
    const raw = window.localStorage.getItem(CACHE_KEY);
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    if (stored && stored.version === APP_VERSION && Date.now() - stored.savedAt < MAX_AGE_MS) {
      hydrate(queryClient, stored.state);
    }
  } catch {
    window.localStorage.removeItem(CACHE_KEY);
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!window.localStorage.getItem('token')) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist !== false,
    });
    try {
      window.localStorage.setItem(CACHE_KEY, JSON.stringify({ version: APP_VERSION, savedAt: Date.now(), state }));
    } catch {
      // Storage full: the app still works online; drop the stale copy rather than keep a wrong one.
      window.localStorage.removeItem(CACHE_KEY);
    }
  };
  queryClient.getQueryCache().subscribe(() => {
    timer ??= setTimeout(save, WRITE_DELAY_MS);
  });
  // Writes are batched; a reload or a closed tab must not lose the last second of them.
  window.addEventListener('pagehide', () => {
    if (timer) save();
  });
}

export function dropOfflineCache(queryClient?: QueryClient): void {
  queryClient?.clear();
  window.localStorage.removeItem(CACHE_KEY);
}
