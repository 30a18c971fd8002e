import { FIRST_FEED_PAGE } from '@memory-map/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, linkQuery, nextLink } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { feedKeys } from './keys.ts';

export interface FeedPage {
  pins: Pin[];
  next: string | null;
}

/** GET /api/query_feed: visible pins, newest first; the next page's URL is in the Link header. */
export async function fetchFeedPage(url: string, signal?: AbortSignal): Promise<FeedPage> {
  const { data, response } = await api.GET('/api/query_feed', { ...linkQuery(url), signal });
  return { pins: data ?? [], next: nextLink(response.headers) };
}

export function feedQueryOptions(viewerId: string | null, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(viewerId),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: FIRST_FEED_PAGE,
    getNextPageParam: (last: FeedPage) => last.next ?? undefined,
    enabled,
    // Social lists change by others' hands; a screen opened again (or the app reopened from the
    // offline cache) shows what it has at once and asks again.
    refetchOnMount: 'always',
  });
}

/** docs/product.md §6: the feed is fetched only with a token. */
export function useFeed() {
  const { token, user } = useSession();
  return useInfiniteQuery(feedQueryOptions(user?._id ?? null, Boolean(token)));
}

/** Pages may overlap when memories are added while scrolling; each pin shows once, first place wins. */
export function uniquePins(pages: FeedPage[] | undefined): Pin[] {
  const seen = new Set<string>();
  const out: Pin[] = [];
  for (const page of pages ?? []) {
    for (const pin of page.pins) {
      if (seen.has(pin.id)) continue;
      seen.add(pin.id);
      out.push(pin);
    }
  }
  return out;
}
