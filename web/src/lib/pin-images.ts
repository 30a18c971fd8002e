import type { PinImage } from '@memory-map/shared';

/**
 * A memory's photos in order (docs/design.md §12). A pin kept by an older version of the app
 * (the offline cache, navigation state) has only imageUrl: it reads as that one photo, whose id
 * is the memory's own (a photo from before several photos were kept: migration 0022).
 */
export function pinImages(pin: { id?: string; imageUrl?: string | null; thumbnailUrl?: string | null; images?: PinImage[] }): PinImage[] {
  if (Array.isArray(pin.images)) return pin.images;
  if (!pin.imageUrl) return [];
  return [{ id: pin.id ?? '', url: pin.imageUrl, thumbnailUrl: pin.thumbnailUrl ?? pin.imageUrl, width: null, height: null }];
}

/** "photo 2 of 3" labels only where there is more than one photo: one photo reads as it always did. */
export function photoLabel(title: string, index: number, count: number): string {
  return count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;
}
