import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from './api-client.ts';
import type { TripSummary } from './api/types.ts';
import { useSession } from './session.ts';
import { tripChanged } from './effects/trip.ts';
import { visibleMemoriesKey } from './visible-memories.ts';

/**
 * Trips (docs/design.md §15): listed by the trips feature and offered by the memory forms' "Trip"
 * picker, so the list's query lives here rather than in either feature. Keyed under the visible
 * memories: a memory saved or deleted, or a friendship changed, refreshes what a trip shows.
 */
export const tripsKey = (viewerId: string | null, userId: string | null) => [...visibleMemoriesKey, 'trips', viewerId, userId] as const;

/** GET /api/trips?user=: the trips of `userId` (the viewer's own when null) the viewer may open. */
export function fetchTrips(userId: string | null, signal?: AbortSignal): Promise<TripSummary[]> {
  return data(api.GET('/api/trips', { params: { query: userId ? { user: userId } : {} }, signal }));
}

export function useTrips(userId: string | null = null) {
  const { token, user } = useSession();
  return useQuery({ queryKey: tripsKey(user?._id ?? null, userId), queryFn: ({ signal }) => fetchTrips(userId, signal), enabled: Boolean(token) });
}

/**
 * Puts one of the viewer's memories in a trip, or takes it out (`tripId` null): joining one trip
 * takes it out of any other.
 */
export function useMoveMemoryToTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    // Only this memory changes (PUT /api/pins/{id}/trip): a trip's list read here may be behind
    // another device's change to it, and sending the whole list would undo that change.
    mutationFn: ({ pinId, tripId }: { pinId: string; tripId: string | null }) => data(api.PUT('/api/pins/{id}/trip', { params: { path: { id: pinId } }, body: { tripId } })),
    onSuccess: () => void tripChanged(queryClient),
  });
}
