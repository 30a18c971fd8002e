import type { Pin, PinImage } from '@memory-map/shared';

/**
 * A memory's photos in order (docs/design.md §12). A pin kept by an older version of the app
 * (the offline cache) has only imageUrl: it reads as that one photo, without an id.
 */
export function pinImages(pin: Pick<Pin, 'imageUrl' | 'thumbnailUrl'> & { images?: PinImage[] }): PinImage[] {
  if (Array.isArray(pin.images)) return pin.images;
  if (!pin.imageUrl) return [];
  return [{ id: '', url: pin.imageUrl, thumbnailUrl: pin.thumbnailUrl ?? pin.imageUrl, width: null, height: null }];
}

/** "photo 2 of 3" labels only where there is more than one photo: one photo reads as it always did. */
export function photoLabel(title: string, index: number, count: number): string {
  return count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;
}
