import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { normalizeMapPins, type MapPinsData } from '../lib/map-items.ts';

/** One area of the map at one zoom, with the types the filters let through. */
export interface MapView {
  bbox: string;
  zoom: number;
  /** Comma-separated subset of own,friend,public. */
  types: string;
}

export const mapPinsKeys = {
  all: ['map-pins'] as const,
  view: (v: MapView) => ['map-pins', v.bbox, v.zoom, v.types] as const,
};

/**
 * GET /api/map: pins for a narrow view, and for a wide one clusters whose counts the server keeps
 * (only memories this viewer may see, of the filtered types), so the map stays meaningful however
 * many memories the world holds.
 */
export async function fetchMapPins(view: MapView, signal?: AbortSignal): Promise<MapPinsData> {
  const params = new URLSearchParams({ bbox: view.bbox, zoom: String(view.zoom), types: view.types });
  return normalizeMapPins(await api<unknown>(`/api/query_map_pins?${params}`, { signal }));
}

export function mapPinsQueryOptions(view: MapView) {
  return queryOptions({
    queryKey: mapPinsKeys.view(view),
    queryFn: ({ signal }) => fetchMapPins(view, signal),
    // Moving the map shows the last answer until the new one arrives: no flicker.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // Areas left behind drop out of the (persisted) cache soon.
    gcTime: 10 * 60_000,
  });
}

/** The pins of an area; a failure is logged only (SPEC.md §8 'Failed to fetch pins'). */
export function useMapPins(view: MapView | null) {
  const query = useQuery({ ...mapPinsQueryOptions(view ?? { bbox: '', zoom: 0, types: '' }), enabled: view !== null });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to fetch pins', error);
  }, [error]);
  return query;
}
