import { DOMParser } from '@xmldom/xmldom';
import { gpx } from '@tmcw/togeojson';
import { LIMITS, TRIP_MESSAGES, type LineString } from '@memory-map/shared';
import { BadRequestError } from '../../lib/errors.ts';
import { simplify } from './trip-geometry.ts';

/**
 * A GPX file's route (docs/design.md §15), read with @tmcw/togeojson over @xmldom/xmldom: every
 * track and route line, joined in the order the file gives them, simplified to at most
 * LIMITS.trackPointsMax points. A file that is not GPX, or holds no line of two points, is refused.
 */
export function parseGpxTrack(bytes: Buffer): LineString {
  if (bytes.length > LIMITS.trackBytes) throw new BadRequestError(TRIP_MESSAGES.trackTooBig);
  const text = bytes.toString('utf8');
  let coords: Array<[number, number]> = [];
  try {
    // xmldom reports malformed XML through onError; any error refuses the file.
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    if (doc.documentElement?.nodeName !== 'gpx') throw new Error('not gpx');
    const collection = gpx(doc as unknown as Parameters<typeof gpx>[0]);
    for (const feature of collection.features) {
      const g = feature.geometry;
      if (!g) continue;
      const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
      for (const line of lines) for (const p of line) coords.push([p[0]!, p[1]!]);
    }
  } catch {
    throw new BadRequestError(TRIP_MESSAGES.trackBroken);
  }
  coords = coords.filter(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180);
  if (coords.length < 2) throw new BadRequestError(TRIP_MESSAGES.trackBroken);
  const kept = simplify(coords, LIMITS.trackPointsMax).map(([lon, lat]) => [round6(lon), round6(lat)] as [number, number]);
  return { type: 'LineString', coordinates: kept };
}

/** Six decimals are ~0.1 m: more is noise, and every digit is sent to every viewer. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
