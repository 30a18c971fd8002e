import { describe, expect, it } from 'vitest';
import { groupPhotos, memoryParts, type GroupablePhoto } from './grouping.ts';

const PARIS = { lat: 48.8583, lng: 2.2944 };
const LOUVRE = { lat: 48.8606, lng: 2.3376 }; // 3.2 km from the tower
const NEAR_TOWER = { lat: 48.8575, lng: 2.2960 }; // 150 m away
const KYOTO = { lat: 35.0116, lng: 135.7681 };

let n = 0;
function photo(takenAt: string | null, position: GroupablePhoto['position']): GroupablePhoto {
  n += 1;
  return { key: `p${n}`, takenAt, position };
}

describe('groupPhotos', () => {
  it('keeps photos close in time and place together, in the order taken', () => {
    const a = photo('2024-06-01T10:20:00', NEAR_TOWER);
    const b = photo('2024-06-01T10:00:00', PARIS);
    const c = photo('2024-06-01T11:30:00', PARIS);
    const groups = groupPhotos([a, b, c]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.keys).toEqual([b.key, a.key, c.key]);
    expect(groups[0]!.takenAt).toBe('2024-06-01T10:00:00');
    expect(groups[0]!.position!.lat).toBeCloseTo((PARIS.lat * 2 + NEAR_TOWER.lat) / 3, 6);
  });

  it('starts a new memory after a gap of hours in the same place', () => {
    const morning = [photo('2024-06-01T09:00:00', PARIS), photo('2024-06-01T09:40:00', PARIS)];
    const evening = [photo('2024-06-01T19:00:00', PARIS)];
    const groups = groupPhotos([...evening, ...morning]);
    expect(groups.map((g) => g.keys)).toEqual([morning.map((p) => p.key), evening.map((p) => p.key)]);
  });

  it('keeps a gap just under the limit together', () => {
    const groups = groupPhotos([photo('2024-06-01T09:00:00', PARIS), photo('2024-06-01T11:59:00', PARIS)]);
    expect(groups).toHaveLength(1);
  });

  it('starts a new memory after a move of kilometres, even minutes later', () => {
    const tower = photo('2024-06-01T10:00:00', PARIS);
    const louvre = photo('2024-06-01T10:20:00', LOUVRE);
    const groups = groupPhotos([tower, louvre]);
    expect(groups.map((g) => g.keys)).toEqual([[tower.key], [louvre.key]]);
  });

  it('puts a photo without a position with its close neighbour in time', () => {
    const placed = photo('2024-06-01T10:00:00', KYOTO);
    const unplaced = photo('2024-06-01T10:45:00', null);
    const other = photo('2024-06-03T10:00:00', PARIS);
    const groups = groupPhotos([placed, unplaced, other]);
    expect(groups.map((g) => g.keys)).toEqual([[placed.key, unplaced.key], [other.key]]);
    expect(groups[0]!.position).toEqual(KYOTO);
  });

  it('leaves photos without a position and without a close neighbour to be placed', () => {
    const placed = photo('2024-06-01T10:00:00', KYOTO);
    const lonely = photo('2024-06-01T15:00:00', null);
    const undated = photo(null, null);
    const groups = groupPhotos([placed, lonely, undated]);
    expect(groups).toHaveLength(2);
    expect(groups[1]).toEqual({ keys: [lonely.key, undated.key], position: null, takenAt: lonely.takenAt });
  });

  it('groups photos with a place and no time by distance', () => {
    const dated = photo('2024-06-01T10:00:00', PARIS);
    const undatedNear = photo(null, NEAR_TOWER);
    const undatedFar = photo(null, KYOTO);
    const groups = groupPhotos([undatedFar, dated, undatedNear]);
    expect(groups.map((g) => g.keys)).toEqual([[dated.key, undatedNear.key], [undatedFar.key]]);
    expect(groups[1]!.takenAt).toBeNull();
  });

  it('makes no suggestion from no photos', () => {
    expect(groupPhotos([])).toEqual([]);
  });
});

describe('memoryParts', () => {
  const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}`);

  it('keeps up to ten photos as one memory', () => {
    expect(memoryParts(keys(10))).toEqual([keys(10)]);
    expect(memoryParts(keys(1))).toHaveLength(1);
  });

  it('splits a larger group into memories of at most ten consecutive photos, as even as possible', () => {
    const parts = memoryParts(keys(23));
    expect(parts.map((p) => p.length)).toEqual([8, 8, 7]);
    expect(parts.flat()).toEqual(keys(23));
    expect(memoryParts(keys(11)).map((p) => p.length)).toEqual([6, 5]);
  });
});
