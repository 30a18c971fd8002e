import { LIMITS } from '@memory-map/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, linkQuery, nextLink } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { feedKeys } from './keys.ts';
import type { FeedPage } from './query-feed.ts';

export function firstSearchPage(q: string): string {
  return `/api/search?${new URLSearchParams({ q, limit: String(LIMITS.feedPageDefault) })}`;
}

/** GET /api/search: memories the viewer may see, most relevant first; the next page is in Link. */
export async function fetchSearchPage(url: string, signal?: AbortSignal): Promise<FeedPage> {
  const { data, response } = await api.GET('/api/search', { ...linkQuery(url), signal });
  return { pins: data ?? [], next: nextLink(response.headers) };
}

export function searchQueryOptions(viewerId: string | null, q: string, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: feedKeys.search(viewerId, q),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(pageParam, signal),
    initialPageParam: firstSearchPage(q),
    getNextPageParam: (last: FeedPage) => last.next ?? undefined,
    enabled,
    // While the next query is asked, the last results stay: no flicker between keystrokes.
    placeholderData: keepPreviousData,
    // Results are of the moment; they are not kept for the offline copy of the app.
    meta: { persist: false },
  });
}

/** Searches only with a token and a query that holds a word. */
export function useSearchMemories(q: string) {
  const { token, user } = useSession();
  const trimmed = q.trim();
  return useInfiniteQuery(searchQueryOptions(user?._id ?? null, trimmed, Boolean(token) && trimmed !== ''));
}
