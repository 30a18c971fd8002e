// Real JPEG files, written here by sharp with the tags a phone writes: the reader is tested on
// bytes, not on a mock of exifr.
import sharp, { type Exif } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhotoMetadata } from './photo-metadata.ts';
import { takenAtInstant } from './photo-taken.ts';

function jpeg(exif?: Exif): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).jpeg();
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** Degrees as EXIF's three rationals (degrees, minutes, seconds). */
function dms(value: number): string {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 10_000);
  return `${d}/1 ${m}/1 ${s}/10000`;
}

function gps(lat: number, lng: number): Record<string, string> {
  return { GPSLatitudeRef: lat < 0 ? 'S' : 'N', GPSLatitude: dms(lat), GPSLongitudeRef: lng < 0 ? 'W' : 'E', GPSLongitude: dms(lng) };
}

describe('readPhotoMetadata', () => {
  it('reads the GPS position and the capture time a camera wrote', async () => {
    const file = await jpeg({ IFD2: { DateTimeOriginal: '2019:05:12 14:30:05' }, IFD3: gps(35.0116, 135.7681) });
    const meta = await readPhotoMetadata(new Uint8Array(file));
    expect(meta.takenAt).toBe('2019-05-12T14:30:05');
    expect(meta.position?.lat).toBeCloseTo(35.0116, 4);
    expect(meta.position?.lng).toBeCloseTo(135.7681, 4);
  });

  it('reads southern and western positions as negative', async () => {
    const meta = await readPhotoMetadata(new Uint8Array(await jpeg({ IFD3: gps(-33.8568, -70.6483) })));
    expect(meta.position?.lat).toBeCloseTo(-33.8568, 4);
    expect(meta.position?.lng).toBeCloseTo(-70.6483, 4);
    expect(meta.takenAt).toBeNull();
  });

  it('reads it from a Blob, as the browser hands a chosen file', async () => {
    const file = await jpeg({ IFD2: { DateTimeOriginal: '2021:12:31 23:59:00' }, IFD3: gps(48.8583, 2.2944) });
    const meta = await readPhotoMetadata(new Blob([new Uint8Array(file)], { type: 'image/jpeg' }));
    expect(meta.takenAt).toBe('2021-12-31T23:59:00');
    expect(meta.position?.lat).toBeCloseTo(48.8583, 4);
  });

  it('answers no position and no time for a photo without metadata', async () => {
    expect(await readPhotoMetadata(new Uint8Array(await jpeg()))).toEqual({ position: null, takenAt: null });
  });

  it('treats the 0,0 a phone writes without a fix as no position', async () => {
    const meta = await readPhotoMetadata(new Uint8Array(await jpeg({ IFD3: gps(0, 0) })));
    expect(meta.position).toBeNull();
  });

  it('treats a broken EXIF block as no position, and never throws', async () => {
    const file = new Uint8Array(await jpeg({ IFD2: { DateTimeOriginal: '2019:05:12 14:30:05' }, IFD3: gps(35, 135) }));
    // Cut the file inside its APP1 (EXIF) segment: the header promises more than is there.
    const app1 = file.findIndex((b, i) => b === 0xff && file[i + 1] === 0xe1);
    expect(app1).toBeGreaterThan(0);
    const broken = file.slice(0, app1 + 30);
    expect((await readPhotoMetadata(broken)).position).toBeNull();
    expect(await readPhotoMetadata(new TextEncoder().encode('not an image at all'))).toEqual({ position: null, takenAt: null });
  });
});

describe('takenAtInstant', () => {
  it('reads the wall-clock time as local time, as the form does', () => {
    expect(takenAtInstant('2019-05-12T14:30:05')).toBe(new Date(2019, 4, 12, 14, 30, 5).toISOString());
  });
});
