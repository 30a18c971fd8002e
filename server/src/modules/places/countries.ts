import { createRequire } from 'node:module';

type CountryCoder = typeof import('@rapideditor/country-coder');
let loaded: CountryCoder | undefined;
/**
 * country-coder builds its border index when imported (~150 ms): load it on first use, so the
 * server's other tests, which import this module through the routes, do not pay for it.
 */
function countryCoder(): CountryCoder {
  return (loaded ??= createRequire(import.meta.url)('@rapideditor/country-coder') as CountryCoder);
}

/**
 * Country names and codes, from country-coder's borders (the same data that answers "which
 * country is this point in"). Its English names are sometimes the formal ones; people expect
 * the short form in a place name, as Nominatim writes it.
 */
const SHORT_NAMES: Record<string, string> = {
  US: 'United States',
  CN: 'China',
  DK: 'Denmark',
  NL: 'Netherlands',
  IE: 'Ireland',
  CY: 'Cyprus',
  BS: 'Bahamas',
  GM: 'Gambia',
  GG: 'Guernsey',
  JE: 'Jersey',
  FM: 'Micronesia',
  VA: 'Vatican City',
};

/** Other names people write after a place ("Paris, USA"), beyond country-coder's own aliases. */
const EXTRA_ALIASES: Record<string, string[]> = {
  US: ['USA', 'America', 'United States of America', 'U.S.', 'U.S.A.'],
  GB: ['UK', 'Great Britain', 'Britain'],
  CZ: ['Czech Republic'],
  KR: ['Korea'],
  RU: ['Russian Federation'],
  AE: ['UAE'],
  NL: ['Holland', 'The Netherlands'],
  TR: ['Türkiye'],
  CI: ['Ivory Coast'],
  MK: ['Macedonia'],
  CD: ['DR Congo', 'DRC'],
};

export interface CountryInfo {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
  /** Every name and code this country may be written as, as they are written. */
  names: string[];
  /** ISO 3166-1 numeric, as Natural Earth's shapes are keyed ('250'), when it has one. */
  numeric?: string;
}

const cache = new Map<string, CountryInfo | null>();

/** The country for an ISO alpha-2 code, or null when country-coder does not know it. */
export function countryByCode(code: string): CountryInfo | null {
  const upper = code.toUpperCase();
  const cached = cache.get(upper);
  if (cached !== undefined) return cached;
  const feature = countryCoder().feature(upper);
  let info: CountryInfo | null = null;
  if (feature && feature.properties.iso1A2 === upper) {
    const p = feature.properties;
    const name = SHORT_NAMES[upper] ?? p.nameEn;
    const names = [name, p.nameEn, upper, ...(p.iso1A3 ? [p.iso1A3] : []), ...(p.aliases ?? []), ...(EXTRA_ALIASES[upper] ?? [])];
    info = { code: upper, name, names: [...new Set(names)], ...(p.iso1N3 ? { numeric: p.iso1N3 } : {}) };
  }
  cache.set(upper, info);
  return info;
}

/**
 * The country (or dependent territory, such as Puerto Rico or Greenland) whose borders contain
 * the point, or null at sea and in the few places the borders leave out.
 */
export function countryAt(lat: number, lon: number): CountryInfo | null {
  const code = countryCoder().iso1A2Code([lon, lat], { level: 'territory' });
  return code ? countryByCode(code) : null;
}
