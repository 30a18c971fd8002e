import { USER_MESSAGES, type World } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { getGazetteer } from '../places/index.ts';
import { haversineKm } from '../trips/trip-geometry.ts';
import { usersRepository } from '../users/users.repository.ts';
import { readableMemoriesOf } from './world.repository.ts';

/**
 * Your world (docs/design.md §15): where someone's memories are, counted from their coordinates
 * through the offline geocoder (docs/decisions/010), never from the typed place name, and only
 * the memories the viewer may read. A point at sea counts for no country and no city.
 */
export async function worldOf(ctx: AppContext, viewerId: string, userId: string | undefined): Promise<World> {
  const db = ctx.db.kysely;
  const authorId = userId ?? viewerId;
  if (!isUuid(authorId) || !(await usersRepository.findById(db, authorId))) throw new NotFoundError(USER_MESSAGES.notFound);
  const rows = await readableMemoriesOf(db, viewerId, authorId);
  const gazetteer = getGazetteer();
  const countries = new Map<string, { code: string; name: string; numeric?: string; memories: number; firstAt: string; lastAt: string }>();
  const cities = new Map<string, { name: string; country: string; memories: number }>();
  const years = new Map<number, { memories: number; countries: Set<string> }>();
  let distanceKm = 0;
  let previous: [number, number] | null = null;
  for (const r of rows) {
    const point: [number, number] = [r.longitude, r.latitude];
    // The path from memory to memory in the order they happened: how far their places lie apart.
    if (previous) distanceKm += haversineKm(previous, point);
    previous = point;
    const { place, country } = gazetteer.locate(r.latitude, r.longitude);
    const year = Number(r.happened_at.slice(0, 4));
    const y = years.get(year) ?? { memories: 0, countries: new Set<string>() };
    y.memories += 1;
    years.set(year, y);
    if (country) {
      y.countries.add(country.code);
      const c = countries.get(country.code);
      if (c) {
        c.memories += 1;
        c.lastAt = r.happened_at;
      } else {
        const numeric = country.numeric ? { numeric: country.numeric } : {};
        countries.set(country.code, { code: country.code, name: country.name, ...numeric, memories: 1, firstAt: r.happened_at, lastAt: r.happened_at });
      }
    }
    if (place) {
      const countryCode = (country ?? place.country)?.code ?? '';
      const key = `${place.id}`;
      const city = cities.get(key);
      if (city) city.memories += 1;
      else cities.set(key, { name: place.name, country: countryCode, memories: 1 });
    }
  }
  const byCount = <T extends { memories: number; name: string }>(a: T, b: T) => b.memories - a.memories || a.name.localeCompare(b.name);
  return {
    countries: [...countries.values()].sort(byCount),
    cities: [...cities.values()].sort(byCount),
    totals: { countries: countries.size, cities: cities.size, memories: rows.length, distanceKm: Math.round(distanceKm * 10) / 10 },
    years: [...years.entries()].sort((a, b) => b[0] - a[0]).map(([year, y]) => ({ year, memories: y.memories, countries: y.countries.size })),
  };
}
