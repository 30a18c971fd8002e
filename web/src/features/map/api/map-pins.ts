import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, data } from '../../../lib/api-client.ts';
import type { MapItem, MapResponse } from '../../../lib/api/types.ts';
import { savedPinsWithin } from '../lib/saved-pins.ts';
import { mapKeys, type MapView } from './keys.ts';

/**
 * GET /api/query_map_pins?bbox=&zoom=&types=: the memories of an area this viewer may see, of the
 * filtered types, already clustered for the zoom (bubbles whose counts the server keeps, and
 * single pins), so the map stays meaningful however many memories the world holds.
 *
 * An answer of another shape (a server that answers the spec's bare list) is refused, so the map
 * logs it instead of failing to draw; an item the map cannot draw (a kind it does not know, from a
 * newer server) is left out. The checks are of what the map needs, by hand: a zod parse of every
 * pin was what loaded zod on the map (docs/decisions/090-web-delivery.md, "Zod off the first screens").
 */
export async function fetchMapPins(view: MapView, signal?: AbortSignal): Promise<MapResponse> {
  const answer: unknown = await data(api.GET('/api/query_map_pins', { params: { query: { bbox: view.bbox, zoom: view.zoom, types: view.types } }, signal }));
  if (!isMapResponse(answer)) throw new Error('The map answer is not { items, truncated }');
  const items = answer.items.filter(drawable);
  if (items.length < answer.items.length) console.warn(`The map left out ${answer.items.length - items.length} item(s) it cannot draw`);
  return { items, truncated: answer.truncated };
}

/** With bbox and zoom the server answers { items, truncated }; the bare list is for clients without a zoom. */
function isMapResponse(answer: unknown): answer is MapResponse {
  return Boolean(answer) && typeof answer === 'object' && Array.isArray((answer as MapResponse).items) && typeof (answer as MapResponse).truncated === 'boolean';
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A bubble with its place and count, or a pin with what its marker and popup read first. */
function drawable(item: unknown): item is MapItem {
  if (!item || typeof item !== 'object') return false;
  const it = item as { kind?: unknown; lat?: unknown; lng?: unknown; count?: unknown; pin?: Record<string, unknown> | null };
  if (it.kind === 'cluster') return isFiniteNumber(it.lat) && isFiniteNumber(it.lng) && isFiniteNumber(it.count);
  if (it.kind !== 'pin' || !it.pin || typeof it.pin !== 'object') return false;
  const { id, title, latitude, longitude, images } = it.pin;
  return typeof id === 'string' && typeof title === 'string' && isFiniteNumber(latitude) && isFiniteNumber(longitude) && Array.isArray(images);
}

export function mapPinsQueryOptions(view: MapView) {
  return queryOptions({
    queryKey: mapKeys.view(view),
    queryFn: ({ signal }) => fetchMapPins(view, signal),
    staleTime: 30_000,
    // Areas left behind drop out of the (persisted) cache soon.
    gcTime: 10 * 60_000,
  });
}

/** The pins of an area; a failure is logged only (docs/product.md §8 'Failed to fetch pins'). */
export function useMapPins(view: MapView | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...mapPinsQueryOptions(view ?? { bbox: '', zoom: 0, types: '' }),
    enabled: view !== null,
    // Moving the map shows the last answer until the new one arrives (no flicker). Offline, with
    // none for this area, the pins this device has for it (lib/saved-pins.ts); online the answer
    // is on its way, and an older copy could show a memory as it was before an edit.
    placeholderData: (previous) => previous ?? (view && !navigator.onLine ? savedPinsWithin(queryClient, view) : undefined),
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to fetch pins', error);
  }, [error]);
  return query;
}
