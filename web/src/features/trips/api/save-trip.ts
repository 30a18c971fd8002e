import type { Trip, Visibility } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

export interface TripInput {
  title: string;
  description: string;
  visibility: Visibility;
  pinIds: string[];
}

/** POST /api/trips, or PATCH /api/trips/{id} then PUT /api/trips/{id}/pins for an existing one. */
export async function saveTrip({ id, ...input }: TripInput & { id?: string }): Promise<Trip> {
  if (!id) return api<Trip>('/api/trips', { method: 'POST', json: input });
  const path = `/api/trips/${encodeURIComponent(id)}`;
  await api<Trip>(path, { method: 'PATCH', json: { title: input.title, description: input.description, visibility: input.visibility } });
  return api<Trip>(`${path}/pins`, { method: 'PUT', json: { pinIds: input.pinIds } });
}

export function useSaveTrip() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTrip, onSuccess: () => void tripChanged(queryClient) });
}
