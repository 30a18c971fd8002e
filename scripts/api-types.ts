// Writes the web app's API types from the server's OpenAPI document: `npm run api:types`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypesSource } from './lib/api-types.ts';

const file = path.join(import.meta.dirname, '..', API_TYPES_FILE);
writeFileSync(file, await apiTypesSource());
console.log(`wrote ${API_TYPES_FILE}`);
