import type { LineString } from '@memory-map/shared';

/**
 * The shapes of a trip (docs/design.md §15): the line through its memories, a GPX track made
 * small enough to send, its length, and its days. Pure functions: trip-geometry.test.ts.
 */

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance between two [lon, lat] points, in km. */
export function haversineKm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a line, in km, to one decimal. */
export function lengthKm(line: LineString): number {
  let km = 0;
  for (let i = 1; i < line.coordinates.length; i++) km += haversineKm(line.coordinates[i - 1]!, line.coordinates[i]!);
  return Math.round(km * 10) / 10;
}

/** The line through the memories, in the order given (already by when they happened). */
export function lineThrough(points: ReadonlyArray<{ latitude: number; longitude: number }>): LineString {
  return { type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) };
}

/** Distance from p to the segment a–b, in degrees on a plane scaled by the latitude (enough to simplify). */
function offset(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): number {
  const k = Math.cos(((a[1] + b[1]) / 2) * (Math.PI / 180));
  const [px, py, ax, ay, bx, by] = [p[0] * k, p[1], a[0] * k, a[1], b[0] * k, b[1]];
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * At most `max` points (max ≥ 2), keeping the ones that matter most to the shape: Douglas–Peucker
 * ranks each point by how far it stands off the line its neighbours make, and the `max` highest
 * ranked are kept in their order. Ends are always kept.
 */
export function simplify(coords: ReadonlyArray<[number, number]>, max: number): Array<[number, number]> {
  if (coords.length <= max) return coords.map((c) => [c[0], c[1]]);
  const rank = new Float64Array(coords.length);
  rank[0] = Infinity;
  rank[coords.length - 1] = Infinity;
  // An explicit stack: a long track would overflow recursion.
  const stack: Array<[number, number, number]> = [[0, coords.length - 1, Infinity]];
  while (stack.length > 0) {
    const [first, last, parent] = stack.pop()!;
    let best = -1;
    let bestD = -1;
    for (let i = first + 1; i < last; i++) {
      const d = offset(coords[i]!, coords[first]!, coords[last]!);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best < 0) continue;
    // A point never outranks the one whose split made its segment: the kept set stays a prefix of the splits.
    rank[best] = Math.min(bestD, parent);
    stack.push([first, best, rank[best]!], [best, last, rank[best]!]);
  }
  const order = [...rank.keys()].sort((a, b) => rank[b]! - rank[a]! || a - b).slice(0, max);
  return order.sort((a, b) => a - b).map((i) => [coords[i]![0], coords[i]![1]]);
}

/** The UTC calendar day of a happenedAt ('YYYY-MM-DD' or an ISO instant), as days since 1970. */
function dayOf(happenedAt: string): number {
  return Math.floor(Date.parse(`${happenedAt.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}

/** Calendar days from the first to the last, both counted; 0 without any. */
export function daysSpanned(happenedAts: readonly string[]): number {
  if (happenedAts.length === 0) return 0;
  const days = happenedAts.map(dayOf).filter(Number.isFinite);
  if (days.length === 0) return 0;
  return Math.max(...days) - Math.min(...days) + 1;
}
