import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { circleChanged } from '../../../lib/effects/circle.ts';

/** DELETE /api/circles/{id}: the circle goes and its memories become private (docs/design.md §17). */
export function deleteCircle(id: string): Promise<unknown> {
  return data(api.DELETE('/api/circles/{id}', { params: { path: { id } } }));
}

export function useDeleteCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCircle,
    onSuccess: () => void circleChanged(queryClient),
  });
}
