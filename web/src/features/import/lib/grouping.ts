import { LIMITS } from '@memory-map/shared';
import type { PhotoPosition } from '../../../lib/photo-taken.ts';

/**
 * How chosen photos become suggested memories (docs/design.md §16). Photos close in time and
 * place form one; a gap of hours, or a move of kilometres, starts the next. A photo without a
 * position joins the memory of its neighbour in time when that neighbour is close enough, and
 * otherwise waits in a suggestion without a place ("needs a place") until the person places it.
 */
export const GROUPING = {
  /** A pause this long between two photos starts a new memory (a morning and an evening apart). */
  timeGapMs: 3 * 60 * 60 * 1000,
  /** A photo this far from the memory's photos so far starts a new one (another part of town). */
  distanceGapKm: 2,
  /** A photo without a position belongs with a neighbour taken at most this long before or after. */
  neighbourMs: 60 * 60 * 1000,
} as const;

export interface GroupablePhoto {
  key: string;
  /** Wall-clock capture time, 'YYYY-MM-DDTHH:MM:SS' (lib/photo-metadata.ts), or null. */
  takenAt: string | null;
  position: PhotoPosition | null;
}

export interface PhotoGroup {
  /** The photos in the order taken (photos without a time last, as chosen). */
  keys: string[];
  /** The middle of its photos' positions; null for photos that still need a place. */
  position: PhotoPosition | null;
  /** The earliest capture time among its photos, or null. */
  takenAt: string | null;
}

/** Wall-clock time as a number to compare (every photo's clock read the same way). */
export function clockMs(takenAt: string): number {
  return Date.parse(`${takenAt}Z`);
}

const RAD = Math.PI / 180;
export function distanceKm(a: PhotoPosition, b: PhotoPosition): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function centreOf(positions: readonly PhotoPosition[]): PhotoPosition | null {
  if (positions.length === 0) return null;
  const lat = positions.reduce((s, p) => s + p.lat, 0) / positions.length;
  const lng = positions.reduce((s, p) => s + p.lng, 0) / positions.length;
  return { lat, lng };
}

interface Building {
  photos: GroupablePhoto[];
  positions: PhotoPosition[];
  lastMs: number;
}

function earliest(photos: readonly GroupablePhoto[]): string | null {
  const times = photos.map((p) => p.takenAt).filter((t): t is string => t !== null);
  return times.length ? times.reduce((a, b) => (clockMs(b) < clockMs(a) ? b : a)) : null;
}

function finish(photos: GroupablePhoto[]): PhotoGroup {
  const ordered = [...photos].sort((a, b) => (a.takenAt && b.takenAt ? clockMs(a.takenAt) - clockMs(b.takenAt) : a.takenAt ? -1 : b.takenAt ? 1 : 0));
  return {
    keys: ordered.map((p) => p.key),
    position: centreOf(ordered.flatMap((p) => (p.position ? [p.position] : []))),
    takenAt: earliest(ordered),
  };
}

/**
 * The suggested memories for a set of photos: the placed ones in the order taken, then the one
 * group of photos that still need a place (if any).
 */
export function groupPhotos(photos: readonly GroupablePhoto[]): PhotoGroup[] {
  const timed = photos.filter((p) => p.takenAt !== null).sort((a, b) => clockMs(a.takenAt!) - clockMs(b.takenAt!));
  // 1. Photos with both a time and a place, walked in the order taken.
  const groups: Building[] = [];
  for (const photo of timed) {
    if (!photo.position) continue;
    const ms = clockMs(photo.takenAt!);
    const current = groups.at(-1);
    const centre = current ? centreOf(current.positions) : null;
    if (current && ms - current.lastMs <= GROUPING.timeGapMs && centre && distanceKm(centre, photo.position) <= GROUPING.distanceGapKm) {
      current.photos.push(photo);
      current.positions.push(photo.position);
      current.lastMs = ms;
    } else {
      groups.push({ photos: [photo], positions: [photo.position], lastMs: ms });
    }
  }
  // 2. Photos with a time and no place join the group of their nearest placed neighbour in time.
  const waiting: GroupablePhoto[] = [];
  for (const photo of timed) {
    if (photo.position) continue;
    const ms = clockMs(photo.takenAt!);
    let best: { group: Building; gap: number } | null = null;
    for (const group of groups) {
      for (const other of group.photos) {
        if (!other.position) continue;
        const gap = Math.abs(clockMs(other.takenAt!) - ms);
        if (gap <= GROUPING.neighbourMs && (!best || gap < best.gap)) best = { group, gap };
      }
    }
    if (best) best.group.photos.push(photo);
    else waiting.push(photo);
  }
  // 3. Photos with a place and no time: with the nearest group close by, else one of their own.
  for (const photo of photos) {
    if (photo.takenAt !== null) continue;
    if (!photo.position) {
      waiting.push(photo);
      continue;
    }
    const near = groups
      .map((group) => ({ group, km: distanceKm(centreOf(group.positions)!, photo.position!) }))
      .filter((g) => g.km <= GROUPING.distanceGapKm)
      .sort((a, b) => a.km - b.km)[0];
    if (near) {
      near.group.photos.push(photo);
      near.group.positions.push(photo.position);
    } else {
      groups.push({ photos: [photo], positions: [photo.position], lastMs: Number.POSITIVE_INFINITY });
    }
  }
  const placed = groups.map((g) => finish(g.photos));
  return waiting.length ? [...placed, finish(waiting)] : placed;
}

/**
 * A memory holds at most LIMITS.photosPerMemory photos: a larger suggestion is saved as several
 * memories of consecutive photos, as even as possible (23 → 8, 8, 7), and the review says so.
 */
export function memoryParts<T>(items: readonly T[], max: number = LIMITS.photosPerMemory): T[][] {
  if (items.length === 0) return [];
  const parts = Math.ceil(items.length / max);
  const size = Math.ceil(items.length / parts);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
