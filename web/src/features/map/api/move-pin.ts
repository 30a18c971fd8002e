import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { Pin } from '../../../lib/api/types.ts';
import { memoryChanged } from '../../../lib/effects/memory.ts';
import { multipartForm } from '../../../lib/multipart.ts';
import { updatePinFields } from '../../../lib/update-pin-fields.ts';

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
  const body = {
    pinId: pin.id,
    title: pin.title,
    description: pin.description,
    visibility: pin.visibility,
    tags: pin.tags.length ? pin.tags : undefined,
    latitude,
    longitude,
  };
  return data(api.PUT('/api/update_pin', { body, bodySerializer: (fields) => multipartForm(updatePinFields(fields)) }));
}

/** A moved memory is asked for again wherever it is listed (map, feed, search). */
export function useMovePin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: movePin, onSuccess: () => void memoryChanged(queryClient, 'moved') });
}
