import { LIMITS } from '@memory-map/shared';
import { photoFile, type DraftPhotoEntry } from '../../../lib/drafts.ts';
import type { PinImage } from '../../../lib/api/types.ts';

/**
 * The photos of a memory form, in the order they will show (docs/design.md §12): the memory's own
 * (update) and newly chosen files, reordered and removed before saving. Plain functions over a
 * list, so the form, its tests and any other writer (an outbox sending later) share one set of
 * rules.
 */
export type PhotoItem =
  | { kind: 'kept'; key: string; id: string; url: string }
  | { kind: 'new'; key: string; file: File };

export const IMAGE_TYPE_MESSAGE = 'Please choose an image file.';
export const IMAGE_SIZE_MESSAGE = `The image must be ${LIMITS.uploadBytes / 1024 / 1024} MB or smaller.`;
export const TOO_MANY_PHOTOS_MESSAGE = `A memory can have at most ${LIMITS.photosPerMemory} photos.`;

/** Why a chosen file cannot be sent, or null (docs/product.md §5: image types only; docs/design.md §6: 15 MB). */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size > LIMITS.uploadBytes) return IMAGE_SIZE_MESSAGE;
  return null;
}

let counter = 0;
const nextKey = () => `new-${++counter}`;

/** An existing memory's photos (update). */
export function keptPhotos(images: PinImage[]): PhotoItem[] {
  return images.map((image) => ({ kind: 'kept', key: `kept-${image.id || image.url}`, id: image.id, url: image.thumbnailUrl || image.url }));
}

/**
 * Appends chosen files. A file that is not an image or too large is left out; files beyond the
 * tenth photo are refused whole (the person chooses again), so nothing is dropped silently.
 */
export function addPhotos(items: PhotoItem[], files: File[]): { items: PhotoItem[]; problem: string | null } {
  const usable = files.filter((f) => imageProblem(f) === null);
  const refused = files.find((f) => imageProblem(f) !== null);
  if (items.length + usable.length > LIMITS.photosPerMemory) {
    const left = LIMITS.photosPerMemory - items.length;
    return {
      items,
      problem:
        left > 0 ? `${TOO_MANY_PHOTOS_MESSAGE} You can add ${left} more.` : TOO_MANY_PHOTOS_MESSAGE,
    };
  }
  return {
    items: [...items, ...usable.map((file): PhotoItem => ({ kind: 'new', key: nextKey(), file }))],
    problem: refused ? imageProblem(refused) : null,
  };
}

export function removePhoto(items: PhotoItem[], key: string): PhotoItem[] {
  return items.filter((item) => item.key !== key);
}

/** Moves a photo one place earlier (-1) or later (+1). */
export function movePhoto(items: PhotoItem[], key: string, delta: -1 | 1): PhotoItem[] {
  const from = items.findIndex((item) => item.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export function newFiles(items: PhotoItem[]): File[] {
  return items.flatMap((item) => (item.kind === 'new' ? [item.file] : []));
}

/**
 * What an update sends for its photos: keepImages lists every photo in order, an existing one by
 * its id and a new file as "new:<n>" (its place among the files sent), or null when the photos are
 * as they were. removeImage also says "no photo any more" the way the original client does.
 */
export function photoChanges(initial: PhotoItem[], items: PhotoItem[]): { keepImages: string[] | null; files: File[]; removeImage: boolean } {
  const unchanged = items.length === initial.length && items.every((item, i) => item.key === initial[i]!.key);
  if (unchanged) return { keepImages: null, files: [], removeImage: false };
  let n = 0;
  const keepImages = items.map((item) => (item.kind === 'kept' ? item.id : `new:${n++}`));
  return { keepImages, files: newFiles(items), removeImage: items.length === 0 };
}

/** The list as a draft keeps it on the device (lib/drafts.ts): files as Blobs, kept photos by id. */
export function draftPhotos(items: PhotoItem[]): DraftPhotoEntry[] {
  return items.map((item) =>
    item.kind === 'kept' ? { id: item.id, url: item.url } : { name: item.file.name, type: item.file.type, blob: item.file },
  );
}

/** A draft's list back in the form; kept photos get their usual keys, so unchanged ones stay unchanged. */
export function photosFromDraft(entries: DraftPhotoEntry[]): PhotoItem[] {
  return entries.map((entry): PhotoItem =>
    'blob' in entry ? { kind: 'new', key: nextKey(), file: photoFile(entry) } : { kind: 'kept', key: `kept-${entry.id}`, id: entry.id, url: entry.url },
  );
}
