import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Circle } from '../../../lib/api/types.ts';
import { circleChanged } from '../../../lib/effects/circle.ts';

export interface SaveCircleInput {
  /** Absent: a new circle (POST /api/circles); present: PATCH /api/circles/{id}. */
  id?: string;
  name: string;
  memberIds: string[];
}

/** POST /api/circles or PATCH /api/circles/{id} (docs/design.md §17): its name and who is in it. */
export function saveCircle({ id, name, memberIds }: SaveCircleInput): Promise<Circle> {
  return id
    ? data(api.PATCH('/api/circles/{id}', { params: { path: { id } }, body: { name, memberIds } }))
    : data(api.POST('/api/circles', { body: { name, memberIds } }));
}

export function useSaveCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCircle,
    // A rename shows on the badges of the circle's memories.
    onSuccess: () => void circleChanged(queryClient),
  });
}
