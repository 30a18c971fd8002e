import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../../server/test/helpers.ts';

/** Where the web app's API types live, from the repository's root. */
export const API_TYPES_FILE = 'web/src/lib/api/schema.d.ts';

const HEADER = `/**
 * Generated from the server's OpenAPI document (GET /api/docs) by \`npm run api:types\`: do not edit.
 * A test (server/src/openapi-types.test.ts) fails when this file and the server's schemas differ.
 */

`;

/**
 * The TypeScript types of the server's OpenAPI document, as openapi-typescript writes them. The
 * document comes from the app built in-process on a throwaway database (no port, no running
 * server), so the types are those of the code in this tree.
 */
export async function apiTypesSource(): Promise<string> {
  const t = await createTestApp();
  try {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as Parameters<typeof openapiTS>[0];
    return HEADER + astToString(await openapiTS(doc));
  } finally {
    await t.close();
  }
}
