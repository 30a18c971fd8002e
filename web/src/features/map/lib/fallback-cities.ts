export interface City {
  name: string;
  lat: number;
  lng: number;
}

/** docs/product.md §9: where the map starts when the person's location is denied or unavailable. */
export const FALLBACK_CITIES: readonly City[] = [
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 },
];

export function randomFallbackCity(random: () => number = Math.random): City {
  const index = Math.min(FALLBACK_CITIES.length - 1, Math.floor(random() * FALLBACK_CITIES.length));
  return FALLBACK_CITIES[index]!;
}

/** docs/product.md §9: default zoom 13, search result zoom 15. */
export const DEFAULT_ZOOM = 13;
export const SEARCH_RESULT_ZOOM = 15;
