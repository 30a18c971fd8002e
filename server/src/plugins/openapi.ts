import fastifySwagger from '@fastify/swagger';
import { APP_VERSION } from '@memory-map/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';

/**
 * The operation's name in the OpenAPI document when its route gives none: the method and the
 * path's words, a path parameter read as "By<Name>" — GET /api/pins/{id}/share → getApiPinsByIdShare
 * (the original client's paths outside /api have the same words after it).
 * Stable for as long as the route is, unique because method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * GET /api/docs: the OpenAPI document of every route, from the same zod schemas that validate
 * requests and serialize answers (docs/design.md §3). It passes redocly's recommended rules
 * (openapi-lint.test.ts): each operation has an id, a 4xx answer and its parameters named.
 */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Memory Map API', version: APP_VERSION, license: { name: 'MIT', url: 'https://opensource.org/license/mit' } },
      // Relative: the document describes whichever server it was fetched from.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform(args) {
      const out = jsonSchemaTransform(args);
      const method = Array.isArray(args.route.method) ? args.route.method[0]! : args.route.method;
      const operationId = typeof out.schema.operationId === 'string' ? out.schema.operationId : operationIdOf(method, args.url);
      return { ...out, schema: { ...out.schema, operationId } };
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
