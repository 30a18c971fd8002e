import type { CountryFeature } from './topology.ts';

/**
 * Draws one square tile of the bundled world (docs/decisions/131-never-blank-map.md): the land of
 * every country that reaches into it, filled, with its outline. The same code runs in the tile
 * worker (tile-worker.ts) and, where a browser has no OffscreenCanvas, on the page.
 *
 * Coordinates are Web Mercator pixels of zoom 0 (the world is 256 wide), as Leaflet's tiles are:
 * projected once per detail, so a tile only scales, shifts and culls.
 */

export type WorldTone = 'light' | 'dark';

export const TONES: Record<WorldTone, { land: string; border: string }> = {
  light: { land: '#f2efe9', border: '#b9a9c2' },
  dark: { land: '#3b3b3b', border: '#6b6b6b' },
};
/** The outline's width in CSS pixels. */
const BORDER_PX = 0.8;

/** One polygon (an outer ring and its holes) and the box around it, for culling. */
export interface ProjectedPolygon {
  id: string;
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface TileCoords {
  x: number;
  y: number;
  z: number;
}

const WORLD = 256;
/** Web Mercator stops here: the poles are at infinity. */
const MAX_LAT = 85.0511287798;

export function project(lon: number, lat: number): [number, number] {
  const φ = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [((lon + 180) / 360) * WORLD, ((1 - Math.log(Math.tan(Math.PI / 4 + φ / 2)) / Math.PI) / 2) * WORLD];
}

export function projectWorld(features: readonly CountryFeature[]): ProjectedPolygon[] {
  const polygons: ProjectedPolygon[] = [];
  for (const f of features) {
    const parts = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const rings of parts) {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      const projected = rings.map((ring) => {
        const points = new Float64Array(ring.length * 2);
        ring.forEach(([lon, lat], i) => {
          const [x, y] = project(lon, lat);
          points[i * 2] = x;
          points[i * 2 + 1] = y;
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        });
        return points;
      });
      polygons.push({ id: String(f.id ?? ''), rings: projected, minX, minY, maxX, maxY });
    }
  }
  return polygons;
}

/** The 2D context calls drawing needs: a canvas's, an OffscreenCanvas's, or a test's recorder. */
export type DrawingContext = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'fill' | 'stroke' | 'fillStyle' | 'strokeStyle' | 'lineWidth' | 'lineJoin'
>;

/**
 * Draws tile (x, y, z) at `size` device pixels (256 × the pixel ratio). Rings that cross the
 * antimeridian reach past ±180° (topology.ts), so each polygon is also tried one world to the
 * left and right. Points closer than about a pixel to the last one drawn are skipped: at world
 * scale a coastline of thousands of points becomes a few hundred segments.
 * Returns the ids of the polygons drawn (for tests).
 */
export function drawTile(ctx: DrawingContext, world: readonly ProjectedPolygon[], tile: TileCoords, size: number, tone: WorldTone): string[] {
  const k = (size * 2 ** tile.z) / WORLD;
  const left = tile.x * size;
  const top = tile.y * size;
  const margin = 2 / k;
  const x0 = left / k - margin;
  const y0 = top / k - margin;
  const x1 = (left + size) / k + margin;
  const y1 = (top + size) / k + margin;
  const pixelRatio = size / 256;
  const minStep = (0.75 * pixelRatio) / k;

  ctx.fillStyle = TONES[tone].land;
  ctx.strokeStyle = TONES[tone].border;
  ctx.lineWidth = BORDER_PX * pixelRatio;
  ctx.lineJoin = 'round';
  const drawn: string[] = [];
  for (const polygon of world) {
    if (polygon.minY > y1 || polygon.maxY < y0) continue;
    for (const shift of [0, -WORLD, WORLD]) {
      if (polygon.minX + shift > x1 || polygon.maxX + shift < x0) continue;
      ctx.beginPath();
      for (const ring of polygon.rings) {
        let lastX = ring[0]!;
        let lastY = ring[1]!;
        ctx.moveTo((lastX + shift) * k - left, lastY * k - top);
        const end = ring.length - 2;
        for (let i = 2; i <= end; i += 2) {
          const x = ring[i]!;
          const y = ring[i + 1]!;
          if (i < end && Math.abs(x - lastX) < minStep && Math.abs(y - lastY) < minStep) continue;
          ctx.lineTo((x + shift) * k - left, y * k - top);
          lastX = x;
          lastY = y;
        }
        ctx.closePath();
      }
      ctx.fill('evenodd');
      ctx.stroke();
      drawn.push(polygon.id);
    }
  }
  return drawn;
}
