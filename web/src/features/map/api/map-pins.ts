import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { normalizeMapPins, type MapPinsData } from '../lib/map-items.ts';

/** Enough for a crowded city view; clustering keeps drawing them cheap. */
export const MAP_PIN_LIMIT = 1000;

export const mapPinsKeys = {
  all: ['map-pins'] as const,
  bbox: (bbox: string) => ['map-pins', bbox] as const,
};

/** GET /api/query_map_pins for one area (bbox = west,south,east,north). */
export async function fetchMapPins(bbox: string, signal?: AbortSignal): Promise<MapPinsData> {
  const params = new URLSearchParams({ bbox, limit: String(MAP_PIN_LIMIT) });
  return normalizeMapPins(await api<unknown>(`/api/query_map_pins?${params}`, { signal }));
}

export function mapPinsQueryOptions(bbox: string) {
  return queryOptions({
    queryKey: mapPinsKeys.bbox(bbox),
    queryFn: ({ signal }) => fetchMapPins(bbox, signal),
    // Moving the map shows the last answer until the new one arrives: no flicker.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // Areas left behind drop out of the (persisted) cache soon.
    gcTime: 10 * 60_000,
  });
}

/** The pins of an area; a failure is logged only (SPEC.md §8 'Failed to fetch pins'). */
export function useMapPins(bbox: string | null) {
  const query = useQuery({ ...mapPinsQueryOptions(bbox ?? ''), enabled: bbox !== null });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to fetch pins', error);
  }, [error]);
  return query;
}
