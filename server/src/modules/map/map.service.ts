import { MAP_PINS_MAX, mapAnswerSchema, type ClusteredMapQuery, type MapPinsQuery, type MapResponse, type Pin } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import { NOT_PUBLIC_LEVELS } from '../access/index.ts';
import { cellX, cellY, lngRanges, PINS_ONLY_ZOOM, windowBounds, windowForViewport, type Bbox, type CellWindow } from '../map-cells/map-grid.ts';
import { AUTHOR_CELL_MAX_LEVEL } from '../map-cells/author-cells-sql.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { presentPins } from '../memories/memories.service.ts';
import { readyBytes, type Answer } from '../read-cache/ready-answer.ts';
import type { ReadCounters } from '../read-cache/read-cache.ts';
import { clusterCells, clusterPins, type CellCount } from './map-clusters.ts';
import { mapRepository, type BoxQuery, type CellRow, type PinTypes } from './map.repository.ts';

/**
 * Below PINS_ONLY_ZOOM a viewport holding at most this many visible memories gets them as pins
 * (clustered on screen); more, and it gets counted cells. Lower than MAP_PINS_MAX: 300 full pin
 * objects cost ten times what a screen of cells does.
 */
export const PINS_SWITCH = 100;

/**
 * GET /api/query_map_pins: the spec's list without a zoom, the map's view with one. With the read
 * cache (docs/decisions/080-read-cache.md) an answer is kept per viewer and query, stamped with
 * every counter it depends on (public, the viewer's own layer, people, the signing window).
 */
export async function mapPins(ctx: AppContext, viewerId: string, query: MapPinsQuery, counters?: ReadCounters): Promise<Answer<MapAnswer>> {
  const now = Date.now();
  if (!ctx.readCache.enabled) return { value: await readMapPins(ctx, viewerId, query, now) };
  // The counters first (read with the session, `counters`), the data after: an answer read after
  // a write carries that write's stamp.
  const stamps = await ctx.readCache.stamps(ctx.db.kysely, viewerId, now, counters);
  const key = `map:${viewerId}:${JSON.stringify([query.bbox, query.zoom, query.types, query.limit])}`;
  const ready = await ctx.readCache.perViewer.get(key, stamps.all, async () =>
    readyBytes(serializeMapAnswer, await readMapPins(ctx, viewerId, query, now, stamps.public)),
  );
  return { ready };
}

type MapAnswer = Pin[] | MapResponse;
const serializeMapAnswer = compiledSerializer<MapAnswer>(mapAnswerSchema);

function readMapPins(ctx: AppContext, viewerId: string, query: MapPinsQuery, now: number, publicStamp?: string): Promise<Pin[] | MapResponse> {
  if (query.zoom !== undefined && query.bbox) {
    return mapView(ctx, viewerId, { bbox: query.bbox, zoom: query.zoom, types: query.types ?? ['own', 'friend', 'public'] }, now, publicStamp);
  }
  return pinList(ctx, viewerId, { bbox: query.bbox, limit: query.limit }, now);
}

/** The public cells of a window, held once for every viewer while no public memory changes. */
function heldPublicCells(ctx: AppContext, window: CellWindow, publicStamp: string | undefined): Promise<CellRow[]> {
  if (publicStamp === undefined) return mapRepository.listCells(ctx.db.kysely, window);
  const key = `cells:${window.level}:${window.y0}:${window.y1}:${window.columns.map((c) => `${c.x0}-${c.x1}`).join(',')}`;
  return ctx.readCache.shared
    .get(key, publicStamp, async () => {
      const rows = await mapRepository.listCells(ctx.db.kysely, window);
      return { rows, weight: Math.ceil(rows.length / 10) };
    })
    .then((held) => held.rows);
}

/** The newest visible pins, anywhere or in a box: what the spec's client draws itself. */
async function pinList(ctx: AppContext, viewerId: string, query: { bbox?: Bbox; limit: number }, now: number): Promise<Pin[]> {
  const db = ctx.db.kysely;
  if (!query.bbox) return presentPins(ctx, viewerId, (await memoriesRepository.listVisible(db, viewerId, { limit: query.limit })).rows, now);
  // A box is read through the map's position indexes (migration 0004), then the page is re-read
  // through the audience rule and presented like every other list.
  const box = { ranges: lngRanges(query.bbox), south: query.bbox.south, north: query.bbox.north };
  const ids = await mapRepository.visibleIdsInBox(db, viewerId, box, { own: true, friend: true, public: true }, query.limit);
  if (ids.length === 0) return [];
  return presentPins(ctx, viewerId, await memoriesRepository.findManyVisible(db, viewerId, ids), now);
}

