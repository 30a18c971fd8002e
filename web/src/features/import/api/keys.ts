/** The import screen's query keys (docs/conventions.md §3: the only place they are spelled). */
export const importKeys = {
  placeName: (lat: string, lng: string) => ['import', 'place-name', lat, lng] as const,
  placeSearch: (q: string) => ['import', 'place-search', q] as const,
};
