import { loadCoarseShapes } from './shapes.ts';
import { drawTile, projectWorld, type ProjectedPolygon, type TileCoords, type WorldTone } from './tile-drawing.ts';

/**
 * The page's side of tile-worker.ts: paints a tile canvas with the bitmap the worker drew. One
 * worker for every map on the page, started by the first tile. Where a browser has no
 * OffscreenCanvas (Safari before 16.4), or the worker fails, the page draws the tile itself with
 * the same code: slower and coarser, never blank.
 */
export interface TileRequest {
  id: number;
  tile: TileCoords;
  size: number;
  tone: WorldTone;
}
export interface TileReply {
  id: number;
  bitmap: ImageBitmap | null;
}

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 1;
const waiting = new Map<number, (bitmap: ImageBitmap | null) => void>();

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
    resolve?.(e.data.bitmap);
  };
  worker.onerror = giveUpOnWorker;
  return worker;
}

function drawnByWorker(tile: TileCoords, size: number, tone: WorldTone): Promise<ImageBitmap | null> {
  const w = startWorker();
  if (!w) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, tile, size, tone } satisfies TileRequest);
  });
}

/**
 * The page draws from the coarse shapes at every zoom: the fine ones (230 kB) are the worker's,
 * and a second copy in the page's bundle would be precached by every visitor for the few whose
 * browser cannot run the worker.
 */
let pageWorld: Promise<ProjectedPolygon[]> | undefined;

/** Fills `canvas` (size × size) with tile (x, y, z) of the world in the given tone. */
export async function paintTile(canvas: HTMLCanvasElement, tile: TileCoords, tone: WorldTone): Promise<void> {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  if (workerAvailable()) {
    const bitmap = await drawnByWorker(tile, canvas.width, tone);
    if (bitmap) {
      ctx.drawImage(bitmap, 0, 0);
      bitmap.close();
      return;
    }
  }
  const world = await (pageWorld ??= loadCoarseShapes().then(projectWorld));
  drawTile(ctx, world, tile, canvas.width, tone);
}
