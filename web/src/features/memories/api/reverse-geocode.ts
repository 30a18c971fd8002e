import type { ReverseResult } from '@memory-map/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const UNKNOWN_LOCATION = 'Unknown location';

/** SPEC.md §7: the place name is road, city/town/village, country; 'Unknown location' when empty. */
export function placeNameOf(result: ReverseResult | null | undefined): string {
  const a = result?.address;
  if (!a) return UNKNOWN_LOCATION;
  const parts = [a.road, a.city ?? a.town ?? a.village, a.country].map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : UNKNOWN_LOCATION;
}

/** GET /api/places/reverse (our own geocoder); a failure reads 'Unknown location' (SPEC.md §8). */
export async function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<string> {
  try {
    const params = new URLSearchParams({ lat: String(lat), lon: String(lon) });
    return placeNameOf(await api<ReverseResult>(`/api/places/reverse?${params}`, { signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return UNKNOWN_LOCATION;
  }
}

export function usePlaceName(lat: number | undefined, lng: number | undefined) {
  const ok = typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);
  return useQuery({
    queryKey: ['places', 'reverse', ok ? lat.toFixed(5) : '', ok ? lng.toFixed(5) : ''],
    queryFn: ({ signal }) => reverseGeocode(lat!, lng!, signal),
    enabled: ok,
    staleTime: Infinity,
    retry: false,
    meta: { persist: false },
  });
}
