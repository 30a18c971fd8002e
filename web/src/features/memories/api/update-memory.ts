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
  /** New photo files, in the order they were placed. */
  files: File[];
  /**
   * Every photo in order, an existing one by id and a new file as "new:<n>" (docs/design.md §12);
   * null when the photos did not change.
   */
  keepImages: string[] | null;
  /** The memory had photos and now has none (the original client's way of saying so). */
  removeImage: boolean;
  /** When it happened; absent keeps what the memory has. */
  happenedAt?: string;
  /** A new position (the map's Move); absent keeps it where it is. The server names the place again. */
  position?: { latitude: number; longitude: number };
  onProgress?: (fraction: number) => void;
}

/**
 * PUT /api/update_pin, multipart: tags only if non-empty; keepImages and the new photos only when
 * the photos changed (removeImage as well when none is left); happenedAt and the position only when
 * they change.
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
  if (input.keepImages) form.append('keepImages', JSON.stringify(input.keepImages));
  if (input.removeImage) form.append('removeImage', 'true');
  // Files after the fields: the server reads them as they arrive.
  for (const file of input.files) form.append('image', file, file.name);
  return apiUpload<Pin>('/api/update_pin', form, { method: 'PUT', onProgress });
}

export function useUpdateMemory() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({ mutationFn: updateMemory, onSuccess: invalidate });
}
