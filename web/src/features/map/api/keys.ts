import { visibleMemoriesKey } from '../../../lib/visible-memories.ts';

/** One area of the map at one zoom, with the types the filters let through. */
export interface MapView {
  bbox: string;
  zoom: number;
  /** Comma-separated subset of own,friend,public. */
  types: string;
}

/** Query keys of the map. Its pins are under the visible-memories key (see lib/visible-memories.ts). */
export const mapKeys = {
  pins: [...visibleMemoriesKey, 'map'] as const,
  view: (v: MapView) => [...visibleMemoriesKey, 'map', v.bbox, v.zoom, v.types] as const,
  placeSearch: (term: string) => ['map', 'place-search', term] as const,
};
