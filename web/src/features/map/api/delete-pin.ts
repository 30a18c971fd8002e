import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { MapPinsData } from '../lib/map-items.ts';
import { mapPinsKeys } from './map-pins.ts';

/** DELETE /api/delete {pinId}. */
export function deletePin(pinId: string): Promise<{ success: true }> {
  return api<{ success: true }>('/api/delete', { method: 'DELETE', json: { pinId } });
}

/** A deleted pin leaves the map at once (SPEC.md §4), then every list of pins is refreshed. */
export function useDeletePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePin,
    onSuccess: (_data, pinId) => {
      queryClient.setQueriesData<MapPinsData>({ queryKey: mapPinsKeys.all }, (old) =>
        old ? { ...old, pins: old.pins.filter((p) => p.id !== pinId) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: mapPinsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
