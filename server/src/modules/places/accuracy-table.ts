/**
 * Well-known places and what a person expects the geocoder to say about them: capitals,
 * names with accents typed without, and towns on a border (where the nearest city is often in
 * the other country). The accuracy test and scripts/bench-places.ts both score against it.
 *
 * Coordinates are the centre as commonly given (to ~1 km); a search answer counts when its
 * first result names the place in that country and lies within SEARCH_TOLERANCE_KM of it.
 */

import { distance } from 'geokdbush';
import type { Gazetteer } from './gazetteer.ts';
import { reversePlace, searchPlaces } from './places.service.ts';

export const SEARCH_TOLERANCE_KM = 25;

export interface SearchCase {
  query: string;
  /** The name the first result should start with (accents as GeoNames writes them). */
  name: string;
  country: string;
  lat: number;
  lon: number;
}

export interface ReverseCase {
  lat: number;
  lon: number;
  /** Any of these as city, town or village. */
  names: string[];
  /** ISO 3166-1 alpha-2 of the country the point is in. */
  country: string;
}

export const SEARCH_CASES: SearchCase[] = [
  // Capitals
  { query: 'london', name: 'London', country: 'United Kingdom', lat: 51.507, lon: -0.128 },
  { query: 'paris', name: 'Paris', country: 'France', lat: 48.857, lon: 2.352 },
  { query: 'berlin', name: 'Berlin', country: 'Germany', lat: 52.52, lon: 13.405 },
  { query: 'madrid', name: 'Madrid', country: 'Spain', lat: 40.417, lon: -3.704 },
  { query: 'rome', name: 'Rome', country: 'Italy', lat: 41.903, lon: 12.496 },
  { query: 'lisbon', name: 'Lisbon', country: 'Portugal', lat: 38.722, lon: -9.139 },
  { query: 'vienna', name: 'Vienna', country: 'Austria', lat: 48.208, lon: 16.374 },
  { query: 'prague', name: 'Prague', country: 'Czechia', lat: 50.076, lon: 14.438 },
  { query: 'warsaw', name: 'Warsaw', country: 'Poland', lat: 52.23, lon: 21.012 },
  { query: 'budapest', name: 'Budapest', country: 'Hungary', lat: 47.498, lon: 19.04 },
  { query: 'athens', name: 'Athens', country: 'Greece', lat: 37.984, lon: 23.728 },
  { query: 'stockholm', name: 'Stockholm', country: 'Sweden', lat: 59.329, lon: 18.069 },
  { query: 'oslo', name: 'Oslo', country: 'Norway', lat: 59.914, lon: 10.752 },
  { query: 'helsinki', name: 'Helsinki', country: 'Finland', lat: 60.17, lon: 24.938 },
  { query: 'copenhagen', name: 'Copenhagen', country: 'Denmark', lat: 55.676, lon: 12.568 },
  { query: 'dublin', name: 'Dublin', country: 'Ireland', lat: 53.35, lon: -6.26 },
  { query: 'brussels', name: 'Brussels', country: 'Belgium', lat: 50.85, lon: 4.352 },
  { query: 'amsterdam', name: 'Amsterdam', country: 'Netherlands', lat: 52.368, lon: 4.904 },
  { query: 'bern', name: 'Bern', country: 'Switzerland', lat: 46.948, lon: 7.447 },
  { query: 'moscow', name: 'Moscow', country: 'Russia', lat: 55.756, lon: 37.617 },
  { query: 'kyiv', name: 'Kyiv', country: 'Ukraine', lat: 50.45, lon: 30.523 },
  { query: 'ankara', name: 'Ankara', country: 'Turkey', lat: 39.934, lon: 32.86 },
  { query: 'cairo', name: 'Cairo', country: 'Egypt', lat: 30.044, lon: 31.236 },
  { query: 'nairobi', name: 'Nairobi', country: 'Kenya', lat: -1.286, lon: 36.817 },
  { query: 'tokyo', name: 'Tokyo', country: 'Japan', lat: 35.682, lon: 139.769 },
  { query: 'beijing', name: 'Beijing', country: 'China', lat: 39.904, lon: 116.407 },
  { query: 'seoul', name: 'Seoul', country: 'South Korea', lat: 37.566, lon: 126.978 },
  { query: 'new delhi', name: 'New Delhi', country: 'India', lat: 28.614, lon: 77.209 },
  { query: 'bangkok', name: 'Bangkok', country: 'Thailand', lat: 13.756, lon: 100.502 },
  { query: 'canberra', name: 'Canberra', country: 'Australia', lat: -35.281, lon: 149.13 },
  { query: 'wellington', name: 'Wellington', country: 'New Zealand', lat: -41.286, lon: 174.776 },
  { query: 'ottawa', name: 'Ottawa', country: 'Canada', lat: 45.421, lon: -75.697 },
  { query: 'washington dc', name: 'Washington', country: 'United States', lat: 38.907, lon: -77.037 },
  { query: 'mexico city', name: 'Mexico City', country: 'Mexico', lat: 19.433, lon: -99.133 },
  { query: 'buenos aires', name: 'Buenos Aires', country: 'Argentina', lat: -34.604, lon: -58.382 },
  { query: 'lima', name: 'Lima', country: 'Peru', lat: -12.046, lon: -77.043 },
  { query: 'santiago', name: 'Santiago', country: 'Chile', lat: -33.449, lon: -70.669 },
  // Accents and other letters typed without them
  { query: 'sao paulo', name: 'São Paulo', country: 'Brazil', lat: -23.551, lon: -46.633 },
  { query: 'brasilia', name: 'Brasília', country: 'Brazil', lat: -15.794, lon: -47.882 },
  { query: 'bogota', name: 'Bogotá', country: 'Colombia', lat: 4.711, lon: -74.072 },
  { query: 'reykjavik', name: 'Reykjavík', country: 'Iceland', lat: 64.147, lon: -21.942 },
  { query: 'zurich', name: 'Zürich', country: 'Switzerland', lat: 47.377, lon: 8.541 },
  { query: 'malmo', name: 'Malmö', country: 'Sweden', lat: 55.605, lon: 13.004 },
  { query: 'montreal', name: 'Montréal', country: 'Canada', lat: 45.502, lon: -73.567 },
  { query: 'medellin', name: 'Medellín', country: 'Colombia', lat: 6.244, lon: -75.581 },
  { query: 'krakow', name: 'Kraków', country: 'Poland', lat: 50.065, lon: 19.945 },
  { query: 'lodz', name: 'Łódź', country: 'Poland', lat: 51.759, lon: 19.456 },
  { query: 'dusseldorf', name: 'Düsseldorf', country: 'Germany', lat: 51.227, lon: 6.774 },
  { query: 'asuncion', name: 'Asunción', country: 'Paraguay', lat: -25.264, lon: -57.576 },
  { query: 'yaounde', name: 'Yaoundé', country: 'Cameroon', lat: 3.848, lon: 11.502 },
  { query: 'ndjamena', name: 'N', country: 'Chad', lat: 12.134, lon: 15.056 },
  { query: 'Québec', name: 'Québec', country: 'Canada', lat: 46.813, lon: -71.208 },
  // Names people write another way
  { query: 'geneva', name: 'Genève', country: 'Switzerland', lat: 46.204, lon: 6.143 },
  { query: 'cologne', name: 'Köln', country: 'Germany', lat: 50.938, lon: 6.96 },
  { query: 'munchen', name: 'Munich', country: 'Germany', lat: 48.135, lon: 11.582 },
  { query: 'new york', name: 'New York City', country: 'United States', lat: 40.713, lon: -74.006 },
  { query: 'st louis', name: 'St. Louis', country: 'United States', lat: 38.627, lon: -90.199 },
  // Border towns
  { query: 'strasbourg', name: 'Strasbourg', country: 'France', lat: 48.573, lon: 7.752 },
  { query: 'kehl', name: 'Kehl', country: 'Germany', lat: 48.573, lon: 7.815 },
  { query: 'basel', name: 'Basel', country: 'Switzerland', lat: 47.56, lon: 7.589 },
  { query: 'tijuana', name: 'Tijuana', country: 'Mexico', lat: 32.515, lon: -117.038 },
  { query: 'el paso', name: 'El Paso', country: 'United States', lat: 31.762, lon: -106.485 },
  { query: 'ciudad juarez', name: 'Juárez', country: 'Mexico', lat: 31.69, lon: -106.424 },
  { query: 'laredo', name: 'Laredo', country: 'United States', lat: 27.506, lon: -99.507 },
  { query: 'nuevo laredo', name: 'Nuevo Laredo', country: 'Mexico', lat: 27.476, lon: -99.516 },
  { query: 'gorlitz', name: 'Görlitz', country: 'Germany', lat: 51.153, lon: 14.987 },
  { query: 'narva', name: 'Narva', country: 'Estonia', lat: 59.377, lon: 28.19 },
  // Narrowed by country or region
  { query: 'Paris, Texas', name: 'Paris', country: 'United States', lat: 33.661, lon: -95.556 },
  { query: 'Paris TX', name: 'Paris', country: 'United States', lat: 33.661, lon: -95.556 },
  { query: 'Springfield, IL', name: 'Springfield', country: 'United States', lat: 39.781, lon: -89.65 },
  { query: 'portland maine', name: 'Portland', country: 'United States', lat: 43.661, lon: -70.255 },
  { query: 'London, Ontario', name: 'London', country: 'Canada', lat: 42.984, lon: -81.246 },
  { query: 'san jose costa rica', name: 'San José', country: 'Costa Rica', lat: 9.928, lon: -84.091 },
  { query: 'cordoba spain', name: 'Córdoba', country: 'Spain', lat: 37.888, lon: -4.779 },
];

