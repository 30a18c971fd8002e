import { LIMITS } from '@memory-map/shared';
import { NO_METADATA, type PhotoMetadata } from '../../../lib/photo-taken.ts';

/**
 * The page's side of photo-worker.ts: one worker, one job at a time, in the order asked (the
 * metadata of every photo first, so the review can open; thumbnails after). Without workers
 * (an old browser) the metadata is read here and photos go as they were chosen.
 */
export type PhotoJob =
  | { id: number; kind: 'read'; file: Blob }
  | { id: number; kind: 'thumbnail'; file: Blob; longest: number }
  | { id: number; kind: 'upload'; file: Blob; longest: number };

export type PhotoJobResult =
  | { id: number; kind: 'read'; metadata: PhotoMetadata }
  | { id: number; kind: 'thumbnail'; blob: Blob | null }
  | { id: number; kind: 'upload'; blob: Blob | null };

type Pending = { job: PhotoJob; resolve: (r: PhotoJobResult | null) => void };

const THUMBNAIL_PX = 256;
/** A photo the worker has not answered for this long is given up on (a file it chokes on). */
const JOB_TIMEOUT_MS = 30_000;

let worker: Worker | null = null;
let nextId = 1;
const queue: Pending[] = [];
let current: (Pending & { timer: ReturnType<typeof setTimeout> }) | null = null;

function workerAvailable(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';
}

function startWorker(): Worker | null {
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (e: MessageEvent<PhotoJobResult>) => finishCurrent(e.data);
  worker.onerror = () => restart();
  return worker;
}

/** The worker died or hung: this job gets no answer, a fresh worker takes the rest. */
function restart() {
  worker?.terminate();
  worker = null;
  finishCurrent(null);
}

function finishCurrent(result: PhotoJobResult | null) {
  if (!current) return;
  clearTimeout(current.timer);
  const done = current;
  current = null;
  done.resolve(result && result.id === done.job.id ? result : null);
  pump();
}

function pump() {
  if (current) return;
  const next = queue.shift();
  if (!next) return;
  const w = startWorker();
  if (!w) {
    next.resolve(null);
    pump();
    return;
  }
  current = { ...next, timer: setTimeout(restart, JOB_TIMEOUT_MS) };
  w.postMessage(next.job);
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

function run(job: DistributiveOmit<PhotoJob, 'id'>, first = false): Promise<PhotoJobResult | null> {
  return new Promise((resolve) => {
    const pending = { job: { ...job, id: nextId++ } as PhotoJob, resolve };
    if (first) queue.unshift(pending);
    else queue.push(pending);
    pump();
  });
}

export async function readMetadata(file: File): Promise<PhotoMetadata> {
  if (!workerAvailable()) {
    const { readPhotoMetadata } = await import('../../../lib/photo-metadata.ts');
    return readPhotoMetadata(file);
  }
  const result = await run({ kind: 'read', file });
  return result?.kind === 'read' ? result.metadata : NO_METADATA;
}

/** A small JPEG to show in the review, or null when the browser cannot draw the photo. */
export async function makeThumbnail(file: File): Promise<Blob | null> {
  if (!workerAvailable()) return null;
  const result = await run({ kind: 'thumbnail', file, longest: THUMBNAIL_PX });
  return result?.kind === 'thumbnail' ? result.blob : null;
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/**
 * The file uploaded for a photo: a JPEG of at most the server's size (it keeps no more), drawn
 * without metadata, so the photo's position never leaves the phone with it (docs/design.md §16),
 * even for a small original. Only what the browser cannot draw goes as chosen, and the server
 * strips that. Goes before waiting thumbnails: saving matters more than pictures in a list.
 */
export async function photoToUpload(file: File): Promise<File> {
  if (!workerAvailable()) return file;
  const result = await run({ kind: 'upload', file, longest: LIMITS.imageLongestSide }, true);
  if (result?.kind !== 'upload' || !result.blob) return file;
  if (result.blob.size > LIMITS.uploadBytes) return file;
  return new File([result.blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
