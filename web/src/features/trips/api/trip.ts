import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Trip } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { tripKeys } from './keys.ts';

/** GET /api/trips/{id}: the trip, with only what the viewer may read of it. */
export function fetchTrip(id: string, signal?: AbortSignal): Promise<Trip> {
  return data(api.GET('/api/trips/{id}', { params: { path: { id } }, signal }));
}

export function useTrip(id: string) {
  const { token, user } = useSession();
  return useQuery({ queryKey: tripKeys.trip(user?._id ?? null, id), queryFn: ({ signal }) => fetchTrip(id, signal), enabled: Boolean(token) });
}