export const REVERSE_CASES: ReverseCase[] = [
  { lat: 48.5734, lon: 7.7521, names: ['Strasbourg'], country: 'FR' },
  { lat: 48.5729, lon: 7.8152, names: ['Kehl'], country: 'DE' },
  { lat: 46.2044, lon: 6.1432, names: ['Genève'], country: 'CH' },
  { lat: 46.1934, lon: 6.2342, names: ['Annemasse', 'Ambilly'], country: 'FR' },
  { lat: 32.5149, lon: -117.0382, names: ['Tijuana'], country: 'MX' },
  { lat: 32.7157, lon: -117.1611, names: ['San Diego'], country: 'US' },
  { lat: 31.7619, lon: -106.485, names: ['El Paso'], country: 'US' },
  { lat: 31.7, lon: -106.43, names: ['Juárez'], country: 'MX' },
  { lat: 47.5596, lon: 7.5886, names: ['Basel'], country: 'CH' },
  { lat: 42.3314, lon: -83.0458, names: ['Detroit'], country: 'US' },
  { lat: 42.3149, lon: -83.0364, names: ['Windsor'], country: 'CA' },
  { lat: 27.5064, lon: -99.5075, names: ['Laredo'], country: 'US' },
  { lat: 27.4763, lon: -99.5164, names: ['Nuevo Laredo'], country: 'MX' },
  { lat: 59.3772, lon: 28.1903, names: ['Narva'], country: 'EE' },
  { lat: 59.3716, lon: 28.2162, names: ['Ivangorod'], country: 'RU' },
  { lat: 51.1552, lon: 14.9885, names: ['Görlitz'], country: 'DE' },
  { lat: 51.1494, lon: 15.0084, names: ['Zgorzelec'], country: 'PL' },
  { lat: 43.339, lon: -1.7894, names: ['Irun'], country: 'ES' },
  { lat: 43.3581, lon: -1.7744, names: ['Hendaye'], country: 'FR' },
  { lat: 43.7765, lon: 7.5044, names: ['Menton'], country: 'FR' },
  { lat: 43.7896, lon: 7.6087, names: ['Ventimiglia'], country: 'IT' },
  { lat: 65.8481, lon: 24.1466, names: ['Tornio'], country: 'FI' },
  { lat: 65.8355, lon: 24.1368, names: ['Haparanda'], country: 'SE' },
  { lat: 45.9409, lon: 13.6217, names: ['Gorizia'], country: 'IT' },
  { lat: 45.956, lon: 13.6484, names: ['Nova Gorica'], country: 'SI' },
  { lat: 48.8637, lon: 2.2769, names: ['Paris'], country: 'FR' },
  { lat: 51.5074, lon: -0.1278, names: ['London', 'City of Westminster'], country: 'GB' },
  { lat: 35.6895, lon: 139.6917, names: ['Tokyo', 'Shinjuku'], country: 'JP' },
  { lat: 40.7831, lon: -73.9712, names: ['Manhattan', 'New York City'], country: 'US' },
  { lat: -33.8688, lon: 151.2093, names: ['Sydney'], country: 'AU' },
  { lat: -22.9068, lon: -43.1729, names: ['Rio de Janeiro'], country: 'BR' },
  { lat: 55.7558, lon: 37.6173, names: ['Moscow'], country: 'RU' },
  { lat: 30.0444, lon: 31.2357, names: ['Cairo'], country: 'EG' },
  { lat: 64.1466, lon: -21.9426, names: ['Reykjavík'], country: 'IS' },
];

