/**
 * Natural Earth's countries as world-atlas ships them (TopoJSON: shared, quantized, delta-encoded
 * arcs) turned into GeoJSON polygons for Leaflet. Only what world-atlas uses: Polygon and
 * MultiPolygon geometries, a transform, arcs referenced by index (~i for arc i reversed).
 */

export interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: Array<Array<[number, number]>>;
  objects: Record<string, { type: 'GeometryCollection'; geometries: TopoGeometry[] }>;
}

type TopoGeometry =
  | { type: 'Polygon'; arcs: number[][]; id?: string; properties?: { name?: string } }
  | { type: 'MultiPolygon'; arcs: number[][][]; id?: string; properties?: { name?: string } }
  | { type: null | string; arcs?: unknown; id?: string; properties?: { name?: string } };

type Position = [number, number];
export interface CountryFeature {
  type: 'Feature';
  id?: string;
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

function decodeArcs(topology: Topology): Position[][] {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty] as Position;
    });
  });
}

function ring(indexes: number[], arcs: Position[][]): Position[] {
  const points: Position[] = [];
  for (const index of indexes) {
    const arc = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
    // Consecutive arcs share their joining point: keep it once.
    points.push(...(points.length > 0 ? arc.slice(1) : arc));
  }
  return unwrapped(points);
}

/**
 * A ring that crosses the antimeridian (Russia, Fiji) jumps from 180° to −180°: drawn as is, the
 * jump is a line across the whole world. Shifted by 360° where it jumps, the ring stays whole and
 * reaches past ±180°, which the map draws where it belongs.
 */
function unwrapped(points: Position[]): Position[] {
  let shift = 0;
  return points.map(([lon, lat], i) => {
    if (i > 0) {
      const previous = points[i - 1]![0];
      if (lon - previous > 180) shift -= 360;
      else if (lon - previous < -180) shift += 360;
    }
    return [lon + shift, lat] as Position;
  });
}

/** The named object's polygons as GeoJSON features (world-atlas: 'countries' or 'land'). */
export function featuresOf(topology: Topology, objectName: string): CountryFeature[] {
  const arcs = decodeArcs(topology);
  const features: CountryFeature[] = [];
  for (const g of topology.objects[objectName]?.geometries ?? []) {
    const properties = { name: g.properties?.name ?? '' };
    if (g.type === 'Polygon') {
      features.push({ type: 'Feature', id: g.id, properties, geometry: { type: 'Polygon', coordinates: (g.arcs as number[][]).map((r) => ring(r, arcs)) } });
    } else if (g.type === 'MultiPolygon') {
      const coordinates = (g.arcs as number[][][]).map((polygon) => polygon.map((r) => ring(r, arcs)));
      features.push({ type: 'Feature', id: g.id, properties, geometry: { type: 'MultiPolygon', coordinates } });
    }
  }
  return features;
}
