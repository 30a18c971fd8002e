import { LIMITS } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { PlaceSearchResult } from '../../../lib/api/types.ts';
import { importKeys } from './keys.ts';

/** GET /api/places/search: where to put a suggestion, by name (our own geocoder, never a third party). */
async function searchPlaces(q: string, signal: AbortSignal): Promise<PlaceSearchResult[]> {
  return data(api.GET('/api/places/search', { params: { query: { q, limit: LIMITS.placesSearchDefault } }, signal }));
}

/** Searches for the submitted text; blank text asks nothing. */
export function usePlaceSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: importKeys.placeSearch(term.toLowerCase()),
    queryFn: ({ signal }) => searchPlaces(term, signal),
    enabled: term !== '',
    staleTime: 10 * 60_000,
    retry: false,
    meta: { persist: false },
  });
}
