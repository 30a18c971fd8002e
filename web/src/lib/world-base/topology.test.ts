import { describe, expect, it } from 'vitest';
import { featuresOf, type Topology } from './topology.ts';

describe('featuresOf', () => {
  it('decodes quantized, delta-encoded arcs and joins reversed ones into closed rings', () => {
    // Two squares sharing an edge: arc 0 is that edge, used forwards by one and reversed by the other.
    const topology: Topology = {
      transform: { scale: [1, 1], translate: [10, 20] },
      arcs: [
        [[1, 0], [0, 1]],
        [[1, 1], [-1, 0], [0, -1], [1, 0]],
        [[1, 0], [1, 0], [0, 1], [-1, 0]],
      ],
      objects: {
        countries: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', arcs: [[0, 1]], id: '1', properties: { name: 'West' } },
            { type: 'MultiPolygon', arcs: [[[2, -1]]], id: '2', properties: { name: 'East' } },
            { type: null },
          ],
        },
      },
    };
    const [west, east] = featuresOf(topology, 'countries');
    expect(west!.properties.name).toBe('West');
    expect(west!.geometry.coordinates).toEqual([[[11, 20], [11, 21], [10, 21], [10, 20], [11, 20]]]);
    expect(east!.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[[[11, 20], [12, 20], [12, 21], [11, 21], [11, 20]]]] });
    expect(featuresOf(topology, 'missing')).toEqual([]);
  });

  it('keeps a ring that crosses the antimeridian whole instead of drawing a line across the world', () => {
    const topology: Topology = {
      transform: { scale: [1, 1], translate: [0, 0] },
      arcs: [[[170, 60], [10, 0], [-350, 0], [10, 5], [340, 0], [-10, -5]]],
      objects: { countries: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[0]] }] } },
    };
    const [ring] = featuresOf(topology, 'countries')[0]!.geometry.coordinates as Array<Array<[number, number]>>;
    expect(ring).toEqual([[170, 60], [180, 60], [190, 60], [200, 65], [180, 65], [170, 60]]);
  });
});
