import { MAP_CLUSTERS_MAX, MAP_PINS_MAX, type ClusteredMapQuery, type MapCluster, type MapResponse } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import type { Queryable } from '../../db/queryable.ts';
import { memoriesRepository } from '../memories/memories.repository.ts';
import { toPins } from '../memories/pin-presenter.ts';
import {
  aggregateLevel,
  cellDeltas,
  cellX,
  cellY,
  lngRanges,
  MAX_CELL_LEVEL,
  mercatorX,
  mercatorY,
  PINS_ONLY_ZOOM,
  windowBounds,
  windowForViewport,
  type Bbox,
  type CellWindow,
} from './map-grid.ts';
import { AUTHOR_CELL_MAX_LEVEL } from './author-cells-sql.ts';
import { mapRepository, type BoxQuery, type PinTypes } from './map.repository.ts';

/** Where a memory is and who may see it: all the map's cells care about. */
export interface PinPlacement {
  latitude: number;
  longitude: number;
  visibility: number;
}

/**
 * The memories service calls this inside the transaction of every create (before = null),
 * update (both) and delete (after = null), so the public cells always match the pins table.
 * Only public memories are counted in cells; other changes cost nothing.
 */
export async function onPinChanged(db: Queryable, before: PinPlacement | null, after: PinPlacement | null): Promise<void> {
  const wasPublic = before?.visibility === 3;
  const isPublic = after?.visibility === 3;
  if (wasPublic && isPublic && before.latitude === after.latitude && before.longitude === after.longitude) return;
  const deltas = [
    ...(wasPublic ? cellDeltas(before.latitude, before.longitude, -1) : []),
    ...(isPublic ? cellDeltas(after.latitude, after.longitude, 1) : []),
  ];
  await mapRepository.applyCellDeltas(db, deltas);
}

