import { LIMITS, TRIP_MESSAGES, type LineString } from '@memory-map/shared';
import { SaxesParser } from 'saxes';
import { BadRequestError } from '../../lib/errors.ts';
import { simplify } from './trip-geometry.ts';

/**
 * A GPX file's route (docs/design.md §15): every track segment and route, joined in the order the
 * file gives them, simplified to at most LIMITS.trackPointsMax points. A file that is not GPX, or
 * holds no line of two points, is refused.
 *
 * Read as a stream of tags by saxes (the XML parser under jsdom), keeping only the points'
 * coordinates: a document tree of a 10 MB track took 8 s and 770 MB, and a crafted file could
 * hold the server far longer (docs/decisions/130-trips.md). saxes declares no entities beyond
 * XML's own and fetches nothing, so an entity bomb is a broken file.
 */
export function parseGpxTrack(bytes: Buffer): LineString {
  if (bytes.length > LIMITS.trackBytes) throw new BadRequestError(TRIP_MESSAGES.trackTooBig);
  const lines: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> | null = null;
  let root: string | null = null;
  let points = 0;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  try {
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      const name = local(tag.name);
      if (root === null) {
        root = name;
        if (name !== 'gpx') throw new Error('not gpx');
      }
      if (name === 'trkseg' || name === 'rte') {
        current = [];
        lines.push(current);
      } else if ((name === 'trkpt' || name === 'rtept') && current) {
        const lat = Number(tag.attributes.lat);
        const lon = Number(tag.attributes.lon);
        if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
          current.push([lon, lat]);
          points += 1;
          if (points > LIMITS.trackPointsRead) throw new BadRequestError(TRIP_MESSAGES.trackTooManyPoints);
        }
      }
    });
    parser.on('closetag', (tag) => {
      const name = local(tag.name);
      if (name === 'trkseg' || name === 'rte') current = null;
    });
    parser.write(bytes.toString('utf8')).close();
  } catch (err) {
    if (err instanceof BadRequestError) throw err;
    throw new BadRequestError(TRIP_MESSAGES.trackBroken);
  }
  if (root !== 'gpx') throw new BadRequestError(TRIP_MESSAGES.trackBroken);
  const coords = lines.flat();
  if (coords.length < 2) throw new BadRequestError(TRIP_MESSAGES.trackBroken);
  const kept = simplify(coords, LIMITS.trackPointsMax).map(([lon, lat]) => [round6(lon), round6(lat)] as [number, number]);
  return { type: 'LineString', coordinates: kept };
}

/** Six decimals are ~0.1 m: more is noise, and every digit is sent to every viewer. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
