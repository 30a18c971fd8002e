import { LIMITS, type PlaceSearchResult, type ReverseResult } from '@memory-map/shared';
import { getGazetteer, joinDistinct, type Gazetteer, type SearchFilter } from './gazetteer.ts';
import type { NominatimClient } from './nominatim-client.ts';
import { normalize } from './normalize.ts';

/**
 * Place search and reverse geocoding answered from the offline gazetteer, in the shapes
 * Nominatim uses (the web client was written against Nominatim).
 */

/** How many trailing words may name a country or region in "paris texas" (e.g. "united states of america"). */
const MAX_QUALIFIER_WORDS = 4;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Results closer than this (about a kilometre) are one spot on the map. */
const SAME_SPOT_DEG = 0.01;

interface Interpretation {
  name: string;
  filters: SearchFilter[];
}

/**
 * Search by name, best first, at most `limit` results. Blank queries find nothing.
 *
 * "Paris, US", "Paris, Texas, United States" and "Paris Texas" narrow the name to places in
 * that country or region; when a comma-separated query's first part finds nothing, the next
 * part is tried ("Rue de Rivoli, Paris").
 */
export function searchPlaces(gazetteer: Gazetteer, query: string, limit: number = LIMITS.placesSearchDefault): PlaceSearchResult[] {
  const max = Math.min(Math.max(Math.trunc(limit), 1), LIMITS.placesSearchMax);
  const parts = query.split(/[,;]/).map(normalize);
  if (parts.every((p) => p === '')) return [];

  const results: PlaceSearchResult[] = [];
  const seenIds = new Set<number>();
  const seenNames = new Set<string>();
  // "Zürich" and "Zurich", "Mexico" and "Mexico City": two names of one spot. Choosing either
  // flies to the same place, so only the better ranked one takes one of the few slots.
  const sameSpotAsListed = (lat: number, lon: number) =>
    results.some((r) => Math.abs(r.lat - lat) < SAME_SPOT_DEG && Math.abs(r.lon - lon) < SAME_SPOT_DEG);
  const collect = (interpretations: Interpretation[]) => {
    for (const { name, filters } of interpretations) {
      // Ask for a few extra: two places can read the same ("Geneva, Ohio, United States" twice).
      for (const id of gazetteer.match(name, max + 5, filters)) {
        if (results.length >= max) return;
        if (seenIds.has(id)) continue;
        seenIds.add(id);
        const entry = gazetteer.entry(id);
        if (seenNames.has(entry.displayName) || sameSpotAsListed(entry.lat, entry.lon)) continue;
        seenNames.add(entry.displayName);
        results.push({ lat: entry.lat, lon: entry.lon, display_name: entry.displayName });
      }
    }
  };

  const rawParts = query.split(/[,;]/);
  for (let i = 0; i < parts.length && results.length === 0; i++) {
    const name = parts[i]!;
    if (!name) continue;
    const filters = parts
      .slice(i + 1)
      .map((p) => (p ? gazetteer.qualifier(p) : undefined))
      .filter((f): f is SearchFilter => f !== undefined);
    collect([...(filters.length === 0 ? trailingQualifiers(gazetteer, name, rawParts[i]!, true) : []), { name, filters }]);
    // "paris tx": a lower-case code is read as one only when nothing else matched.
    if (results.length === 0 && filters.length === 0) collect(trailingQualifiers(gazetteer, name, rawParts[i]!, false));
  }
  return results;
}

/**
 * "paris texas" → name "paris" in Texas. Peels up to two qualifiers off the end. With
 * `strictCodes` a bare two-letter code counts only when typed in capitals ("Paris US"), so
 * that ordinary words such as "de" or "la" stay part of the name.
 */
function trailingQualifiers(gazetteer: Gazetteer, name: string, raw: string, strictCodes: boolean): Interpretation[] {
  const capitals = strictCodes ? new Set(raw.split(NOT_WORD).filter((w) => w.length <= 2 && w === w.toUpperCase())) : undefined;
  const words = name.split(' ');
  const filters: SearchFilter[] = [];
  let end = words.length;
  while (filters.length < 2 && end > 1) {
    let found = false;
    for (let k = Math.min(MAX_QUALIFIER_WORDS, end - 1); k >= 1; k--) {
      const key = words.slice(end - k, end).join(' ');
      const filter = gazetteer.qualifier(key);
      if (!filter) continue;
      if (capitals && k === 1 && key.length <= 2 && !capitals.has(key.toUpperCase())) continue;
      filters.push(filter);
      end -= k;
      found = true;
      break;
    }
    if (!found) break;
  }
  return filters.length ? [{ name: words.slice(0, end).join(' '), filters }] : [];
}

const CITY_POPULATION = 100_000;
const TOWN_POPULATION = 10_000;

/**
 * The place a point is in. `address` holds city, town or village (by the place's population),
 * state and country; at sea it is empty, which the client shows as 'Unknown location'.
 */
export function reversePlace(gazetteer: Gazetteer, lat: number, lon: number): ReverseResult {
  const { place, country } = gazetteer.locate(lat, lon);
  const address: ReverseResult['address'] = {};
  if (place) {
    const size = place.population >= CITY_POPULATION ? 'city' : place.population >= TOWN_POPULATION ? 'town' : 'village';
    address[size] = place.name;
    if (place.region) address.state = place.region;
  }
  if (country) {
    address.country = country.name;
    address.country_code = country.code.toLowerCase();
  }
  return { display_name: joinDistinct([place?.name, address.state, address.country]), address };
}

export interface PlacesService {
  search(query: string, limit?: number): Promise<PlaceSearchResult[]>;
  reverse(lat: number, lon: number): Promise<ReverseResult>;
}

export interface PlacesServiceOptions {
  /** The offline gazetteer; loaded on first use when not given. */
  gazetteer?: () => Gazetteer;
  /** A Nominatim-compatible geocoder to ask first. */
  upstream?: NominatimClient;
}

/**
 * Search and reverse, from the upstream geocoder when one is configured and answers at once,
 * else from the offline gazetteer.
 */
export function createPlacesService(options: PlacesServiceOptions = {}): PlacesService {
  const gazetteer = options.gazetteer ?? getGazetteer;
  const { upstream } = options;
  return {
    async search(query, limit = LIMITS.placesSearchDefault) {
      if (query.trim() === '') return [];
      const remote = await upstream?.search(query, limit);
      return remote?.length ? remote : searchPlaces(gazetteer(), query, limit);
    },
    async reverse(lat, lon) {
      return (await upstream?.reverse(lat, lon)) ?? reversePlace(gazetteer(), lat, lon);
    },
  };
}
