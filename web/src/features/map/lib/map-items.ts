import { MAP_CLUSTER_MAX_ZOOM, type PinType } from '@memory-map/shared';
import { mapPinType } from '../../../lib/pin-type.ts';
import type { MapResponse, Pin } from '../../../lib/api/types.ts';

/**
 * What the map draws: single pins, or a bubble standing for `count` of them. The server clusters
 * (GET /api/query_map_pins answers every zoom with bubbles and pins); the browser draws its items
 * as they come.
 */
export type MapItem = PinItem | ClusterItem;

export interface ClusterItem {
  kind: 'cluster';
  /** Stable across answers for the same bubble, so its marker is kept rather than redrawn. */
  id: string;
  lat: number;
  lng: number;
  count: number;
  /** The zoom at which the bubble breaks apart. */
  expansionZoom?: number;
}

export interface PinItem {
  kind: 'pin';
  pin: Pin;
  type: PinType;
  /**
   * Where the marker is drawn when it is not the memory's own spot: pins that would sit on top of
   * one another at the closest zoom are fanned out around it (see fanOut), joined to it by a leg.
   */
  at?: { lat: number; lng: number };
}

export type TypeFilter = Record<PinType, boolean>;
export const ALL_TYPES: TypeFilter = { own: true, friend: true, public: true };

/** Past the clustering zooms, pins closer than this on screen cannot be told apart by a finger. */
export const FAN_GROUP_PX = 20;
/** Distance between neighbouring fanned-out pins, centre to centre (markers are 30 px). */
const FAN_SPACING_PX = 36;
const FAN_MIN_RADIUS_PX = 28;
/** Up to this many fan out on a circle; more go on a spiral so the circle does not grow huge. */
const FAN_CIRCLE_MAX = 8;

/**
 * Every item the map draws for the server's answer at `zoom`. The filters are sent with the
 * request; the pins of a type just unchecked still leave at once, while the previous answer shows
 * until the new one arrives.
 */
export function mapItemsFor(data: MapResponse, userId: string | undefined, filter: TypeFilter, zoom: number): MapItem[] {
  const seen = new Set<string>();
  const items: MapItem[] = [];
  for (const item of data.items) {
    if (item.kind === 'cluster') {
      const { lat, lng, count, expansionZoom } = item;
      let id = `c${lat},${lng}`;
      for (let n = 2; seen.has(id); n++) id = `c${lat},${lng}#${n}`;
      seen.add(id);
      items.push({ kind: 'cluster', id, lat, lng, count, ...(expansionZoom !== undefined ? { expansionZoom } : {}) });
      continue;
    }
    const { pin } = item;
    if (seen.has(pin.id)) continue;
    seen.add(pin.id);
    const type = mapPinType(pin, userId);
    if (filter[type]) items.push({ kind: 'pin', pin, type });
  }
  // Past the last clustering zoom a bubble's pins are drawn one by one, and those at one spot
  // (two memories at the same café) would stack so that only the top one could be tapped.
  return Math.round(zoom) > MAP_CLUSTER_MAX_ZOOM ? fanOut(items, zoom) : items;
}

