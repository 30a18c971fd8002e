/**
 * Land or sea, from Natural Earth's 1:50m land polygons (public domain, as TopoJSON in the
 * world-atlas package). country-coder's borders reach tens of kilometres out to sea, so a
 * point off the coast with no town nearby is asked here before we name a country for it.
 *
 * Even-odd ray casting over every coastline edge: the edges are bucketed by 1° bands of
 * latitude, so a lookup tests a few hundred edges instead of sixty thousand.
 */

interface Topology {
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

  constructor(topology: Topology, objectName = 'land') {
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

    const buckets: number[][] = Array.from({ length: BANDS }, () => []);
    const addArc = (index: number) => {
      // A ring walks an arc backwards when its index is negative (~index); direction does not
      // matter for counting crossings, and every use of an arc counts (a shared edge cancels out).
      const coords = arcs[index < 0 ? ~index : index];
      if (!coords) throw new Error(`Land topology refers to a missing arc ${index}`);
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
    };

    const object = topology.objects[objectName];
    if (!object) throw new Error(`Land topology has no object "${objectName}"`);
    for (const geometry of object.geometries) {
      if (geometry.type === 'Polygon') for (const ring of geometry.arcs as number[][]) ring.forEach(addArc);
      else if (geometry.type === 'MultiPolygon') for (const polygon of geometry.arcs as number[][][]) for (const ring of polygon) ring.forEach(addArc);
    }
    this.bands = buckets.map((edges) => Float64Array.from(edges));
  }

  isLand(lat: number, lon: number): boolean {
    const edges = this.bands[bandOf(lat)]!;
    let inside = false;
    for (let i = 0; i < edges.length; i += 4) {
      const x1 = edges[i]!;
      const y1 = edges[i + 1]!;
      const x2 = edges[i + 2]!;
      const y2 = edges[i + 3]!;
      if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    }
    return inside;
  }
}

function bandOf(lat: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
}
