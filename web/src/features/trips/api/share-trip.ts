import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';

/** POST /api/trips/{id}/share: a week-long link (its address is shown only now). */
export function useShareTrip() {
  return useMutation({ mutationFn: (id: string) => data(api.POST('/api/trips/{id}/share', { params: { path: { id } }, body: {} })) });
}