/** Web Mercator world pixels at `zoom` (256 px tiles), as Leaflet draws them. */
function project(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

function unproject(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const size = 256 * 2 ** zoom;
  return { lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI, lng: (x / size) * 360 - 180 };
}

/** Offsets (px) for `n` fanned-out pins: a circle for a few, an even spiral for many. */
export function fanOffsets(n: number): Array<{ dx: number; dy: number }> {
  if (n <= FAN_CIRCLE_MAX) {
    const r = Math.max(FAN_MIN_RADIUS_PX, (FAN_SPACING_PX * n) / (2 * Math.PI));
    // Two sit side by side, three as a triangle pointing down, and so on.
    const start = -Math.PI / 2 - Math.PI / n;
    return Array.from({ length: n }, (_, i) => {
      const a = start + (2 * Math.PI * i) / n;
      return { dx: r * Math.cos(a), dy: r * Math.sin(a) };
    });
  }
  const out: Array<{ dx: number; dy: number }> = [];
  let r = FAN_MIN_RADIUS_PX;
  let a = -Math.PI / 2;
  for (let i = 0; i < n; i++) {
    out.push({ dx: r * Math.cos(a), dy: r * Math.sin(a) });
    // One marker's spacing along the curve; the turns of the spiral one spacing apart.
    const step = FAN_SPACING_PX / r;
    a += step;
    r += (FAN_SPACING_PX * step) / (2 * Math.PI);
  }
  return out;
}

/**
 * Groups pins that would overlap on screen at `zoom` and spreads each group around its centre,
 * so every memory can be tapped; a pin on its own keeps its spot. The order within a group is the
 * ids', so a pin keeps its place in the fan as the data refreshes.
 */
export function fanOut(items: MapItem[], zoom: number): MapItem[] {
  const pins = items.filter((i): i is PinItem => i.kind === 'pin');
  if (pins.length < 2) return items;
  const points = pins.map((item) => ({ item, ...project(item.pin.latitude, item.pin.longitude, zoom) }));
  const grouped = new Set<PinItem>();
  const placed = new Map<PinItem, PinItem>();
  for (const p of points) {
    if (grouped.has(p.item)) continue;
    const group = points.filter((q) => !grouped.has(q.item) && Math.hypot(q.x - p.x, q.y - p.y) <= FAN_GROUP_PX);
    if (group.length < 2) continue;
    group.sort((a, b) => (a.item.pin.id < b.item.pin.id ? -1 : a.item.pin.id > b.item.pin.id ? 1 : 0));
    const cx = group.reduce((s, q) => s + q.x, 0) / group.length;
    const cy = group.reduce((s, q) => s + q.y, 0) / group.length;
    const offsets = fanOffsets(group.length);
    group.forEach((q, i) => {
      grouped.add(q.item);
      const { dx, dy } = offsets[i]!;
      placed.set(q.item, { ...q.item, at: unproject(cx + dx, cy + dy, zoom) });
    });
  }
  return placed.size ? items.map((i) => (i.kind === 'pin' ? (placed.get(i) ?? i) : i)) : items;
}

/**
 * The pin whose popup is open stays on the map even when the view moved so far that the fetched
 * area no longer holds it (Leaflet pans to fit a tall popup): removing its marker would close the
 * popup under the reader's finger. It goes once its type is filtered out.
 */
export function keepOpenPin(items: MapItem[], open: PinItem | null, filter: TypeFilter): MapItem[] {
  if (!open || !filter[open.type]) return items;
  if (items.some((i) => i.kind === 'pin' && i.pin.id === open.pin.id)) return items;
  // Drawn on its own spot: a fan it belonged to may be gone at this zoom.
  return [...items, { kind: 'pin', pin: open.pin, type: open.type }];
}

/**
 * The bbox the pins are fetched for: the view padded by a fifth on each side and snapped outward
 * to a grid that depends on the zoom, so small pans reuse the answer already in the cache.
 */
export function fetchBbox(view: [number, number, number, number], zoom: number): string {
  const [w, s, e, n] = view;
  const padX = (e - w) * 0.2;
  const padY = (n - s) * 0.2;
  const step = 360 / 2 ** Math.max(0, Math.round(zoom) + 1);
  const snap = (v: number, dir: 'down' | 'up') => (dir === 'down' ? Math.floor(v / step) * step : Math.ceil(v / step) * step);
  const round = (v: number) => Number(v.toFixed(5));
  const west = snap(w - padX, 'down');
  const east = snap(e + padX, 'up');
  const south = Math.max(-90, snap(s - padY, 'down'));
  const north = Math.min(90, snap(n + padY, 'up'));
  if (east - west >= 360) return `-180,${round(south)},180,${round(north)}`;
  return [west, south, east, north].map(round).join(',');
}
