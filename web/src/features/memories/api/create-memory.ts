import { UNKNOWN_LOCATION, type Visibility } from '@memory-map/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newOutboxItem, submitWrite, type SubmitResult } from '../../../lib/outbox/index.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { memoryChanged } from '../../../lib/effects/memory.ts';
import { photoForUpload } from '../lib/resize-photo.ts';
import type { Pin } from '../../../lib/api/types.ts';

export interface CreateMemoryInput {
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  visibility: Visibility;
  /** With '2': the author's circle it is for (docs/design.md §17). */
  circleId?: string | null;
  /** One of the author's trips (docs/design.md §15). */
  tripId?: string | null;
  locationName: string;
  tags: string[];
  /** The photos, in the order they show (at most 10). */
  images: File[];
  /** When it happened (the form always sends it; the server would default to now). */
  happenedAt?: string;
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/create, multipart (docs/product.md §7): tags only if any, an `image` part per photo
 * after the fields, each resized on the device first. It goes through the outbox: offline, or cut
 * off on the way, the memory waits on the device and is sent later ('queued'). A place the device
 * could not name is left out, and the server names it (docs/design.md §5).
 */
export async function createMemory({ onProgress, ...input }: CreateMemoryInput): Promise<SubmitResult<Pin>> {
  const fields: Record<string, string> = {
    title: input.title,
    description: input.description,
    latitude: String(input.latitude),
    longitude: String(input.longitude),
    visibility: input.visibility,
  };
  if (input.locationName && input.locationName !== UNKNOWN_LOCATION) fields.locationName = input.locationName;
  if (input.tags.length) fields.tags = JSON.stringify(input.tags);
  if (input.visibility === '2' && input.circleId) fields.circleId = input.circleId;
  if (input.tripId) fields.tripId = input.tripId;
  if (input.happenedAt) fields.happenedAt = input.happenedAt;
  const photos = await Promise.all(input.images.map((image) => photoForUpload(image)));
  const item = newOutboxItem({
    kind: 'create',
    userId: getStoredUser()?._id ?? '',
    fields,
    files: photos.map((photo) => ({ field: 'image', name: photo.name, blob: photo })),
    preview: {
      title: input.title,
      description: input.description,
      latitude: input.latitude,
      longitude: input.longitude,
      visibility: input.visibility,
      happenedAt: input.happenedAt,
      locationName: fields.locationName,
    },
  });
  return submitWrite<Pin>(item, onProgress);
}

export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMemory, onSuccess: () => void memoryChanged(queryClient, 'created') });
}
