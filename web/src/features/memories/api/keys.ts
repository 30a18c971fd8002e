/** Query keys of the memory screens. */
export const memoriesKeys = {
  /** The place name of a spot, rounded to about a metre so nearby clicks share one lookup. */
  placeName: (lat: string, lng: string) => ['memories', 'place-name', lat, lng] as const,
  /** The memory the update screen opens on, when no list already holds it (api/memory-to-edit.ts). */
  toEdit: (viewerId: string | null, pinId: string) => ['memories', 'to-edit', viewerId, pinId] as const,
};
