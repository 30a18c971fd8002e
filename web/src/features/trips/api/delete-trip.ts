import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';

/** DELETE /api/trips/{id}: the memories stay. */
export function useDeleteTrip() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/api/trips/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