/** Recomputes every cell from the pins table (repair, or after loading pins some other way). */
export async function rebuildPinCells(db: Queryable): Promise<number> {
  const lats: number[] = [];
  const lngs: number[] = [];
  let after = '';
  for (;;) {
    const rows = await mapRepository.publicPositionsAfter(db, after, 20_000);
    for (const r of rows) {
      lats.push(Number(r.latitude));
      lngs.push(Number(r.longitude));
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
  const latArr = Float64Array.from(lats);
  const lngArr = Float64Array.from(lngs);
  await db.transaction().execute(async (trx) => {
    await mapRepository.deleteAllCells(trx);
    for (let level = 0; level <= MAX_CELL_LEVEL; level++) {
      const cells = aggregateLevel(latArr, lngArr, level);
      for (let i = 0; i < cells.length; i += 2000) await mapRepository.insertCells(trx, cells.slice(i, i + 2000));
    }
  });
  return lats.length;
}

interface Acc {
  cx: number;
  cy: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

/**
 * Below PINS_ONLY_ZOOM a viewport holding at most this many visible memories gets them as pins;
 * more, and it gets clusters. Lower than MAP_PINS_MAX: a screen with 300 markers is a blot, and
 * 300 full pin objects cost ten times what a screen of clusters does.
 */
export const PINS_SWITCH = 100;

/** Cluster markers closer than this many pixels on screen are merged into one. */
const MERGE_RADIUS_PX = 40;

/**
 * GET /api/map. A narrow viewport (zoom ≥ PINS_ONLY_ZOOM, or one holding at most PINS_SWITCH
 * visible memories) gets the pins themselves, newest first, at most MAP_PINS_MAX; a wide one gets
 * clusters. Clusters add three layers, none of which depends on the size of the world:
 * - public memories from pin_cells, one row per cell of the window (≤ MAX_CELLS_PER_QUERY);
 * - the viewer's own memories, live;
 * - their friends' friends-only memories, live.
 * The viewer's own public memories are in both the cells and their own layer, so they are taken
 * out of the cells: each memory is counted once and only under the type filters asked for.
 */
export async function mapView(ctx: AppContext, viewerId: string, query: ClusteredMapQuery): Promise<MapResponse> {
  const types: PinTypes = {
    own: query.types.includes('own'),
    friend: query.types.includes('friend'),
    public: query.types.includes('public'),
  };
  if (!types.own && !types.friend && !types.public) return { items: [], truncated: false };
  if (query.zoom >= PINS_ONLY_ZOOM) return pinsInBox(ctx, viewerId, query.bbox, types);

  const db = ctx.db.kysely;
  const window = windowForViewport(query.bbox, query.zoom);
  const bounds = windowBounds(window);
  // Everyone's public memories are in the public cells, the viewer's own included; the own and
  // friends' layers hold only private and friends-only ones. Only when one of Own / Public is
  // filtered out are the viewer's own public memories moved, one by one, cell for cell as the
  // public cells were filled.
  const layers = { ownVisibilities: types.own ? [1, 2] : [], friends: types.friend };
  const ownPublicSign = types.own && !types.public ? 1 : types.public && !types.own ? -1 : 0;
  const [publicCells, live, ownPublic] = await Promise.all([
    types.public ? mapRepository.listCells(db, window) : Promise.resolve([]),
    window.level <= AUTHOR_CELL_MAX_LEVEL
      ? mapRepository.authorCells(db, viewerId, window, layers)
      : mapRepository.liveCells(db, viewerId, bounds, window.level, layers),
    ownPublicSign !== 0 ? mapRepository.ownPublicPositions(db, viewerId, bounds) : Promise.resolve([]),
  ]);

  const n = 2 ** window.level;
  const cells = new Map<number, Acc>();
  const add = (cx: number, cy: number, count: number, sumLat: number, sumLng: number) => {
    const key = cx * n + cy;
    const c = cells.get(key);
    if (c) {
      c.count += count;
      c.sumLat += sumLat;
      c.sumLng += sumLng;
    } else cells.set(key, { cx, cy, count, sumLat, sumLng });
  };
  for (const c of [...publicCells, ...live]) add(Number(c.cx), Number(c.cy), Number(c.count), Number(c.sum_lat), Number(c.sum_lng));
  for (const p of ownPublic) {
    const lat = Number(p.latitude);
    const lng = Number(p.longitude);
    add(cellX(lng, window.level), cellY(lat, window.level), ownPublicSign, ownPublicSign * lat, ownPublicSign * lng);
  }

  const occupied = [...cells.values()].filter((c) => c.count > 0);
  const total = occupied.reduce((s, c) => s + c.count, 0);
  if (total <= PINS_SWITCH) return pinsInBox(ctx, viewerId, query.bbox, types);
  return { items: cluster(occupied, window, query.zoom), truncated: false };
}

/**
 * Greedy merge of cell centroids on screen, biggest first (supercluster's idea, over cells
 * instead of points). Across the antimeridian the eastern part is shifted one world to the right
 * so neighbours on screen are neighbours here, and positions are wrapped back at the end.
 */
function cluster(cells: Acc[], window: CellWindow, zoom: number): MapCluster[] {
  const scale = 256 * 2 ** zoom;
  const wraps = window.columns.length === 2;
  const eastEnd = window.columns[1]?.x1 ?? -1;
  const points = cells.map((c) => {
    const shift = wraps && c.cx <= eastEnd ? 360 : 0;
    const lat = c.sumLat / c.count;
    const lng = c.sumLng / c.count + shift;
    return { count: c.count, sumLat: c.sumLat, sumLng: c.sumLng + shift * c.count, x: mercatorX(lng) * scale, y: mercatorY(lat) * scale };
  });
  points.sort((a, b) => b.count - a.count);

  let radius = MERGE_RADIUS_PX;
  for (;;) {
    const merged = mergeWithin(points, radius);
    if (merged.length <= MAP_CLUSTERS_MAX) {
      const expansionZoom = Math.min(zoom + 2, PINS_ONLY_ZOOM);
      return merged.map((m) => {
        const lng = m.sumLng / m.count;
        return {
          kind: 'cluster' as const,
          lat: m.sumLat / m.count,
          lng: lng > 180 ? lng - 360 : lng,
          count: m.count,
          expansionZoom,
        };
      });
    }
    radius *= 1.5;
  }
}

interface Point {
  count: number;
  sumLat: number;
  sumLng: number;
  x: number;
  y: number;
}

function mergeWithin(points: Point[], radius: number): Point[] {
  const grid = new Map<string, number[]>();
  const keyOf = (gx: number, gy: number) => `${gx}:${gy}`;
  points.forEach((p, i) => {
    const k = keyOf(Math.floor(p.x / radius), Math.floor(p.y / radius));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  });
  const taken = new Uint8Array(points.length);
  const out: Point[] = [];
  points.forEach((p, i) => {
    if (taken[i]) return;
    taken[i] = 1;
    const m = { ...p };
    const gx = Math.floor(p.x / radius);
    const gy = Math.floor(p.y / radius);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(keyOf(gx + dx, gy + dy)) ?? []) {
          if (taken[j]) continue;
          const q = points[j]!;
          if ((q.x - p.x) ** 2 + (q.y - p.y) ** 2 > radius * radius) continue;
          taken[j] = 1;
          m.count += q.count;
          m.sumLat += q.sumLat;
          m.sumLng += q.sumLng;
        }
      }
    }
    out.push(m);
  });
  return out;
}

/** The newest visible pins in the exact box, as full pin objects. */
async function pinsInBox(ctx: AppContext, viewerId: string, bbox: Bbox, types: PinTypes): Promise<MapResponse> {
  const db = ctx.db.kysely;
  const box: BoxQuery = { ranges: lngRanges(bbox), south: bbox.south, north: bbox.north };
  const ids = await mapRepository.visibleIdsInBox(db, viewerId, box, types, MAP_PINS_MAX + 1);
  const truncated = ids.length > MAP_PINS_MAX;
  const page = ids.slice(0, MAP_PINS_MAX);
  if (page.length === 0) return { items: [], truncated };
  // Re-read through the memories module's visibility rule: the same pin object as everywhere else.
  const [rows, tags] = await Promise.all([
    memoriesRepository.findManyVisible(db, viewerId, page),
    memoriesRepository.tagsOf(db, page),
  ]);
  const pins = await toPins(ctx, viewerId, rows, tags);
  return { items: pins.map((pin) => ({ kind: 'pin' as const, pin })), truncated };
}
