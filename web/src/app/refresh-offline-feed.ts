import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedQueryOptions } from '../features/feed/api/query-feed.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';

/**
 * The feed's offline copy (lib/offline-cache.ts) is refreshed on every load that has a network,
 * and again whenever the network comes back, whichever screen is open: it used to change only
 * when the Feed screen was opened, so a memory edited from the map stayed old there (its old
 * title, one of its three photos) for the next time without signal. After the first screen's own
 * requests, so the screen one came for is never slowed by it; and not at all when that screen was
 * the feed, which has just fetched it (asking again cost every visit to /feeds a second request).
 */
export function useRefreshOfflineFeed(token: string | null, userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !userId) return;
    let cancelled = false;
    const loadedAt = Date.now();
    const refresh = () => {
      if (cancelled || !navigator.onLine) return;
      // Stale at once: the pages held are fetched again (a failure leaves the old copy in place).
      void queryClient.fetchInfiniteQuery({ ...feedQueryOptions(userId, true), staleTime: 0 }).catch(() => undefined);
    };
    void afterFirstScreen(queryClient).then(() => {
      const fetched = queryClient.getQueryState(feedQueryOptions(userId, true).queryKey)?.dataUpdatedAt ?? 0;
      if (fetched < loadedAt) refresh();
    });
    window.addEventListener('online', refresh);
    return () => {
      cancelled = true;
      window.removeEventListener('online', refresh);
    };
  }, [token, userId, queryClient]);
}
