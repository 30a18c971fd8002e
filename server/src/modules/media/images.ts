import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { LIMITS } from '@memory-map/shared';
import { PayloadTooLargeError, UnsupportedMediaError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore.ts';
import { serverBusy } from './upload-limits.ts';

export interface ProcessedImage {
  key: string;
  thumbKey: string;
  image: Buffer;
  thumbnail: Buffer;
  /** The display size of a memory's photo (LIMITS.displayLongestSide), when the photo is larger than it. */
  displayKey?: string;
  display?: Buffer;
  contentType: string;
  width: number;
  height: number;
}

// libvips runs on its own threads; keep it from competing with the event loop for both cores.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Images decoded at once in this process, and how many more may wait. Decoding is where an
 * upload's memory peaks (pixels, libvips buffers, two encodings), so a burst of uploads takes
 * turns: two at a time use both cores (one libvips thread each), and a waiting upload holds only
 * its bytes (at most 15 MB; how many may, upload-limits.ts bounds). Beyond the queue an upload is
 * refused with 429 at once, so a burst bounds memory instead of growing it (docs/operations.md: figures).
 */
export const imageDecodes = new Semaphore(2, 16);

/**
 * Every stored image goes through here (docs/design.md §6): the type is judged by decoding the
 * bytes, orientation is applied, every metadata block (EXIF, GPS, XMP, ICC comments) is dropped
 * by re-encoding, the longest side is capped, and a thumbnail is made. A pixel limit stops
 * decompression bombs before they are decoded.
 */
export async function processImage(input: Buffer, kind: 'pins' | 'avatars'): Promise<ProcessedImage> {
  try {
    return await imageDecodes.run(() => decodeAndEncode(input, kind));
  } catch (err) {
    throw err instanceof SemaphoreFullError ? serverBusy() : err;
  }
}

async function decodeAndEncode(input: Buffer, kind: 'pins' | 'avatars'): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: LIMITS.imageMaxPixels }).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new PayloadTooLargeError('The image has too many pixels (at most 100 megapixels)');
    }
    throw new UnsupportedMediaError();
  }
  if (!meta.format || !meta.width || !meta.height) throw new UnsupportedMediaError();
  if (meta.width * meta.height > LIMITS.imageMaxPixels) {
    throw new PayloadTooLargeError('The image has too many pixels (at most 100 megapixels)');
  }

  const side = kind === 'avatars' ? 512 : LIMITS.imageLongestSide;
  let image: { data: Buffer; info: OutputInfo };
  let thumbnail: Buffer;
  let display: Buffer | undefined;
  try {
    // Decode, orient and resize once; both encodings start from those pixels (a 12 MP photo is
    // decoded once instead of twice). Raw pixels carry no metadata at all. Transparency is
    // flattened onto white, as JPEG has none.
    const { data: pixels, info } = await sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, animated: false, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: side, height: side, fit: kind === 'avatars' ? 'cover' : 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // JPEG, not WebP: every browser and phone reads it, and it encodes several times faster (a
    // 2048 px WebP took longer than decoding and resizing the 12 MP original), for files about a
    // quarter larger.
    const needsDisplay = kind === 'pins' && Math.max(info.width, info.height) > LIMITS.displayLongestSide;
    [image, thumbnail, display] = await Promise.all([
      sharp(pixels, raw).jpeg({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      sharp(pixels, raw)
        .resize({
          width: LIMITS.thumbnailLongestSide,
          height: LIMITS.thumbnailLongestSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 72 })
        .toBuffer(),
      needsDisplay
        ? sharp(pixels, raw)
            .resize({ width: LIMITS.displayLongestSide, height: LIMITS.displayLongestSide, fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 80 })
            .toBuffer()
        : Promise.resolve(undefined),
    ]);
  } catch {
    throw new UnsupportedMediaError('The image could not be read; it may be damaged');
  }

  const id = uuidv7();
  return {
    key: `${kind}/${id}.jpg`,
    thumbKey: `${kind}/${id}-thumb.jpg`,
    image: image.data,
    thumbnail,
    ...(display ? { displayKey: `${kind}/${id}-display.jpg`, display } : {}),
    contentType: 'image/jpeg',
    width: image.info.width,
    height: image.info.height,
  };
}

/**
 * The display size of a photo already stored (made at upload since it exists; photos from before
 * get theirs from media/display-backfill.ts), with the photo's own size; `copy` is null when the
 * photo is no larger than the display size.
 */
export async function displayCopyOf(key: string, stored: Buffer): Promise<{ width: number; height: number; copy: { body: Buffer; contentType: string } | null }> {
  const meta = await sharp(stored, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }).metadata();
  if (!meta.width || !meta.height) throw new UnsupportedMediaError();
  // Stored photos were oriented when they were stored: their width and height are as shown.
  const size = { width: meta.width, height: meta.height };
  if (Math.max(meta.width, meta.height) <= LIMITS.displayLongestSide) return { ...size, copy: null };
  const resized = sharp(stored, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }).resize({
    width: LIMITS.displayLongestSide,
    height: LIMITS.displayLongestSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
  // The copy's key keeps the photo's extension (displayKeyOf), so its bytes keep the photo's format.
  if (key.endsWith('.webp')) return { ...size, copy: { body: await resized.webp({ quality: 80 }).toBuffer(), contentType: 'image/webp' } };
  if (key.endsWith('.png')) return { ...size, copy: { body: await resized.png().toBuffer(), contentType: 'image/png' } };
  return { ...size, copy: { body: await resized.jpeg({ quality: 80 }).toBuffer(), contentType: 'image/jpeg' } };
}

export function thumbKeyOf(key: string): string {
  return key.replace(/\.(webp|jpg|png)$/, '-thumb.$1');
}

/** The display size's key beside a photo's (it exists when the photo's record says so: pin-photos.ts). */
export function displayKeyOf(key: string): string {
  return key.replace(/\.(webp|jpg|png)$/, '-display.$1');
}
