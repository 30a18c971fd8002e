/**
 * What a photo says about where and when it was taken, as lib/photo-metadata.ts reads it: kept
 * apart from the reader so screens can use the shapes and the time rule without loading exifr.
 */
export interface PhotoPosition {
  lat: number;
  lng: number;
}

export interface PhotoMetadata {
  position: PhotoPosition | null;
  /**
   * The wall-clock time the camera recorded, 'YYYY-MM-DDTHH:MM:SS' with no zone: EXIF dates
   * usually carry none, and the form reads such a time as the person's own local time.
   */
  takenAt: string | null;
}

export const NO_METADATA: PhotoMetadata = { position: null, takenAt: null };

/** The instant the form and the server store for a wall-clock capture time read in local time. */
export function takenAtInstant(takenAt: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(takenAt);
  if (!m) return takenAt;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])).toISOString();
}
