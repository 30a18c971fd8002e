import type { MapResponse } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';
import { mapKeys } from './keys.ts';

/** DELETE /api/delete {pinId}. */
export function deletePin(pinId: string): Promise<{ success: true }> {
  return api<{ success: true }>('/api/delete', { method: 'DELETE', json: { pinId } });
}

/** A deleted pin leaves the map at once (docs/product.md §4), then every list of memories is refreshed. */
export function useDeletePin() {
  const queryClient = useQueryClient();
  const invalidateVisibleMemories = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: deletePin,
    onSuccess: (_data, pinId) => {
      queryClient.setQueriesData<MapResponse>({ queryKey: mapKeys.pins }, (old) =>
        old ? { ...old, items: old.items.filter((i) => i.kind !== 'pin' || i.pin.id !== pinId) } : old,
      );
      invalidateVisibleMemories();
    },
  });
}
