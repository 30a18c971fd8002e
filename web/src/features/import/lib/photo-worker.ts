/**
 * The import's worker (docs/design.md §16): reads a photo's metadata, draws its thumbnail, and
 * makes the copy that is uploaded, all off the page's thread. The page hands it one photo at a
 * time (photo-jobs.ts), so at most one full-size image is ever decoded: 200 photos of 12 MP would
 * not fit in a phone's memory at once.
 */
import { readPhotoMetadata } from '../../../lib/photo-metadata.ts';
import type { PhotoJob, PhotoJobResult } from './photo-jobs.ts';

// The web project's types are the page's (DOM); in a worker postMessage takes no target origin.
const reply = (message: PhotoJobResult) => (self as unknown as { postMessage(m: unknown): void }).postMessage(message);

async function draw(file: Blob, longest: number, quality: number): Promise<{ blob: Blob } | null> {
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, longest / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    // A transparent PNG would turn black as JPEG: paint it on white first.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    // A canvas encodes pixels only: the copy carries no EXIF, GPS or XMP.
    return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  } catch {
    return null;
  } finally {
    bitmap?.close();
  }
}

self.onmessage = async (e: MessageEvent<PhotoJob>) => {
  const job = e.data;
  if (job.kind === 'read') {
    reply({ id: job.id, kind: 'read', metadata: await readPhotoMetadata(job.file) });
  } else if (job.kind === 'thumbnail') {
    const drawn = await draw(job.file, job.longest, 0.7);
    reply({ id: job.id, kind: 'thumbnail', blob: drawn?.blob ?? null });
  } else {
    const drawn = await draw(job.file, job.longest, 0.85);
    reply({ id: job.id, kind: 'upload', blob: drawn?.blob ?? null });
  }
};
