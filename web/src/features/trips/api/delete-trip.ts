import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';

/** DELETE /api/trips/{id}: the memories stay. */
export function useDeleteTrip() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/trips/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
