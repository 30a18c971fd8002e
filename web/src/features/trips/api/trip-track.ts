import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload, data } from '../../../lib/api-client.ts';
import { tripChanged } from '../../../lib/effects/trip.ts';

/** POST /api/trips/{id}/track (multipart `track`): the GPX file's line becomes the route; null drops it (PATCH removeTrack). */
export function useTripTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File | null }) => {
      const params = { path: { id } };
      if (!file) return data(api.PATCH('/api/trips/{id}', { params, body: { removeTrack: true } }));
      const form = new FormData();
      form.append('track', file, file.name);
      return apiUpload('/api/trips/{id}/track', form, { params });
    },
    onSuccess: () => void tripChanged(queryClient),
  });
}
