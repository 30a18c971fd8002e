import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

/** DELETE /api/trips/{id}: the memories stay. */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/api/trips/{id}', { params: { path: { id } } })),
    onSuccess: () => void tripChanged(queryClient),
  });
}
