import type { Circle } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
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
    ? api<Circle>(`/api/circles/${encodeURIComponent(id)}`, { method: 'PATCH', json: { name, memberIds } })
    : api<Circle>('/api/circles', { method: 'POST', json: { name, memberIds } });
}

export function useSaveCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCircle,
    // A rename shows on the badges of the circle's memories.
    onSuccess: () => void circleChanged(queryClient),
  });
}
