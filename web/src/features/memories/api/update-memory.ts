import type { Pin, Visibility } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';

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
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /api/update_pin, multipart: tags only if non-empty, the image only if set, removeImage to drop
 * the old one, happenedAt and the position only when they change.
 */
export function updateMemory({ onProgress, ...input }: UpdateMemoryInput): Promise<Pin> {
  const form = new FormData();
  form.append('pinId', input.pinId);
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('visibility', input.visibility);
  if (input.tags.length) form.append('tags', JSON.stringify(input.tags));
  if (input.happenedAt) form.append('happenedAt', input.happenedAt);
  if (input.position) {
    form.append('latitude', String(input.position.latitude));
    form.append('longitude', String(input.position.longitude));
  }
  if (input.image) form.append('image', input.image, input.image.name);
  else if (input.removeImage) form.append('removeImage', 'true');
  return apiUpload<Pin>('/api/update_pin', form, { method: 'PUT', onProgress });
}

export function useUpdateMemory() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({ mutationFn: updateMemory, onSuccess: invalidate });
}
