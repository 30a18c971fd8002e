import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newOutboxItem, submitWrite, type SubmitResult } from '../../../lib/outbox/index.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { memoryChanged } from '../../../lib/effects/memory.ts';
import { mapKeys } from './keys.ts';
import type { MapResponse, Pin } from '../../../lib/api/types.ts';

/**
 * DELETE /api/delete {pinId}, through the outbox: offline the memory leaves the map and the feed at
 * once and the delete is sent when the network is back ('queued'); a 404 then counts as done.
 */
export function deletePin(pin: Pick<Pin, 'id' | 'title' | 'description' | 'latitude' | 'longitude' | 'visibility'>): Promise<SubmitResult<{ success: true }>> {
  const item = newOutboxItem({
    kind: 'delete',
    userId: getStoredUser()?._id ?? '',
    pinId: pin.id,
    fields: { pinId: pin.id },
    preview: { title: pin.title, description: pin.description, latitude: pin.latitude, longitude: pin.longitude, visibility: pin.visibility },
  });
  return submitWrite(item);
}

/** A deleted pin leaves the map at once (docs/product.md §4), then every list of memories is refreshed. */
export function useDeletePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePin,
    onSuccess: (_data, pin) => {
      queryClient.setQueriesData<MapResponse>({ queryKey: mapKeys.pins }, (old) =>
        old ? { ...old, items: old.items.filter((i) => i.kind !== 'pin' || i.pin.id !== pin.id) } : old,
      );
      void memoryChanged(queryClient, 'deleted');
    },
  });
}
