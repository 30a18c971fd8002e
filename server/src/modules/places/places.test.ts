import { distance } from 'geokdbush';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureAccuracy, REVERSE_CASES, SEARCH_CASES } from './accuracy-table.ts';
import { boxesAround, Gazetteer, getGazetteer, placeRadiusKm } from './gazetteer.ts';
import { normalize } from './normalize.ts';
import { PLACE_ALIASES } from './place-aliases.ts';
import { reversePlace, searchPlaces } from './places.service.ts';

let g: Gazetteer;
beforeAll(() => {
  g = getGazetteer();
});

const names = (query: string, limit?: number) => searchPlaces(g, query, limit).map((r) => r.display_name);

describe('normalize', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['  ZÜRICH ', 'zurich'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ["N'Djamena", 'ndjamena'],
    ['N’Djaména', 'ndjamena'],
    ['Saint-Denis', 'saint denis'],
    ['St. Louis', 'saint louis'],
    ['Ft Worth', 'fort worth'],
    ['Washington, D.C.', 'washington d c'],
    ['', ''],
    [' ,.- ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });
});

describe('searchPlaces', () => {
  it('finds nothing for a blank query', () => {
    expect(searchPlaces(g, '')).toEqual([]);
    expect(searchPlaces(g, '   ')).toEqual([]);
    expect(searchPlaces(g, ' , ')).toEqual([]);
  });

  it('answers lat, lon and a display name that reads place, region, country', () => {
    const [paris] = searchPlaces(g, 'paris');
    expect(paris).toEqual({ lat: expect.closeTo(48.853, 1), lon: expect.closeTo(2.349, 1), display_name: 'Paris, Île-de-France, France' });
  });

  it('ignores accents and case', () => {
    expect(names('sao paulo')[0]).toBe('São Paulo, Brazil');
    expect(names('SÃO PAULO')[0]).toBe('São Paulo, Brazil');
    expect(names('malmo')[0]).toMatch(/^Malmö, /);
  });

  it('puts New York City before York for "new york", and York first for "york"', () => {
    const ny = names('new york');
    expect(ny[0]).toBe('New York City, New York, United States');
    expect(ny.findIndex((n) => n.startsWith('York,'))).not.toBe(0);
    expect(names('york')[0]).toBe('York, England, United Kingdom');
  });

  it('ranks an exact name above a longer name that starts with it, then by population', () => {
    const bath = names('bath');
    expect(bath[0]).toBe('Bath, England, United Kingdom');
    expect(bath.indexOf('Bath, England, United Kingdom')).toBeLessThan(bath.findIndex((n) => n.startsWith('Bathinda')));
    // All four are exact matches: the biggest first.
    const paris = names('paris', 10).filter((n) => n.startsWith('Paris,'));
    expect(paris.slice(0, 2)).toEqual(['Paris, Île-de-France, France', 'Paris, Texas, United States']);
  });

  it('matches a later word of a name after the names that start with the query', () => {
    const vegas = names('vegas');
    expect(vegas[0]).toBe('Las Vegas, Nevada, United States');
  });

  it('narrows by a country name or ISO code after a comma', () => {
    for (const q of ['Paris, US', 'Paris, USA', 'Paris, United States', 'paris, us']) {
      const results = names(q);
      expect(results.length, q).toBeGreaterThan(1);
      for (const r of results) expect(r, q).toMatch(/^Paris, .*United States$/);
    }
    expect(names('London, Canada')[0]).toBe('London, Ontario, Canada');
    expect(names('Washington, D.C.')[0]).toBe('Washington, D.C., District of Columbia, United States');
  });

  it('narrows by a region or country written after the name without a comma', () => {
    expect(names('Paris Texas')).toEqual(['Paris, Texas, United States']);
    expect(names('Paris TX')).toEqual(['Paris, Texas, United States']);
    expect(names('paris tx')).toEqual(['Paris, Texas, United States']);
    expect(names('Paris, Île-de-France, France')[0]).toBe('Paris, Île-de-France, France');
    expect(names('san jose costa rica')[0]).toBe('San José, Costa Rica');
    expect(names('springfield illinois')[0]).toBe('Springfield, Illinois, United States');
  });

  it('keeps a lower-case word that is also a country code in the name when the name matches', () => {
    // "la" is Laos' code; "Andorra la Vella" must not turn into "andorra" in Laos.
    expect(names('andorra la vella')[0]).toBe('Andorra la Vella, Andorra');
  });

  it('tries the next part when the first part of an address finds nothing', () => {
    expect(names('Rue de Rivoli, Paris')[0]).toBe('Paris, Île-de-France, France');
  });

  it('finds countries and regions, placed at their capital', () => {
    const [france] = searchPlaces(g, 'france');
    expect(france?.display_name).toBe('France');
    expect(distance(france!.lon, france!.lat, 2.35, 48.86)).toBeLessThan(10);
    expect(names('texas')[0]).toBe('Texas, United States');
  });

  it('finds English and local names GeoNames does not use', () => {
    expect(names('geneva')[0]).toBe('Genève, Geneva, Switzerland');
    expect(names('cologne')[0]).toBe('Köln, North Rhine-Westphalia, Germany');
    expect(names('wien')[0]).toBe('Vienna, Austria');
  });

  it('finds the biggest cities by their short forms and in their own script', () => {
    expect(names('nyc', 1)).toEqual(['New York City, New York, United States']);
    expect(names('LA', 1)).toEqual(['Los Angeles, California, United States']);
    expect(names('москва', 1)).toEqual(['Moscow, Russia']);
    expect(names('東京', 1)).toEqual(['Tokyo, Japan']);
    expect(names('서울', 1)).toEqual(['Seoul, South Korea']);
    // A short form still leaves the places whose names start with it.
    expect(names('la', 3)).toContain('Lagos, Nigeria');
  });

  it('every alias still finds its place', () => {
    for (const [alias, name] of PLACE_ALIASES) {
      expect(names(alias, 10).some((n) => n.startsWith(`${name},`) || n === name), alias).toBe(true);
    }
  });

  it('respects the limit, never lists the same display name twice, and caps at 10', () => {
    expect(searchPlaces(g, 'san', 3)).toHaveLength(3);
    expect(searchPlaces(g, 'san')).toHaveLength(5);
    const many = names('geneva', 50);
    expect(many).toHaveLength(10);
    expect(new Set(many).size).toBe(many.length);
  });

  it('lists one spot once, under its best name ("Zürich" and "Zurich" are one city)', () => {
    for (const query of ['Zürich', 'Luxembourg', 'Kyiv', 'Mexico']) {
      const results = searchPlaces(g, query);
      const spots = results.map((r) => `${r.lat.toFixed(2)},${r.lon.toFixed(2)}`);
      expect(new Set(spots).size, query).toBe(spots.length);
    }
    expect(searchPlaces(g, 'Zürich')[0]?.display_name).toBe('Zürich, Switzerland');
    expect(names('zurich', 5).filter((n) => /^Zu?ü?rich, Switzerland$/.test(n))).toHaveLength(1);
  });

  it('answers nothing for a name no place has', () => {
    expect(searchPlaces(g, 'qqxxzzq')).toEqual([]);
  });
});

describe('reversePlace', () => {
  it('names the city, its region and the country', () => {
    expect(reversePlace(g, 48.5734, 7.7521)).toEqual({
      display_name: 'Strasbourg, Grand Est, France',
      address: { city: 'Strasbourg', state: 'Grand Est', country: 'France', country_code: 'fr' },
    });
  });

  it('answers nothing in the open ocean', () => {
    expect(reversePlace(g, 0, -30)).toEqual({ display_name: '', address: {} });
    expect(reversePlace(g, -40, 160)).toEqual({ display_name: '', address: {} });
  });

  it('answers nothing at sea even where the generalized borders reach out over the water', () => {
    // The Gulf of Lion, 30 km off the coast: country-coder says France, the land mask says sea.
    expect(reversePlace(g, 43.2, 5.0)).toEqual({ display_name: '', address: {} });
  });

  it('names only the country on land far from any town', () => {
    expect(reversePlace(g, 25, -5)).toEqual({ display_name: 'Mauritania', address: { country: 'Mauritania', country_code: 'mr' } });
    // Remote land at the latitudes of the polygons cut at the antimeridian, and near the pole.
    expect(reversePlace(g, 66.5, 100).address.country).toBe('Russia');
    expect(reversePlace(g, 71, -40).address.country).toBe('Greenland');
    expect(reversePlace(g, -86, 0).address.country).toBe('Antarctica');
  });

  it('takes the country from the borders, not from the nearest city', () => {
    // North El Paso: Ciudad Juárez is bigger and about as near, but across the border.
    const elPaso = reversePlace(g, 31.85, -106.44);
    expect(elPaso.address).toMatchObject({ city: 'El Paso', country_code: 'us' });
    const juarez = reversePlace(g, 31.7, -106.43);
    expect(juarez.address).toMatchObject({ city: 'Juárez', country_code: 'mx' });
  });

  it('calls a place city, town or village by its population', () => {
    expect(reversePlace(g, 48.5729, 7.8152).address).toMatchObject({ town: 'Kehl' }); // 34,000 people
    expect(reversePlace(g, 40.7831, -73.9712).address).toMatchObject({ city: 'Manhattan' });
    // Vaduz, 5,000 people; its region has the same name, so it is said once.
    expect(reversePlace(g, 47.1415, 9.5215)).toEqual({
      display_name: 'Vaduz, Liechtenstein',
      address: { village: 'Vaduz', country: 'Liechtenstein', country_code: 'li' },
    });
  });

  it('prefers the big city the point is well inside over a suburb whose centre is nearer', () => {
    // The 16th arrondissement: Boulogne-Billancourt's centre is nearer than Paris's.
    expect(reversePlace(g, 48.8637, 2.2769).address.city).toBe('Paris');
  });

  it('reaches further from big places than from small ones', () => {
    expect(placeRadiusKm(1000)).toBeLessThan(placeRadiusKm(100_000));
    expect(placeRadiusKm(100_000)).toBeLessThan(placeRadiusKm(5_000_000));
    expect(placeRadiusKm(50_000_000)).toBe(45);
  });

  it('finds a place across the antimeridian', () => {
    // No real place sits close enough to 180°, so a made-up one at 179.995° E, no land mask.
    const tiny = new Gazetteer({
      cities: [{ name: 'Dateline', country: 'FJ', featureCode: 'PPL', adminCode: '', population: 5000, loc: { coordinates: [179.995, -17] } }],
      regions: [],
    });
    expect(reversePlace(tiny, -17, -179.995).address).toEqual({ village: 'Dateline', country: 'Fiji', country_code: 'fj' });
    expect(reversePlace(tiny, -17, -179.9).address.village).toBeUndefined(); // 10 km: too far for 5,000 people
  });

  it('uses a nearby place where the borders have a gap (northern Cyprus)', () => {
    expect(reversePlace(g, 35.34, 33.32).address).toMatchObject({ town: 'Kyrenia', country_code: 'cy' });
  });
});

describe('boxesAround', () => {
  const rounded = (boxes: number[][]) => boxes.map((b) => b.map((x) => Math.round(x * 100) / 100));

  it('is one box around the point, wider in longitude away from the equator', () => {
    expect(rounded(boxesAround(0, 10, 111))).toEqual([[9, -1, 11, 1]]);
    const [[w, , e]] = boxesAround(60, 10, 111) as [[number, number, number, number]];
    expect(e - w).toBeGreaterThan(4); // 1° of latitude is 2° of longitude at 60°
  });

  it('splits at the antimeridian and covers every longitude near a pole', () => {
    expect(rounded(boxesAround(0, 179.5, 111))).toEqual([
      [178.5, -1, 180, 1],
      [-180, -1, -179.5, 1],
    ]);
    expect(rounded(boxesAround(0, -179.5, 111))).toEqual([
      [179.5, -1, 180, 1],
      [-180, -1, -178.5, 1],
    ]);
    expect(boxesAround(89.5, 0, 111)).toEqual([[-180, 88.5, 180, 90.5]]);
  });
});

describe('accuracy table', () => {
  it('has at least 50 well-known places', () => {
    expect(SEARCH_CASES.length + REVERSE_CASES.length).toBeGreaterThanOrEqual(50);
  });

  it('gets at least 95% right', () => {
    const report = measureAccuracy(g);
    const share = report.correct / report.total;
    if (share < 0.95) console.warn(report.misses.join('\n'));
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
