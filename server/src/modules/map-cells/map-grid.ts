/**
 * The map's grid, in Web Mercator like the tiles the client draws: at level L the world is a
 * 2^L × 2^L grid of cells. At zoom Z a tile is 256 px, so a level Z+2 cell is 64 px on screen,
 * about the size of a cluster marker. The seed script and the server share these functions, so
 * a cell filled in bulk is the same cell a live write updates.
 */

/** Cells are kept for levels 0…MAX_CELL_LEVEL (zoom 14 at 64 px); deeper zooms always get pins. */
export const MAX_CELL_LEVEL = 16;
/** Cell level for a zoom: 64-pixel cells. */
export const CELL_LEVEL_OFFSET = 2;
/** From this zoom on the viewport is small enough that pins are listed without counting first. */
export const PINS_ONLY_ZOOM = MAX_CELL_LEVEL - CELL_LEVEL_OFFSET + 1;
/**
 * A viewport never reads more cells than this, whatever zoom the client claims: a bigger one is
 * read at a coarser level. This is what bounds the public layer's cost by the screen, not the world.
 */
export const MAX_CELLS_PER_QUERY = 4096;

/** Latitude bands of 0.1° for the position indexes (migration 0004): `floor(latitude * 10)`. */
export const BAND_SCALE = 10;
/** More bands than this are read as one range rather than listed one by one. */
export const MAX_LISTED_BANDS = 200;

const MAX_MERCATOR_LAT = 85.0511287798066;

export function clampLat(lat: number): number {
  return Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
}

/** 0 at 180°W, 1 at 180°E. */
export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

/** 0 at the top of the map (85°N), 1 at the bottom. */
export function mercatorY(lat: number): number {
  const sin = Math.sin((clampLat(lat) * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return Math.max(0, Math.min(1, y));
}

export function lngOfX(x: number): number {
  return x * 360 - 180;
}

export function latOfY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

function cellIndex(v: number, level: number): number {
  const n = 2 ** level;
  return Math.min(n - 1, Math.max(0, Math.floor(v * n)));
}

export function cellX(lng: number, level: number): number {
  return cellIndex(mercatorX(lng), level);
}

export function cellY(lat: number, level: number): number {
  return cellIndex(mercatorY(lat), level);
}

export function band(lat: number): number {
  return Math.floor(lat * BAND_SCALE);
}

export function cellLevelForZoom(zoom: number): number {
  return Math.max(0, Math.min(MAX_CELL_LEVEL, zoom + CELL_LEVEL_OFFSET));
}

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A longitude range that does not cross the antimeridian (west ≤ east). */
export interface LngRange {
  west: number;
  east: number;
}

/** A viewport crossing the antimeridian (west > east) is two ranges: west…180 and −180…east. */
export function lngRanges(box: Bbox): LngRange[] {
  if (box.west <= box.east) return [{ west: box.west, east: box.east }];
  return [
    { west: box.west, east: 180 },
    { west: -180, east: box.east },
  ];
}

export interface CellRange {
  x0: number;
  x1: number;
}

/**
 * The cells a viewport touches at one level: one or two column ranges (two across the
 * antimeridian) and one row range.
 */
export interface CellWindow {
  level: number;
  columns: CellRange[];
  y0: number;
  y1: number;
  cellCount: number;
}

export function cellWindow(box: Bbox, level: number): CellWindow {
  let columns = lngRanges(box).map((r) => ({ x0: cellX(r.west, level), x1: cellX(r.east, level) }));
  // Across the antimeridian at a coarse level the two ranges can meet or share a column: read the
  // whole row once, or a memory in the shared column would be counted (or subtracted) twice.
  if (columns.length === 2 && columns[1]!.x1 >= columns[0]!.x0 - 1) columns = [{ x0: 0, x1: 2 ** level - 1 }];
  const y0 = cellY(box.north, level);
  const y1 = cellY(box.south, level);
  const width = columns.reduce((s, c) => s + c.x1 - c.x0 + 1, 0);
  return { level, columns, y0, y1, cellCount: width * (y1 - y0 + 1) };
}

/** The level to read for a viewport: 64-pixel cells, coarser when the window would be too big. */
export function windowForViewport(box: Bbox, zoom: number): CellWindow {
  let level = cellLevelForZoom(zoom);
  let window = cellWindow(box, level);
  while (window.cellCount > MAX_CELLS_PER_QUERY && level > 0) {
    level -= 1;
    window = cellWindow(box, level);
  }
  return window;
}

/** The exact area a window's cells cover, as a bounding box (for the live layers). */
export function windowBounds(window: CellWindow): { ranges: LngRange[]; south: number; north: number } {
  const n = 2 ** window.level;
  return {
    ranges: window.columns.map((c) => ({ west: lngOfX(c.x0 / n), east: lngOfX((c.x1 + 1) / n) })),
    north: window.y0 === 0 ? 90 : latOfY(window.y0 / n),
    south: window.y1 === n - 1 ? -90 : latOfY((window.y1 + 1) / n),
  };
}

/** The latitude bands a range of latitudes touches, as a list when short enough to seek one by one. */
export function bandsOf(south: number, north: number): { list?: number[]; from: number; to: number } {
  const from = band(south);
  const to = band(north);
  if (to - from + 1 > MAX_LISTED_BANDS) return { from, to };
  const list: number[] = [];
  for (let b = from; b <= to; b++) list.push(b);
  return { list, from, to };
}

/** What one public memory adds to (or, negated, takes from) every level's cell. */
export interface CellDelta {
  level: number;
  cx: number;
  cy: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

export function cellDeltas(lat: number, lng: number, sign: 1 | -1): CellDelta[] {
  const x = mercatorX(lng);
  const y = mercatorY(lat);
  const deltas: CellDelta[] = [];
  for (let level = 0; level <= MAX_CELL_LEVEL; level++) {
    deltas.push({ level, cx: cellIndex(x, level), cy: cellIndex(y, level), count: sign, sumLat: sign * lat, sumLng: sign * lng });
  }
  return deltas;
}

/** Every non-empty cell of one level for a set of positions (bulk fills: seed, backfill, rebuild). */
export function aggregateLevel(lats: Float64Array, lngs: Float64Array, level: number, length = lats.length): CellDelta[] {
  const n = 2 ** level;
  const index = new Map<number, number>();
  const cells: CellDelta[] = [];
  for (let i = 0; i < length; i++) {
    const lat = lats[i]!;
    const lng = lngs[i]!;
    const cx = cellIndex(mercatorX(lng), level);
    const cy = cellIndex(mercatorY(lat), level);
    const key = cx * n + cy;
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, cells.length);
      cells.push({ level, cx, cy, count: 1, sumLat: lat, sumLng: lng });
    } else {
      const c = cells[at]!;
      c.count += 1;
      c.sumLat += lat;
      c.sumLng += lng;
    }
  }
  return cells;
}