export interface AccuracyReport {
  total: number;
  correct: number;
  /** One line per wrong answer, saying what came back. */
  misses: string[];
}

/** Asks the gazetteer every case of the table and counts the right answers. */
export function measureAccuracy(gazetteer: Gazetteer): AccuracyReport {
  const misses: string[] = [];
  for (const c of SEARCH_CASES) {
    const first = searchPlaces(gazetteer, c.query, 5)[0];
    const ok =
      first !== undefined &&
      first.display_name.startsWith(c.name) &&
      first.display_name.endsWith(c.country) &&
      distance(first.lon, first.lat, c.lon, c.lat) <= SEARCH_TOLERANCE_KM;
    if (!ok) misses.push(`search ${JSON.stringify(c.query)}: got ${first ? `${first.display_name} (${first.lat}, ${first.lon})` : 'nothing'}`);
  }
  for (const c of REVERSE_CASES) {
    const { address, display_name } = reversePlace(gazetteer, c.lat, c.lon);
    const name = address.city ?? address.town ?? address.village;
    const ok = name !== undefined && c.names.includes(name) && address.country_code === c.country.toLowerCase();
    if (!ok) misses.push(`reverse ${c.lat},${c.lon} (${c.names[0]}): got ${JSON.stringify(display_name)} ${address.country_code ?? ''}`);
  }
  const total = SEARCH_CASES.length + REVERSE_CASES.length;
  return { total, correct: total - misses.length, misses };
}
