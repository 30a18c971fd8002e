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

  it('keeps land at the latitudes of the polygons cut at the antimeridian, and down to the South Pole', () => {
    const require = createRequire(import.meta.url);
    const world = new LandMask(JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')));
    // Chukotka's two halves share their edge at ±180°: it once cancelled out, and every point
    // between 65° and 69° N (Lapland, Siberia) read as sea; likewise 71° N for Wrangel Island.
    expect(world.isLand(67.1, 17.6)).toBe(true); // Sarek, Sweden
    expect(world.isLand(68, 25)).toBe(true); // Finnish Lapland
    expect(world.isLand(66.5, 100)).toBe(true); // Siberia
    expect(world.isLand(71, -40)).toBe(true); // Greenland
    expect(world.isLand(66, -175)).toBe(true); // Chukotka, west of the antimeridian
    expect(world.isLand(66, 175)).toBe(true); // Chukotka, east of it
    expect(world.isLand(71.2, -179.5)).toBe(true); // Wrangel Island
    expect(world.isLand(66.5, -170)).toBe(false); // Bering Strait
    expect(world.isLand(60, -170)).toBe(false); // Bering Sea
    // Antarctica's coast circles the pole: the land reaches it.
    expect(world.isLand(-86, 0)).toBe(true);
    expect(world.isLand(-89, 120)).toBe(true);
    expect(world.isLand(-60, 0)).toBe(false); // Southern Ocean
  });
});
