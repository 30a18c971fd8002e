import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { useInvalidateCircles } from '../../../lib/circles.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';

/** DELETE /api/circles/{id}: the circle goes and its memories become private (docs/design.md §17). */
export function deleteCircle(id: string): Promise<unknown> {
  return data(api.DELETE('/api/circles/{id}', { params: { path: { id } } }));
}

export function useDeleteCircle() {
  const invalidateCircles = useInvalidateCircles();
  const invalidateMemories = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: deleteCircle,
    onSuccess: () => {
      invalidateCircles();
      invalidateMemories();
    },
  });
}
