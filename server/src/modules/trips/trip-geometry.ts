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
 * splits, the segment whose farthest point stands off its chord the most first, until `max`
 * points are kept; they are returned in their order. Ends are always kept.
 *
 * Splitting stops at `max` points, so a crafted track (a zigzag whose swings shrink, the worst case
 * of a full Douglas–Peucker, quadratic in the points) costs at most points × `max` offsets; a
 * longer line is first thinned to THIN_TO points, evenly (a GPS track every second has far more
 * than its shape needs).
 */
export function simplify(coords: ReadonlyArray<[number, number]>, max: number): Array<[number, number]> {
  if (coords.length <= max) return coords.map((c) => [c[0], c[1]]);
  const line = coords.length > THIN_TO ? thin(coords, THIN_TO) : coords;
  const kept = new Uint8Array(line.length);
  kept[0] = 1;
  kept[line.length - 1] = 1;
  let count = 2;
  const heap = new SegmentHeap();
  const consider = (first: number, last: number) => {
    let best = -1;
    let bestD = -1;
    for (let i = first + 1; i < last; i++) {
      const d = offset(line[i]!, line[first]!, line[last]!);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) heap.push({ first, last, best, d: bestD });
  };
  consider(0, line.length - 1);
  while (count < max) {
    const top = heap.pop();
    if (!top) break;
    kept[top.best] = 1;
    count += 1;
    consider(top.first, top.best);
    consider(top.best, top.last);
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < line.length; i++) if (kept[i]) out.push([line[i]![0], line[i]![1]]);
  return out;
}

/** Points a line is thinned to before it is simplified. */
const THIN_TO = 20_000;

/** Every how-many-th point, evenly, ends kept. */
function thin(coords: ReadonlyArray<[number, number]>, to: number): Array<[number, number]> {
  const step = (coords.length - 1) / (to - 1);
  return Array.from({ length: to }, (_, i) => coords[Math.round(i * step)]!);
}

interface Segment {
  first: number;
  last: number;
  best: number;
  d: number;
}

/** A binary max-heap of segments by the offset of their farthest point (ties: the earlier segment). */
class SegmentHeap {
  private readonly items: Segment[] = [];

  private above(a: Segment, b: Segment): boolean {
    return a.d > b.d || (a.d === b.d && a.first < b.first);
  }

  push(s: Segment): void {
    const items = this.items;
    items.push(s);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.above(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Segment | undefined {
    const items = this.items;
    const top = items[0];
    const end = items.pop();
    if (items.length > 0 && end) {
      items[0] = end;
      let i = 0;
      for (;;) {
        const l = i * 2 + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.above(items[l]!, items[m]!)) m = l;
        if (r < items.length && this.above(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
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
