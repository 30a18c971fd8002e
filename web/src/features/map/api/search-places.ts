import { LIMITS } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { PlaceSearchResult } from '../../../lib/api/types.ts';
import { mapKeys } from './keys.ts';

/** docs/product.md §5: at most 5 results. */
export const SEARCH_LIMIT = LIMITS.placesSearchDefault;

/** GET /api/places/search (our own geocoder; never a third party). */
export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceSearchResult[]> {
  const results = await data(api.GET('/api/places/search', { params: { query: { q, limit: SEARCH_LIMIT } }, signal }));
  return results.slice(0, SEARCH_LIMIT);
}

/** Searches for the submitted text; blank text asks nothing (docs/product.md §5). */
export function usePlaceSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: mapKeys.placeSearch(term.toLowerCase()),
    queryFn: ({ signal }) => searchPlaces(term, signal),
    enabled: term !== '',
    staleTime: 10 * 60_000,
    meta: { persist: false },
  });
}
