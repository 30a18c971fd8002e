import { loadCoarseShapes, toFeatures, type Detail } from './shapes.ts';
import type { CountryFeature } from './topology.ts';

/** Coarse shapes for the whole world, the 1:50m ones (230 kB) once the map shows a region. */
export const FINE_FROM_ZOOM = 4;

export const detailAt = (zoom: number): Detail => (zoom >= FINE_FROM_ZOOM ? 'fine' : 'coarse');

let fine: Promise<CountryFeature[]> | undefined;

/** The shapes of one detail (only the tile worker imports this file: see shapes.ts). */
export function loadShapes(detail: Detail): Promise<CountryFeature[]> {
  if (detail === 'coarse') return loadCoarseShapes();
  fine ??= import('world-atlas/countries-50m.json').then(toFeatures);
  return fine;
}
