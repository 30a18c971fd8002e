import type { QueryClient } from '@tanstack/react-query';
import { mapKeys, type MapView } from '../api/keys.ts';
import type { MapItem, MapResponse } from '../../../lib/api/types.ts';

/**
 * The pins this device already has for an area it has no answer for: every single pin of every
 * cached map answer (kept offline by lib/offline-cache.ts) that lies in the box and passes the
 * filters. Offline, a map opened on another box or zoom than the last one still shows the memories
 * it has, instead of none under a banner that says it shows them; online, they stand in until the
 * answer arrives. Bubbles are left out: their counts belong to the zoom they were made for.
 */
export function savedPinsWithin(queryClient: QueryClient, view: MapView): MapResponse | undefined {
  const [west, south, east, north] = view.bbox.split(',').map(Number) as [number, number, number, number];
  const types = new Set(view.types.split(','));
  const inBox = (lat: number, lng: number) =>
    lat >= south && lat <= north && (west <= east ? lng >= west && lng <= east : lng >= west || lng <= east);
  const seen = new Set<string>();
  const items: MapItem[] = [];
  for (const [, data] of queryClient.getQueriesData<MapResponse>({ queryKey: mapKeys.pins })) {
    for (const item of data?.items ?? []) {
      if (item.kind !== 'pin' || seen.has(item.pin.id)) continue;
      if (!types.has(item.pin.pinType) || !inBox(item.pin.latitude, item.pin.longitude)) continue;
      seen.add(item.pin.id);
      items.push(item);
    }
  }
  return items.length > 0 ? { items, truncated: false } : undefined;
}
