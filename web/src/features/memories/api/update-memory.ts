import type { Pin, Visibility } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { newOutboxItem, submitWrite, type SubmitResult } from '../../../lib/outbox/index.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';
import { photoForUpload } from '../lib/resize-photo.ts';

export interface UpdateMemoryInput {
  pinId: string;
  title: string;
  description: string;
  visibility: Visibility;
  tags: string[];
  image: File | null;
  /** The person removed the existing photo (and chose no new one). */
  removeImage: boolean;
  /** When it happened; absent keeps what the memory has. */
  happenedAt?: string;
  /** A new position (the map's Move); absent keeps it where it is. The server names the place again. */
  position?: { latitude: number; longitude: number };
  /** Where it is now, for the map while the edit waits in the outbox. */
  at?: { latitude: number; longitude: number };
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /api/update_pin, multipart: tags only if non-empty, the image only if set (resized on the
 * device), removeImage to drop the old one, happenedAt and the position only when they change.
 * Through the outbox like a create: offline it waits and is sent later ('queued').
 */
export async function updateMemory({ onProgress, ...input }: UpdateMemoryInput): Promise<SubmitResult<Pin>> {
  const fields: Record<string, string> = {
    pinId: input.pinId,
    title: input.title,
    description: input.description,
    visibility: input.visibility,
  };
  if (input.tags.length) fields.tags = JSON.stringify(input.tags);
  if (input.happenedAt) fields.happenedAt = input.happenedAt;
  if (input.position) {
    fields.latitude = String(input.position.latitude);
    fields.longitude = String(input.position.longitude);
  }
  const photo = input.image ? await photoForUpload(input.image) : null;
  if (!photo && input.removeImage) fields.removeImage = 'true';
  const where = input.position ?? input.at ?? { latitude: 0, longitude: 0 };
  const item = newOutboxItem({
    kind: 'update',
    userId: getStoredUser()?._id ?? '',
    pinId: input.pinId,
    fields,
    files: photo ? [{ field: 'image', name: photo.name, blob: photo }] : [],
    preview: { title: input.title, description: input.description, visibility: input.visibility, happenedAt: input.happenedAt, ...where },
  });
  return submitWrite<Pin>(item, onProgress);
}

export function useUpdateMemory() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({ mutationFn: updateMemory, onSuccess: invalidate });
}
