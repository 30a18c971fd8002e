import type { PinImage } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { displayKeyOf, thumbKeyOf, type ProcessedImage } from './images.ts';
import { mediaUrl } from './media-urls.ts';

/** One photo as pins.photos stores it (migration 0022), in the order the author chose. */
export interface StoredPhoto {
  id: string;
  key: string;
  width: number | null;
  height: number | null;
  /** A display size was made beside it (photos from before it, and small ones, have none). */
  display?: boolean;
}

/**
 * The photos of a memory from its `photos` column. A value that is not such a list (never written
 * by this server) reads as no photos rather than failing every list that shows the memory.
 */
export function parsePhotos(json: string | null | undefined): StoredPhoto[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((p: unknown): StoredPhoto[] => {
    if (!p || typeof p !== 'object') return [];
    const { id, key, width, height, display } = p as Record<string, unknown>;
    if (typeof id !== 'string' || typeof key !== 'string') return [];
    return [
      {
        id,
        key,
        width: typeof width === 'number' ? width : null,
        height: typeof height === 'number' ? height : null,
        ...(display === true ? { display: true } : {}),
      },
    ];
  });
}

export function serializePhotos(photos: StoredPhoto[]): string {
  return JSON.stringify(photos.map(({ id, key, width, height, display }) => ({ id, key, width, height, ...(display ? { display: true } : {}) })));
}

/** A newly processed image as a photo of a memory: its id is the one in its key (a UUIDv7). */
export function photoOf(image: ProcessedImage): StoredPhoto {
  const id = /([0-9a-f-]{36})\.\w+$/.exec(image.key)?.[1] ?? image.key;
  return { id, key: image.key, width: image.width, height: image.height, ...(image.displayKey ? { display: true } : {}) };
}

/** The signed URLs of a memory's photos, for a viewer who may see the memory (docs/design.md §6). */
export async function presentPhotos(ctx: Pick<AppContext, 'config' | 'media'>, photos: StoredPhoto[], nowMs: number): Promise<PinImage[]> {
  return Promise.all(
    photos.map(async (p) => {
      const [url, thumbnailUrl, displayUrl] = await Promise.all([
        mediaUrl(ctx, p.key, nowMs),
        mediaUrl(ctx, thumbKeyOf(p.key), nowMs),
        p.display ? mediaUrl(ctx, displayKeyOf(p.key), nowMs) : null,
      ]);
      return { id: p.id, url, thumbnailUrl, displayUrl, width: p.width, height: p.height };
    }),
  );
}
