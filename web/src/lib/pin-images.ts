import { LIMITS } from '@memory-map/shared';
import type { PinImage } from './api/types.ts';

/**
 * A memory's photos in order (docs/design.md §12). A pin kept by an older version of the app
 * (the offline cache, navigation state) has only imageUrl: it reads as that one photo, whose id
 * is the memory's own (a photo from before several photos were kept: migration 0022).
 */
export function pinImages(pin: { id?: string; imageUrl?: string | null; thumbnailUrl?: string | null; images?: PinImage[] }): PinImage[] {
  if (Array.isArray(pin.images)) return pin.images;
  if (!pin.imageUrl) return [];
  return [{ id: pin.id ?? '', url: pin.imageUrl, thumbnailUrl: pin.thumbnailUrl ?? pin.imageUrl, displayUrl: null, width: null, height: null }];
}

/** "photo 2 of 3" labels only where there is more than one photo: one photo reads as it always did. */
export function photoLabel(title: string, index: number, count: number): string {
  return count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;
}

/** The width of a photo scaled to fit a square of `side` px (never larger than it is). */
function widthWithin(image: PinImage, side: number): number {
  const { width, height } = image;
  if (!width || !height) return side;
  const longest = Math.max(width, height);
  return longest <= side ? width : Math.round((width * side) / longest);
}

/**
 * Every size the server has of a photo, as srcset: the thumbnail, the display size when it was
 * made, and the full photo. With `sizes` the browser takes the smallest that is sharp on this
 * screen: a 358 px card at 2x gets the display size, not the 320 px thumbnail stretched over
 * 716 device pixels, nor the 2048 px original (docs/design.md §12).
 */
export function photoSrcSet(image: PinImage): string {
  const candidates: Array<[string, number]> = [[image.thumbnailUrl, widthWithin(image, LIMITS.thumbnailLongestSide)]];
  if (image.displayUrl) candidates.push([image.displayUrl, widthWithin(image, LIMITS.displayLongestSide)]);
  candidates.push([image.url, image.width ?? LIMITS.imageLongestSide]);
  const seen = new Set<number>();
  return candidates
    .filter(([, w]) => !seen.has(w) && Boolean(seen.add(w)))
    .map(([url, w]) => `${url} ${w}w`)
    .join(', ');
}
