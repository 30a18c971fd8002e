import { MAP_CLUSTER_MAX_ZOOM, MAP_CLUSTER_RADIUS_PX, MAP_CLUSTERS_MAX, type MapCluster, type MapItem, type Pin } from '@memory-map/shared';
import Supercluster from 'supercluster';
import { mercatorX, mercatorY, PINS_ONLY_ZOOM, type CellWindow } from '../map-cells/map-grid.ts';

/**
 * The map's one place for clustering (docs/decisions/020-map-clusters.md): the browser draws what
 * comes back as it is. Both kinds merge markers closer than MAP_CLUSTER_RADIUS_PX on screen.
 */

/**
 * A narrow view's pins, as the markers and bubbles to draw at `zoom`. For a view across the
 * antimeridian `west` is its west edge: longitudes are then measured from it, so pins on both
 * sides of the line are neighbours here as they are on screen; bubble positions are turned back.
 */
export function clusterPins(pins: Pin[], zoom: number, west?: number): MapItem[] {
  if (pins.length < 2) return pins.map((pin) => ({ kind: 'pin' as const, pin }));
  const index = new Supercluster<{ pin: Pin }, Record<string, never>>({
    radius: MAP_CLUSTER_RADIUS_PX,
    extent: 256,
    maxZoom: MAP_CLUSTER_MAX_ZOOM,
    minPoints: 2,
  });
  const fromWest = (lng: number) => (west === undefined ? lng : ((((lng - west) % 360) + 360) % 360) - 180);
  const toWorld = (lng: number) => (west === undefined ? lng : ((((lng + 360 + west) % 360) + 360) % 360) - 180);
  index.load(pins.map((pin) => ({ type: 'Feature', properties: { pin }, geometry: { type: 'Point', coordinates: [fromWest(pin.longitude), pin.latitude] } })));
  // Every pin came from the asked box, so the whole world holds exactly them.
  const features = index.getClusters([-180, -90, 180, 90], Math.max(0, Math.round(zoom)));
  const items = features.map((f): MapItem => {
    const props = f.properties as { pin: Pin } | Supercluster.ClusterProperties;
    if ('cluster' in props && props.cluster) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      return {
        kind: 'cluster',
        lat,
        lng: toWorld(lng),
        count: props.point_count,
        expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), MAP_CLUSTER_MAX_ZOOM + 1),
      };
    }
    return { kind: 'pin', pin: (props as { pin: Pin }).pin };
  });
  // Newest first, as the pins came, with bubbles after them.
  const order = new Map(pins.map((p, i) => [p.id, i]));
  const rank = (i: MapItem) => (i.kind === 'pin' ? order.get(i.pin.id)! : pins.length);
  return items.sort((a, b) => rank(a) - rank(b));
}

/** Counted cells of one level: how many memories, and the sums of their positions. */
export interface CellCount {
  cx: number;
  cy: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

interface Point {
  count: number;
  sumLat: number;
  sumLng: number;
  x: number;
  y: number;
}

/**
 * A wide view's cells merged greedily on screen, biggest first (supercluster's idea, over cells
 * instead of points). Across the antimeridian the eastern part is shifted one world to the right
 * so neighbours on screen are neighbours here, and positions are wrapped back at the end. The
 * radius grows until at most MAP_CLUSTERS_MAX bubbles remain.
 */
export function clusterCells(cells: CellCount[], window: CellWindow, zoom: number): MapCluster[] {
  const scale = 256 * 2 ** zoom;
  const wraps = window.columns.length === 2;
  const eastEnd = window.columns[1]?.x1 ?? -1;
  const points = cells.map((c): Point => {
    const shift = wraps && c.cx <= eastEnd ? 360 : 0;
    const lat = c.sumLat / c.count;
    const lng = c.sumLng / c.count + shift;
    return { count: c.count, sumLat: c.sumLat, sumLng: c.sumLng + shift * c.count, x: mercatorX(lng) * scale, y: mercatorY(lat) * scale };
  });
  points.sort((a, b) => b.count - a.count);

  let radius = MAP_CLUSTER_RADIUS_PX;
  for (;;) {
    const merged = mergeWithin(points, radius);
    if (merged.length <= MAP_CLUSTERS_MAX) {
      const expansionZoom = Math.min(zoom + 2, PINS_ONLY_ZOOM);
      return merged.map((m) => {
        const lng = m.sumLng / m.count;
        return { kind: 'cluster' as const, lat: m.sumLat / m.count, lng: lng > 180 ? lng - 360 : lng, count: m.count, expansionZoom };
      });
    }
    radius *= 1.5;
  }
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
