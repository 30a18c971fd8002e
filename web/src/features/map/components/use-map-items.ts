import { MAP_ZOOM_MAX } from '@memory-map/shared';
import type { Pin } from '../../../lib/api/types.ts';
import { useMemo } from 'react';
import type { PendingMemories } from '../../../lib/outbox/index.ts';
import { useMapPins } from '../api/map-pins.ts';
import { fetchBbox, keepOpenPin, mapItemsFor, type PinItem, type TypeFilter } from '../lib/map-items.ts';
import type { View } from './view-tracker.tsx';

/**
 * The pins and bubbles to draw for the visible area: the server's answer for the view and the
 * filters, with the open popup's pin kept drawn, the pin being moved left to its draggable copy,
 * and a memory whose delete waits in the outbox already gone for its author.
 */
export function useMapItems({
  view,
  filter,
  userId,
  openPin,
  moving,
  deleting,
}: {
  view: View | null;
  filter: TypeFilter;
  userId: string | undefined;
  openPin: PinItem | null;
  moving: Pin | undefined;
  deleting: PendingMemories['deleting'];
}) {
  const types = (['own', 'friend', 'public'] as const).filter((t) => filter[t]).join(',');
  const pinsQuery = useMapPins(
    view && types ? { bbox: fetchBbox(view.bbox, view.zoom), zoom: Math.max(0, Math.min(MAP_ZOOM_MAX, Math.round(view.zoom))), types } : null,
  );
  const data = pinsQuery.data;
  const zoom = view?.zoom;
  const drawn = useMemo(
    () => (data && zoom !== undefined && types ? mapItemsFor(data, userId, filter, zoom) : []),
    [data, zoom, types, userId, filter],
  );
  const shownItems = useMemo(() => keepOpenPin(drawn, openPin, filter), [drawn, openPin, filter]);
  const movingId = moving?.id;
  const items = useMemo(
    () => shownItems.filter((i) => i.kind !== 'pin' || (i.pin.id !== movingId && !deleting.has(i.pin.id))),
    [shownItems, movingId, deleting],
  );
  return { items, fetching: pinsQuery.isFetching };
}
