import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/lib/api-types.ts';

// The web app's only source of API shapes is this generated file: a schema changed on the server
// without regenerating it would let the app compile against shapes the server no longer sends.
it('the committed web API types are those of the server schemas (else run `npm run api:types`)', async () => {
  const committed = readFileSync(path.join(import.meta.dirname, '..', '..', API_TYPES_FILE), 'utf8');
  expect(committed === (await apiTypesSource()), `${API_TYPES_FILE} is out of date: run \`npm run api:types\``).toBe(true);
});
