/** Query keys of the memory screens. */
export const memoriesKeys = {
  /** The place name of a spot, rounded to about a metre so nearby clicks share one lookup. */
  placeName: (lat: string, lng: string) => ['memories', 'place-name', lat, lng] as const,
};
