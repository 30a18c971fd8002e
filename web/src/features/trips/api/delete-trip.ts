import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

/** DELETE /api/trips/{id}: the memories stay. */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/trips/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void tripChanged(queryClient),
  });
}
