import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LandMask } from './land-mask.ts';

// A 10°×10° island with a 4°×4° lake, quantized to whole degrees; the lake's ring reuses no
// arcs, the island's outer ring is split in two arcs, one walked backwards (~1).
const island = new LandMask({
  transform: { scale: [1, 1], translate: [0, 0] },
  arcs: [
    [
      [0, 0],
      [10, 0],
      [0, 10],
    ],
    [
      [0, 0],
      [0, 10],
      [10, 0],
    ],
    [
      [3, 3],
      [4, 0],
      [0, 4],
      [-4, 0],
      [0, -4],
    ],
  ],
  objects: { land: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[0, ~1], [2]] }] } },
});

describe('LandMask', () => {
  it('is land inside the ring, sea outside it and in the hole', () => {
    expect(island.isLand(1, 1)).toBe(true);
    expect(island.isLand(9, 5)).toBe(true);
    expect(island.isLand(5, 5)).toBe(false); // the lake
    expect(island.isLand(11, 5)).toBe(false);
    expect(island.isLand(5, -1)).toBe(false);
    expect(island.isLand(-45, 120)).toBe(false);
  });

  it('knows the real coastlines at 1:50m', () => {
    const require = createRequire(import.meta.url);
    const world = new LandMask(JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')));
    expect(world.isLand(48.86, 2.35)).toBe(true); // Paris
    expect(world.isLand(-33.87, 151.2)).toBe(true); // Sydney
    expect(world.isLand(64.15, -21.94)).toBe(true); // Reykjavík
    expect(world.isLand(-80, 0)).toBe(true); // Antarctica
    expect(world.isLand(0, -30)).toBe(false); // mid-Atlantic
    expect(world.isLand(43.2, 5.0)).toBe(false); // Gulf of Lion
    expect(world.isLand(36, 18)).toBe(false); // Ionian Sea
  });
});
