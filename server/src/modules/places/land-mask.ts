/**
 * Land or sea, from Natural Earth's 1:50m land polygons (public domain, as TopoJSON in the
 * world-atlas package). country-coder's borders reach tens of kilometres out to sea, so a
 * point off the coast with no town nearby is asked here before we name a country for it.
 *
 * Even-odd ray casting over every coastline edge: the edges are bucketed by 1° bands of
 * latitude, so a lookup tests a few hundred edges instead of sixty thousand.
 */

export interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: Array<Array<[number, number]>>;
  objects: Record<string, { type: 'GeometryCollection'; geometries: Array<TopoGeometry> }>;
}
type TopoGeometry = { type: 'Polygon'; arcs: number[][] } | { type: 'MultiPolygon'; arcs: number[][][] } | { type: string; arcs?: unknown };

const BAND_DEG = 1;
const BANDS = 180 / BAND_DEG;

export class LandMask {
  /** Per latitude band, edges as x1, y1, x2, y2 quadruples. */
  private readonly bands: Float64Array[];
  /** Per band, the westmost and eastmost longitude of its edges. */
  private readonly reach: Array<{ west: number; east: number }>;

  constructor(topology: Topology, objectName = 'land') {
    const buckets: number[][] = Array.from({ length: BANDS }, () => []);
    for (const coords of landRings(topology, objectName)) {
      for (let i = 0; i + 3 < coords.length; i += 2) {
        const x1 = coords[i]!;
        const y1 = coords[i + 1]!;
        const x2 = coords[i + 2]!;
        const y2 = coords[i + 3]!;
        if (y1 === y2) continue; // horizontal edges never cross a horizontal ray
        const first = bandOf(Math.min(y1, y2));
        const last = bandOf(Math.max(y1, y2));
        for (let b = first; b <= last; b++) buckets[b]!.push(x1, y1, x2, y2);
      }
    }
    this.bands = buckets.map((edges) => Float64Array.from(edges));
    this.reach = this.bands.map((edges) => {
      let west = 0;
      let east = 0;
      for (let i = 0; i < edges.length; i += 2) {
        west = Math.min(west, edges[i]!);
        east = Math.max(east, edges[i]!);
      }
      return { west, east };
    });
  }

  /**
   * Even-odd count of the edges east of the point. A ring unwrapped across the antimeridian
   * reaches past ±180°, so where a band does, the point is also tested one world east or west.
   */
  isLand(lat: number, lon: number): boolean {
    const band = bandOf(lat);
    const { west, east } = this.reach[band]!;
    let inside = this.crossings(band, lat, lon);
    if (east > 180) inside = inside !== this.crossings(band, lat, lon + 360);
    if (west < -180) inside = inside !== this.crossings(band, lat, lon - 360);
    return inside;
  }

  private crossings(band: number, lat: number, lon: number): boolean {
    const edges = this.bands[band]!;
    let odd = false;
    for (let i = 0; i < edges.length; i += 4) {
      const x1 = edges[i]!;
      const y1 = edges[i + 1]!;
      const x2 = edges[i + 2]!;
      const y2 = edges[i + 3]!;
      if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) odd = !odd;
    }
    return odd;
  }
}

/**
 * Every ring of the object's polygons as a flat [lon, lat, lon, lat, …] list, its longitudes made
 * continuous (`unwrapped`): the coastlines LandMask tests against, and a trip page's map draws.
 */
export function landRings(topology: Topology, objectName = 'land'): number[][] {
  const { scale, translate } = topology.transform;
  // Decode the quantized, delta-encoded arcs into absolute longitude/latitude pairs.
  const arcs = topology.arcs.map((arc) => {
    const coords = new Float64Array(arc.length * 2);
    let x = 0;
    let y = 0;
    arc.forEach(([dx, dy], i) => {
      x += dx;
      y += dy;
      coords[i * 2] = x * scale[0] + translate[0];
      coords[i * 2 + 1] = y * scale[1] + translate[1];
    });
    return coords;
  });
  const object = topology.objects[objectName];
  if (!object) throw new Error(`Land topology has no object "${objectName}"`);
  const rings: number[][] = [];
  const add = (ring: number[]) => rings.push(unwrapped(ringCoordinates(ring, arcs)));
  for (const geometry of object.geometries) {
    if (geometry.type === 'Polygon') (geometry.arcs as number[][]).forEach(add);
    else if (geometry.type === 'MultiPolygon') for (const polygon of geometry.arcs as number[][][]) polygon.forEach(add);
  }
  return rings;
}

/** A ring's points, its arcs joined in order (a negative index ~i walks arc i backwards). */
function ringCoordinates(ring: number[], arcs: Float64Array[]): number[] {
  const out: number[] = [];
  for (const index of ring) {
    const arc = arcs[index < 0 ? ~index : index];
    if (!arc) throw new Error(`Land topology refers to a missing arc ${index}`);
    const points = arc.length / 2;
    for (let k = 0; k < points; k++) {
      const p = index < 0 ? points - 1 - k : k;
      out.push(arc[p * 2]!, arc[p * 2 + 1]!);
    }
  }
  return out;
}

/**
 * Natural Earth cuts land at the antimeridian and the two halves share their ±180° edge, stored
 * once at -180°: counted for both rings it cancels out, and all of Siberia at Chukotka's
 * latitudes would read as sea. Longitudes are made continuous along the ring instead, so each
 * half keeps that edge on its own side.
 *
 * A ring around a pole (Antarctica's coast) cannot be made continuous: it ends one world away
 * from where it starts, closed by a single edge across the whole map. In the plane it encloses
 * the land down to the pole only if that edge is replaced by the way round: down the meridian
 * at one side of the map, along the pole, and up the other side.
 */
function unwrapped(coords: number[]): number[] {
  const out = coords.slice();
  let shift = 0;
  let wrapAt = -1;
  let latitudes = 0;
  for (let i = 2; i < out.length; i += 2) {
    const step = coords[i]! - coords[i - 2]!;
    if (step > 180 || step < -180) {
      shift += step > 180 ? -360 : 360;
      wrapAt = i;
    }
    out[i] = coords[i]! + shift;
    latitudes += coords[i + 1]!;
  }
  if (shift === 0) return out;
  const pole = latitudes < 0 ? -90 : 90;
  const from = coords[wrapAt - 2]! < 0 ? -180 : 180;
  return [...coords.slice(0, wrapAt), from, pole, -from, pole, ...coords.slice(wrapAt)];
}

function bandOf(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}
