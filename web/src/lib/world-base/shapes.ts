import { featuresOf, type CountryFeature, type Topology } from './topology.ts';

/**
 * Natural Earth's countries through world-atlas, keyed by ISO 3166-1 numeric id, each loaded once
 * with import() so no screen pays for them before a map shows. Two files, so that a bundle takes
 * only the detail it uses: the page the coarse shapes (Your world, and tiles where there is no
 * worker), the tile worker both (fine-shapes.ts).
 */
export type Detail = 'coarse' | 'fine';

export const toFeatures = (m: { default?: unknown }) => featuresOf((m.default ?? m) as unknown as Topology, 'countries');

let coarse: Promise<CountryFeature[]> | undefined;

/** 1:110m: the whole world. */
export function loadCoarseShapes(): Promise<CountryFeature[]> {
  coarse ??= import('world-atlas/countries-110m.json').then(toFeatures);
  return coarse;
}
