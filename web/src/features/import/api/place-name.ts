import { placeNameOf, UNKNOWN_LOCATION } from '@memory-map/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { PhotoPosition } from '../../../lib/photo-taken.ts';
import { importKeys } from './keys.ts';

/** GET /api/places/reverse: our own offline geocoder names a suggestion's place (docs/design.md §4). */
async function reverse(position: PhotoPosition, signal: AbortSignal): Promise<string> {
  try {
    return placeNameOf(await data(api.GET('/api/places/reverse', { params: { query: { lat: position.lat, lon: position.lng } }, signal })));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return UNKNOWN_LOCATION;
  }
}

export function placeNameQuery(position: PhotoPosition | null) {
  return queryOptions({
    queryKey: importKeys.placeName(position?.lat.toFixed(4) ?? '', position?.lng.toFixed(4) ?? ''),
    queryFn: ({ signal }) => reverse(position!, signal),
    enabled: position !== null,
    staleTime: Infinity,
    retry: false,
    meta: { persist: false },
  });
}

export function usePlaceName(position: PhotoPosition | null) {
  return useQuery(placeNameQuery(position));
}
