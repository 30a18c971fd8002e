import type { Pin, PinType } from '@memory-map/shared';
import Supercluster from 'supercluster';
import { mapPinType } from '../../../lib/pin-type.ts';

/**
 * What the map draws: single pins, or a bubble standing for `count` of them. Clusters come from
 * supercluster here, or pre-clustered from the server for very wide views; the drawing code takes
 * both the same way.
 */
export type MapItem =
  | { kind: 'pin'; pin: Pin; type: PinType }
  | {
      kind: 'cluster';
      id: string;
      lat: number;
      lng: number;
      count: number;
      /** The zoom at which the bubble breaks apart, when known (client-side clusters). */
      expansionZoom?: number;
    };

/** A server-side cluster bubble (a wide viewport answered with counts rather than pins). */
export interface ServerCluster {
  lat: number;
  lng: number;
  count: number;
  expansionZoom?: number;
}

export interface MapPinsData {
  pins: Pin[];
  clusters: ServerCluster[];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

function asCluster(x: Record<string, unknown>): ServerCluster | null {
  const lat = Number(x.lat ?? x.latitude);
  const lng = Number(x.lng ?? x.lon ?? x.longitude);
  const count = Number(x.count);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(count)) return null;
  const expansionZoom = Number(x.expansionZoom);
  return Number.isFinite(expansionZoom) ? { lat, lng, count, expansionZoom } : { lat, lng, count };
}

/**
 * GET /api/map answers `{items: [{kind: 'pin', pin} | {kind: 'cluster', lat, lng, count}]}`; a plain
 * array of pins (GET /api/query_map_pins) reads the same here.
 */
export function normalizeMapPins(body: unknown): MapPinsData {
  const list: unknown[] = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.items)
      ? body.items
      : isRecord(body)
        ? [...(Array.isArray(body.pins) ? body.pins : []), ...(Array.isArray(body.clusters) ? body.clusters.map((c) => ({ kind: 'cluster', ...c })) : [])]
        : [];
  const pins: Pin[] = [];
  const clusters: ServerCluster[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    if (item.kind === 'cluster' || (item.id === undefined && typeof item.count === 'number')) {
      const c = asCluster(item);
      if (c) clusters.push(c);
    } else if (item.kind === 'pin' && isRecord(item.pin)) {
      pins.push(item.pin as unknown as Pin);
    } else if (typeof item.id === 'string' && typeof item.latitude === 'number' && typeof item.longitude === 'number') {
      pins.push(item as unknown as Pin);
    }
  }
  return { pins, clusters };
}

export type TypeFilter = Record<PinType, boolean>;
export const ALL_TYPES: TypeFilter = { own: true, friend: true, public: true };

interface PinProps {
  pin: Pin;
  type: PinType;
}

/** Markers are 30 px; bubbles this close together in screen pixels merge. */
export const CLUSTER_RADIUS_PX = 48;
/** Above this zoom every pin stands alone. */
export const CLUSTER_MAX_ZOOM = 17;

export interface PinIndex {
  items(bbox: [number, number, number, number], zoom: number): MapItem[];
}

/** Builds the clustering index once per pin list and filter; asking it for a view is cheap. */
export function buildPinIndex(pins: Pin[], userId: string | undefined, filter: TypeFilter): PinIndex {
  const index = new Supercluster<PinProps, Record<string, never>>({ radius: CLUSTER_RADIUS_PX, extent: 256, maxZoom: CLUSTER_MAX_ZOOM, minPoints: 2 });
  const seen = new Set<string>();
  const points: Array<Supercluster.PointFeature<PinProps>> = [];
  for (const pin of pins) {
    if (seen.has(pin.id)) continue;
    seen.add(pin.id);
    const type = mapPinType(pin, userId);
    if (!filter[type]) continue;
    points.push({ type: 'Feature', properties: { pin, type }, geometry: { type: 'Point', coordinates: [pin.longitude, pin.latitude] } });
  }
  index.load(points);
  return {
    items(bbox, zoom) {
      const z = Math.max(0, Math.round(zoom));
      // A view wider than the world asks for all of it.
      const [west, south, east, north] = bbox[2] - bbox[0] >= 360 ? [-180, bbox[1], 180, bbox[3]] : bbox;
      return index.getClusters([west, south, east, north], z).map((f): MapItem => {
        const props = f.properties as PinProps | Supercluster.ClusterProperties;
        const [lng, lat] = f.geometry.coordinates as [number, number];
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            id: `c${props.cluster_id}`,
            lat,
            lng,
            count: props.point_count,
            expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), CLUSTER_MAX_ZOOM + 1),
          };
        }
        const { pin, type } = props as PinProps;
        return { kind: 'pin', pin, type };
      });
    },
  };
}

/** Every item the map draws for a view: the server's own bubbles plus the local clustering. */
export function mapItemsFor(
  data: MapPinsData,
  index: PinIndex,
  bbox: [number, number, number, number],
  zoom: number,
): MapItem[] {
  const server: MapItem[] = data.clusters.map((c, i) => ({
    kind: 'cluster',
    id: `s${i}-${c.lat}-${c.lng}`,
    lat: c.lat,
    lng: c.lng,
    count: c.count,
    ...(c.expansionZoom !== undefined ? { expansionZoom: c.expansionZoom } : {}),
  }));
  return [...server, ...index.items(bbox, zoom)];
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
