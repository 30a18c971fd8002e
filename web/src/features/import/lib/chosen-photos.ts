import type { GroupablePhoto } from './grouping.ts';

/** docs/design.md §16: up to 200 photos at once. */
export const MAX_PHOTOS = 200;

export const IMPORT_MESSAGES = {
  tooMany: (n: number) => `Choose at most ${MAX_PHOTOS} photos at a time. You chose ${n}: import them in parts.`,
  noImages: 'None of the chosen files is a photo. Choose photos (JPEG, PNG, WebP, HEIC…).',
} as const;

/** A chosen photo as the review knows it. */
export interface ChosenPhoto extends GroupablePhoto {
  file: File;
  /** Object URL of its thumbnail; undefined while it is drawn, null when the browser cannot. */
  thumb: string | null | undefined;
}

/** What the browser can show or the server can take is an image; anything else is skipped, by name. */
export function isImage(file: File): boolean {
  return file.type.startsWith('image/') || /\.(jpe?g|png|webp|gif|heic|heif|avif)$/i.test(file.name);
}

/** The chosen files split into photos to read and names of files that are skipped. */
export function sortChosen(files: readonly File[]): { images: File[]; skipped: string[] } {
  const images = files.filter(isImage);
  const skipped = files.filter((f) => !isImage(f)).map((f) => f.name);
  return { images, skipped };
}
