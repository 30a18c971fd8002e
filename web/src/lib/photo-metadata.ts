import exifr from 'exifr';
import { NO_METADATA, type PhotoMetadata, type PhotoPosition } from './photo-taken.ts';

/**
 * What a photo says about itself: where it was taken (EXIF GPS) and when (DateTimeOriginal, else
 * CreateDate). Read on the device, before anything is uploaded (docs/design.md §16): the stored
 * copy is stripped by the server, so the position leaves the phone only as a memory's place.
 * One reader serves the import (in its worker) and the memory form (loaded when a photo is
 * chosen); both load this module lazily, since exifr is large and the first screens never need it.
 */
export { NO_METADATA, takenAtInstant, type PhotoMetadata, type PhotoPosition } from './photo-taken.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** exifr revives an EXIF date as a local Date; its local fields are the camera's wall clock. */
function wallClock(value: unknown): string | null {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return null;
  const year = value.getFullYear();
  // A camera whose clock was never set writes 0000:00:00: not a date anyone means.
  if (year < 1900) return null;
  return `${year}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}

function positionOf(lat: unknown, lng: unknown): PhotoPosition | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  // 0,0 is what a phone writes when it had no fix, not a photo taken in the Gulf of Guinea.
  if (lat === 0 && lng === 0) return null;
  return { lat, lng };
}

/**
 * Reads a photo's position and capture time. Anything unreadable (not an image, a broken EXIF
 * block, no metadata at all) answers with what could be read, and never throws: a photo without
 * a readable position is simply a photo without one (issue 29, bad input).
 */
export async function readPhotoMetadata(input: Blob | ArrayBuffer | Uint8Array): Promise<PhotoMetadata> {
  try {
    const tags: Record<string, unknown> | undefined = await exifr.parse(input, {
      tiff: true,
      exif: true,
      gps: true,
      // Only these: the rest of a photo's metadata is not ours to read.
      pick: ['DateTimeOriginal', 'CreateDate', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'],
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
    });
    if (!tags) return NO_METADATA;
    return {
      position: positionOf(tags.latitude, tags.longitude),
      takenAt: wallClock(tags.DateTimeOriginal) ?? wallClock(tags.CreateDate),
    };
  } catch {
    return NO_METADATA;
  }
}
