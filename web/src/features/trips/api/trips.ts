import type { Pin, Trip, TripSummary, Visibility, World } from '@memory-map/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useInvalidateVisibleMemories, visibleMemoriesKey } from '../../../lib/visible-memories.ts';

/** Trips and your world (docs/design.md §15). Keyed under the visible memories, as lib/trips.ts. */
export const tripKeys = {
  trip: (viewerId: string | null, id: string) => [...visibleMemoriesKey, 'trip', viewerId, id] as const,
  world: (viewerId: string | null, userId: string | null) => [...visibleMemoriesKey, 'world', viewerId, userId] as const,
  mine: (viewerId: string | null) => [...visibleMemoriesKey, 'trip-choices', viewerId] as const,
};

export function useTrip(id: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: tripKeys.trip(user?._id ?? null, id),
    queryFn: ({ signal }) => api<Trip>(`/api/trips/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(token),
  });
}

export function useWorld(userId: string | null) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: tripKeys.world(user?._id ?? null, userId),
    queryFn: ({ signal }) => api<World>(userId ? `/api/world?user=${encodeURIComponent(userId)}` : '/api/world', { signal }),
    enabled: Boolean(token),
  });
}

/** The viewer's own memories to choose a trip's from: the newest 100 (GET /api/users/{id}/memories). */
export function useOwnMemories(enabled: boolean) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: tripKeys.mine(user?._id ?? null),
    queryFn: ({ signal }) => api<Pin[]>(`/api/users/${encodeURIComponent(user?._id ?? '')}/memories?limit=100`, { signal }),
    enabled: Boolean(token && user?._id) && enabled,
  });
}

export interface TripInput {
  title: string;
  description: string;
  visibility: Visibility;
  pinIds: string[];
}

/** POST /api/trips, or PATCH + PUT pins for an existing one. */
export function useSaveTrip() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: async ({ id, ...input }: TripInput & { id?: string }): Promise<Trip> => {
      if (!id) return api<Trip>('/api/trips', { method: 'POST', json: input });
      await api<Trip>(`/api/trips/${encodeURIComponent(id)}`, { method: 'PATCH', json: { title: input.title, description: input.description, visibility: input.visibility } });
      return api<Trip>(`/api/trips/${encodeURIComponent(id)}/pins`, { method: 'PUT', json: { pinIds: input.pinIds } });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteTrip() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/trips/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useShareTrip() {
  return useMutation({ mutationFn: (id: string) => api<{ url: string; expiresAt: string }>(`/api/trips/${encodeURIComponent(id)}/share`, { method: 'POST', json: {} }) });
}

export type { TripSummary };
