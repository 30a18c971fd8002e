import type { ShareLink } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/trips/{id}/share: a week-long link (its address is shown only now). */
export function useShareTrip() {
  return useMutation({ mutationFn: (id: string) => api<ShareLink>(`/api/trips/${encodeURIComponent(id)}/share`, { method: 'POST', json: {} }) });
}
