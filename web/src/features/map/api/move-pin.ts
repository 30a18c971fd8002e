import type { Pin } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memoryChanged } from '../../../lib/effects/memory.ts';

export interface MovePinInput {
  pin: Pin;
  latitude: number;
  longitude: number;
}

/**
 * PUT /api/update_pin with the memory as it is and a new position (docs/design.md §12). The update
 * call replaces title, description, visibility and tags, so they are sent unchanged; the photo and
 * the date are kept by leaving them out. The server names the new place.
 */
export function movePin({ pin, latitude, longitude }: MovePinInput): Promise<Pin> {
  const form = new FormData();
  form.append('pinId', pin.id);
  form.append('title', pin.title);
  form.append('description', pin.description);
  form.append('visibility', pin.visibility);
  if (pin.tags.length) form.append('tags', JSON.stringify(pin.tags));
  form.append('latitude', String(latitude));
  form.append('longitude', String(longitude));
  return api<Pin>('/api/update_pin', { method: 'PUT', form });
}

/** A moved memory is asked for again wherever it is listed (map, feed, search). */
export function useMovePin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: movePin, onSuccess: () => void memoryChanged(queryClient, 'moved') });
}
