import { LIMITS } from '@memory-map/shared';

/**
 * Photos are shrunk on the device before they are sent (issue 16): the server keeps at most
 * 2048 px on the longest side anyway, and a phone's 4–5 MB original takes most of a minute on a
 * slow connection where the resized copy takes seconds. The work runs in a Web Worker
 * (createImageBitmap + OffscreenCanvas) so the form stays responsive. Whatever the browser cannot
 * decode or shrink goes as it was chosen, and the server's own checks decide (docs/design.md §6).
 * The form reads the photo's GPS position from the original, before this runs.
 */
export const UPLOAD_LONGEST_SIDE = 2048;
const JPEG_QUALITY = 0.85;
const WORKER_TIMEOUT_MS = 20_000;

interface Resized {
  blob: Blob;
  width: number;
  height: number;
  scaled: boolean;
}

function resizeInWorker(file: Blob): Promise<Resized | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./resize-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const done = (result: Resized | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => done(null), WORKER_TIMEOUT_MS);
    worker.onmessage = (e: MessageEvent<Resized | null>) => done(e.data);
    worker.onerror = () => done(null);
    worker.postMessage({ file, longest: UPLOAD_LONGEST_SIDE, quality: JPEG_QUALITY });
  });
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/** The file to upload for a chosen photo: a resized JPEG when that is smaller, else the original. */
export async function photoForUpload(file: File): Promise<File> {
  const resized = await resizeInWorker(file);
  if (!resized) return file;
  // Already small and a JPEG: re-encoding would only lose quality.
  if (!resized.scaled && file.type === 'image/jpeg') return file;
  if (resized.blob.size >= file.size || resized.blob.size > LIMITS.uploadBytes) return file;
  return new File([resized.blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
