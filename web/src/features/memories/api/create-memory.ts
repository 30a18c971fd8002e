import type { Pin, Visibility } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { useInvalidateVisibleMemories } from '../../../lib/visible-memories.ts';

export interface CreateMemoryInput {
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  visibility: Visibility;
  locationName: string;
  tags: string[];
  /** The photos, in the order they show (at most 10). */
  images: File[];
  /** When it happened (the form always sends it; the server would default to now). */
  happenedAt?: string;
  onProgress?: (fraction: number) => void;
}

/** POST /api/create, multipart (docs/product.md §7): tags only if any, an `image` part per photo, after the fields. */
export function createMemory({ onProgress, ...input }: CreateMemoryInput): Promise<Pin> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('latitude', String(input.latitude));
  form.append('longitude', String(input.longitude));
  form.append('visibility', input.visibility);
  form.append('locationName', input.locationName);
  if (input.tags.length) form.append('tags', JSON.stringify(input.tags));
  if (input.happenedAt) form.append('happenedAt', input.happenedAt);
  for (const image of input.images) form.append('image', image, image.name);
  return apiUpload<Pin>('/api/create', form, { method: 'POST', onProgress });
}

export function useCreateMemory() {
  const invalidate = useInvalidateVisibleMemories();
  return useMutation({ mutationFn: createMemory, onSuccess: invalidate });
}
