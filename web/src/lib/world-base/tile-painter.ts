import { loadCoarseShapes } from './shapes.ts';
import { drawTile, projectWorld, type ProjectedPolygon, type TileCoords, type WorldTone } from './tile-drawing.ts';

/**
 * The page's side of tile-worker.ts: asks the worker for a tile as an encoded image, which the
 * page places like any map tile (an <img>: decoded off the page's thread, composited like the
 * theme's own tiles). With a canvas per tile, each frame of the tiles' fade cost 30–75 ms of
 * Chromium's commit on the page's thread (docs/decisions/090-web-delivery.md). One worker for
 * every map on the page, started by prepareWorld or by the first tile. Where a browser has no
 * OffscreenCanvas (Safari before 16.4), or the worker fails, the page draws the tiles itself with
 * the same code, straight on a canvas each (drawOnPage): slower and coarser, never blank.
 */
export interface TileRequest {
  kind: 'tile';
  id: number;
  tile: TileCoords;
  size: number;
  tone: WorldTone;
}
export interface TileReply {
  id: number;
  /** The tile as a PNG; null when the worker could not draw it. */
  image: Blob | null;
}

/** The map will open at `zoom`: load what its first tiles need now. */
export interface PrepareRequest {
  kind: 'prepare';
  zoom: number;
}
export type WorkerMessage = TileRequest | PrepareRequest;

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const waiting = new Map<number, (image: Blob | null) => void>();

function workerAvailable(): boolean {
  return !workerFailed && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

/** The worker could not start or died: tiles waiting for it, and every later one, are drawn here. */
function giveUpOnWorker() {
  workerFailed = true;
  worker?.terminate();
  worker = null;
  for (const resolve of waiting.values()) resolve(null);
  waiting.clear();
}

function startWorker(): Worker | null {
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./tile-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    giveUpOnWorker();
    return null;
  }
  worker.onmessage = (e: MessageEvent<TileReply>) => {
    const resolve = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    resolve?.(e.data.image);
  };
  worker.onerror = giveUpOnWorker;
  return worker;
}

function drawnByWorker(tile: TileCoords, size: number, tone: WorldTone): Promise<Blob | null> {
  const w = startWorker();
  if (!w) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ kind: 'tile', id, tile, size, tone } satisfies TileRequest);
  });
}

/**
 * A map is about to open at `zoom`: the worker starts and loads the shapes its tiles will need,
 * while the page is still busy building the map, rather than after.
 */
let preparedZoom: number | undefined;
export function prepareWorld(zoom: number): void {
  if (!workerAvailable() || preparedZoom === zoom) return;
  preparedZoom = zoom;
  startWorker()?.postMessage({ kind: 'prepare', zoom } satisfies PrepareRequest);
}

/**
 * The page draws from the coarse shapes at every zoom: the fine ones (230 kB) are the worker's,
 * and a second copy in the page's bundle would be precached by every visitor for the few whose
 * browser cannot run the worker.
 */
let pageWorld: Promise<ProjectedPolygon[]> | undefined;

/** Whether tiles come from the worker; if not, the page draws each on a canvas (drawOnPage). */
export function drawsInWorker(): boolean {
  return workerAvailable();
}

/** Draws tile (x, y, z) of the world on the page's own canvas, from the coarse shapes. */
export async function drawOnPage(canvas: HTMLCanvasElement, tile: TileCoords, tone: WorldTone): Promise<void> {
  const world = await (pageWorld ??= loadCoarseShapes().then(projectWorld));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the world.');
  drawTile(ctx, world, tile, canvas.width, tone);
}

/**
 * Tile (x, y, z) of the world in the given tone, size × size pixels, as an image to place: from
 * the worker, or, if the worker failed after the tile was asked for, drawn here and encoded.
 */
export async function paintTile(tile: TileCoords, size: number, tone: WorldTone): Promise<Blob> {
  const image = await drawnByWorker(tile, size, tone);
  if (image) return image;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  await drawOnPage(canvas, tile, tone);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The world tile could not be encoded.'))), 'image/png'));
}
