import type { QueryClient } from '@tanstack/react-query';
import { normalizePath, paths } from '../config/paths.ts';
import { getStoredUser, getToken } from '../lib/session.ts';

/**
 * A first visit to the feed asks for its first page as soon as the app starts, not once the
 * screen's chunk has loaded and rendered (the page preloads that chunk: web/build/route-pages.ts).
 * The screen's own query then finds the request under way and waits for it.
 */
export function preloadFirstScreen(queryClient: QueryClient): void {
  if (normalizePath(location.pathname) !== paths.feeds || !getToken()) return;
  const viewerId = getStoredUser()?._id ?? null;
  void import('../features/feed/api/query-feed.ts').then(({ feedQueryOptions }) => queryClient.prefetchInfiniteQuery(feedQueryOptions(viewerId, true)));
}
