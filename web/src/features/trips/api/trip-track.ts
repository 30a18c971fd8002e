import type { Trip } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

/** POST /api/trips/{id}/track (multipart `track`): the GPX file's line becomes the route; null drops it (PATCH removeTrack). */
export function useTripTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File | null }) => {
      const path = `/api/trips/${encodeURIComponent(id)}`;
      if (!file) return api<Trip>(path, { method: 'PATCH', json: { removeTrack: true } });
      const form = new FormData();
      form.append('track', file, file.name);
      return api<Trip>(`${path}/track`, { method: 'POST', form });
    },
    onSuccess: () => void tripChanged(queryClient),
  });
}