/**
 * The map at a zoom. A narrow viewport (zoom ≥ PINS_ONLY_ZOOM, or one holding at most
 * PINS_SWITCH visible memories) gets the pins themselves, newest first, at most MAP_PINS_MAX,
 * clustered on screen; a wide one gets clusters of counted cells. Counting adds three layers,
 * none of which depends on the size of the world:
 * - public memories from pin_cells, one row per cell of the window (≤ MAX_CELLS_PER_QUERY);
 * - the viewer's own memories, live;
 * - their friends' friends-only memories, live.
 * The viewer's own public memories are in both the cells and their own layer, so they are taken
 * out of the cells: each memory is counted once and only under the type filters asked for.
 */
export async function mapView(ctx: AppContext, viewerId: string, query: ClusteredMapQuery, now = Date.now(), publicStamp?: string): Promise<MapResponse> {
  const types: PinTypes = {
    own: query.types.includes('own'),
    friend: query.types.includes('friend'),
    public: query.types.includes('public'),
  };
  if (!types.own && !types.friend && !types.public) return { items: [], truncated: false };
  if (query.zoom >= PINS_ONLY_ZOOM) return pinsInBox(ctx, viewerId, query.bbox, query.zoom, types, now);

  const db = ctx.db.kysely;
  const window = windowForViewport(query.bbox, query.zoom);
  const bounds = windowBounds(window);
  // Everyone's public memories are in the public cells, the viewer's own included; the own and
  // friends' layers hold only the rest. Only when one of Own / Public is filtered out are the
  // viewer's own public memories moved, one by one, cell for cell as the public cells were filled.
  const layers = { ownVisibilities: types.own ? NOT_PUBLIC_LEVELS : [], friends: types.friend };
  const ownPublicSign = types.own && !types.public ? 1 : types.public && !types.own ? -1 : 0;
  const coarse = window.level <= AUTHOR_CELL_MAX_LEVEL;
  const circles = { own: types.own, member: types.friend };
  const [publicCells, live, circleCells, ownPublic] = await Promise.all([
    types.public ? heldPublicCells(ctx, window, publicStamp) : Promise.resolve([]),
    coarse ? mapRepository.authorCells(db, viewerId, window, layers) : mapRepository.liveCells(db, viewerId, bounds, window.level, layers),
    // The per-author cells hold no circle memory (design §17): those are counted live beside them.
    coarse && (circles.own || circles.member)
      ? mapRepository.liveCells(db, viewerId, bounds, window.level, { ownVisibilities: [], friends: false, circles })
      : Promise.resolve([]),
    ownPublicSign !== 0 ? mapRepository.ownPublicPositions(db, viewerId, bounds) : Promise.resolve([]),
  ]);

  const n = 2 ** window.level;
  const cells = new Map<number, CellCount>();
  const add = (cx: number, cy: number, count: number, sumLat: number, sumLng: number) => {
    const key = cx * n + cy;
    const c = cells.get(key);
    if (c) {
      c.count += count;
      c.sumLat += sumLat;
      c.sumLng += sumLng;
    } else cells.set(key, { cx, cy, count, sumLat, sumLng });
  };
  for (const c of [...publicCells, ...live, ...circleCells]) add(Number(c.cx), Number(c.cy), Number(c.count), Number(c.sum_lat), Number(c.sum_lng));
  for (const p of ownPublic) {
    const lat = Number(p.latitude);
    const lng = Number(p.longitude);
    add(cellX(lng, window.level), cellY(lat, window.level), ownPublicSign, ownPublicSign * lat, ownPublicSign * lng);
  }

  const occupied = [...cells.values()].filter((c) => c.count > 0);
  const total = occupied.reduce((s, c) => s + c.count, 0);
  if (total <= PINS_SWITCH) return pinsInBox(ctx, viewerId, query.bbox, query.zoom, types, now);
  return { items: clusterCells(occupied, window, query.zoom), truncated: false };
}

/** The newest visible pins in the exact box, as full pin objects, clustered on screen. */
async function pinsInBox(ctx: AppContext, viewerId: string, bbox: Bbox, zoom: number, types: PinTypes, now: number): Promise<MapResponse> {
  const db = ctx.db.kysely;
  const box: BoxQuery = { ranges: lngRanges(bbox), south: bbox.south, north: bbox.north };
  const ids = await mapRepository.visibleIdsInBox(db, viewerId, box, types, MAP_PINS_MAX + 1);
  const truncated = ids.length > MAP_PINS_MAX;
  const page = ids.slice(0, MAP_PINS_MAX);
  if (page.length === 0) return { items: [], truncated };
  // Re-read through the audience rule: the same pin object as everywhere else.
  const pins = await presentPins(ctx, viewerId, await memoriesRepository.findManyVisible(db, viewerId, page), now);
  return { items: clusterPins(pins, zoom, bbox.west > bbox.east ? bbox.west : undefined), truncated };
}
