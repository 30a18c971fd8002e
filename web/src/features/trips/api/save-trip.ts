import type { Visibility } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Trip } from '../../../lib/api/types.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

export interface TripInput {
  title: string;
  description: string;
  visibility: Visibility;
  pinIds: string[];
}

/** POST /api/trips, or PATCH /api/trips/{id} then PUT /api/trips/{id}/pins for an existing one. */
export async function saveTrip({ id, ...input }: TripInput & { id?: string }): Promise<Trip> {
  if (!id) return data(api.POST('/api/trips', { body: input }));
  const params = { path: { id } };
  await api.PATCH('/api/trips/{id}', { params, body: { title: input.title, description: input.description, visibility: input.visibility } });
  return data(api.PUT('/api/trips/{id}/pins', { params, body: { pinIds: input.pinIds } }));
}

export function useSaveTrip() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTrip, onSuccess: () => void tripChanged(queryClient) });
}
