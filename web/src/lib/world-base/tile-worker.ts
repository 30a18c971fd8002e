/**
 * The bundled world's tile worker: projects the countries once and draws each tile the map asks
 * for on an OffscreenCanvas, encoded as an image, off the page's thread (tile-painter.ts is the
 * page's side). Parsing the 1:50m shapes and drawing them took a phone's main thread most of a
 * second when the map opened (docs/decisions/090-web-delivery.md); here the page only places
 * finished images.
 */
import { detailAt, loadShapes } from './fine-shapes.ts';
import type { Detail } from './shapes.ts';
import { drawTile, projectWorld, type ProjectedPolygon } from './tile-drawing.ts';
import type { TileReply, WorkerMessage } from './tile-painter.ts';

// The web project's types are the page's (DOM); in a worker postMessage takes no target origin.
const reply = (message: TileReply) => (self as unknown as { postMessage(m: unknown): void }).postMessage(message);

const worlds: Partial<Record<Detail, Promise<ProjectedPolygon[]>>> = {};
const worldFor = (detail: Detail) => (worlds[detail] ??= loadShapes(detail).then(projectWorld));

self.onmessage = async (e: MessageEvent<WorkerMessage>) => {
  if (e.data.kind === 'prepare') {
    // The map is about to open at this zoom: its shapes load while the page builds the map.
    void worldFor(detailAt(e.data.zoom)).catch(() => undefined);
    return;
  }
  const { id, tile, size, tone } = e.data;
  try {
    const world = await worldFor(detailAt(tile.z));
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    drawTile(ctx, world, tile, size, tone);
    // Encoded here, so the page only places an image (tile-painter.ts says why).
    reply({ id, image: await canvas.convertToBlob({ type: 'image/png' }) });
  } catch (error) {
    // The page then draws this tile itself (tile-painter.ts).
    console.warn('The world tile could not be drawn in the worker:', error);
    reply({ id, image: null });
  }
};
