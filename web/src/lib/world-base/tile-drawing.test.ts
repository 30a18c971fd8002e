import { describe, expect, it } from 'vitest';
import { loadShapes } from './fine-shapes.ts';
import { drawTile, project, projectWorld, type DrawingContext, type TileCoords } from './tile-drawing.ts';

/** A 2D context that remembers the points it was given. */
function recorder() {
  const points: Array<[number, number]> = [];
  const ctx = {
    beginPath() {},
    closePath() {},
    fill() {},
    stroke() {},
    moveTo: (x: number, y: number) => void points.push([x, y]),
    lineTo: (x: number, y: number) => void points.push([x, y]),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 0,
    lineJoin: 'miter',
  } as unknown as DrawingContext;
  return { ctx, points };
}

/** The tile of zoom z that holds a place. */
function tileAt(lon: number, lat: number, z: number): TileCoords {
  const [x, y] = project(lon, lat);
  return { x: Math.floor((x / 256) * 2 ** z), y: Math.floor((y / 256) * 2 ** z), z };
}

const inside = (points: Array<[number, number]>, size: number) => points.filter(([x, y]) => x >= 0 && x <= size && y >= 0 && y <= size);

describe('drawTile', async () => {
  const fine = projectWorld(await loadShapes('fine'));

  it('draws the countries a tile reaches into, placed inside the tile', () => {
    // The Channel at zoom 5: England and France, nothing from the other side of the world.
    const { ctx, points } = recorder();
    const drawn = drawTile(ctx, fine, tileAt(0, 50.5, 5), 512, 'light');
    expect(drawn).toEqual(expect.arrayContaining(['826', '250']));
    expect(drawn).not.toContain('036');
    expect(inside(points, 512).length).toBeGreaterThan(50);
  });

  it('draws nothing on open sea', () => {
    const { ctx, points } = recorder();
    expect(drawTile(ctx, fine, tileAt(-140, -30, 6), 256, 'dark')).toEqual([]);
    expect(points).toEqual([]);
  });

  it('draws a country whose ring crosses the antimeridian on both sides of it', () => {
    // Chukotka, east of 180° (−175°): Russia's ring continues past 180° and is drawn one world over.
    const tile = tileAt(-175, 66, 3);
    const { ctx, points } = recorder();
    expect(drawTile(ctx, fine, tile, 256, 'light')).toEqual(expect.arrayContaining(['643', '840']));
    expect(inside(points, 256).length).toBeGreaterThan(20);
  });

  it('skips points that would land within a pixel of each other', () => {
    // The whole world in one tile from the 1:50m shapes: most of their points fall on one pixel.
    const total = fine.reduce((n, p) => n + p.rings.reduce((m, r) => m + r.length / 2, 0), 0);
    const { ctx, points } = recorder();
    drawTile(ctx, fine, { x: 0, y: 0, z: 0 }, 256, 'light');
    expect(points.length).toBeLessThan(total / 5);
    expect(points.length).toBeGreaterThan(2000);
  });
});
