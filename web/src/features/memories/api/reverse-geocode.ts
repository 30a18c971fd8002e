import { placeNameOf, UNKNOWN_LOCATION } from '@memory-map/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, data } from '../../../lib/api-client.ts';
import { memoriesKeys } from './keys.ts';

// One rule for the browser and the server (which names the place of a moved memory).
export { placeNameOf, UNKNOWN_LOCATION };

/** GET /api/places/reverse (our own geocoder); a failure reads 'Unknown location' (docs/product.md §8). */
export async function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<string> {
  try {
    return placeNameOf(await data(api.GET('/api/places/reverse', { params: { query: { lat, lon } }, signal })));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return UNKNOWN_LOCATION;
  }
}

function placeNameKey(lat: number | undefined, lng: number | undefined) {
  const ok = typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);
  return { ok, queryKey: memoriesKeys.placeName(ok ? lat.toFixed(5) : '', ok ? lng.toFixed(5) : '') };
}

export function placeNameQueryOptions(lat: number | undefined, lng: number | undefined) {
  const { ok, queryKey } = placeNameKey(lat, lng);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => reverseGeocode(lat!, lng!, signal),
    enabled: ok,
    staleTime: Infinity,
    retry: false,
    meta: { persist: false },
  });
}

export function usePlaceName(lat: number | undefined, lng: number | undefined) {
  return useQuery(placeNameQueryOptions(lat, lng));
}

/** How long Save waits for a place name still being looked up before it settles for 'Unknown location'. */
export const PLACE_NAME_WAIT_MS = 5000;

/**
 * The place name to store with a memory saved at (lat, lng): the one already looked up, else the
 * lookup in flight (or a new one) awaited for at most PLACE_NAME_WAIT_MS. Never '' — a memory
 * saved while 'Finding the place…' would otherwise keep an empty name for good.
 */
export function usePlaceNameForSaving(): (lat: number, lng: number) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async (lat, lng) => {
      const options = placeNameQueryOptions(lat, lng);
      const known = queryClient.getQueryData(options.queryKey);
      if (known) return known;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(UNKNOWN_LOCATION), PLACE_NAME_WAIT_MS);
      });
      try {
        return (await Promise.race([queryClient.fetchQuery(options), giveUp])) || UNKNOWN_LOCATION;
      } catch {
        return UNKNOWN_LOCATION;
      } finally {
        clearTimeout(timer);
      }
    },
    [queryClient],
  );
}
