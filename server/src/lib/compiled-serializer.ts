import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization compiled from the route's zod schema (docs/decisions/081-workers-and-serializer.md).
 * The zod provider's serializer parses every response with zod and then calls JSON.stringify: on
 * the feed and the map that is most of a request's time. Here the zod schema's JSON Schema
 * (z.toJSONSchema, the same document OpenAPI shows) is compiled once by fast-json-stringify into
 * a function that writes exactly the declared fields, in the schema's order, as zod's output did.
 *
 * What differs: the answer is not validated. A required field the service forgot still fails the
 * request (fast-json-stringify throws); a wrong type is coerced instead of refused. Routes use it
 * where the service builds the body from typed code (pin-presenter.ts and the map's clusters).
 */

type Json = Record<string, unknown>;

/** JSON Schema that fast-json-stringify compiles without asking Ajv about each value, or throws. */
export function serializableJsonSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Json;
  delete json.$schema;
  return rewrite(json);
}

function rewrite(node: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([k, v]) => [k, rewrite(v)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = rewrite(value as Json);
    } else if (key === 'anyOf' || key === 'oneOf') {
      Object.assign(out, rewriteUnion((value as Json[]).map(rewrite)));
    } else if (key === 'definitions' || key === '$defs' || key === '$ref' || key === 'allOf' || key === 'not') {
      // z.toJSONSchema writes these only for recursive or registered schemas, which the hot routes do not use.
      throw new Error(`compiled serializer: ${key} is not supported`);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * fast-json-stringify answers anyOf/oneOf by validating each value against the branches with
 * Ajv (a whole array of pins, for the map's union). The unions of our schemas are told apart by
 * a JSON type or by a constant field (`kind`), which an if/then/else on that alone decides.
 */
function rewriteUnion(branches: Json[]): Json {
  const bare = branches.every((b) => Object.keys(b).length === 1 && 'type' in b);
  if (bare) return { type: [...new Set(branches.flatMap((b) => (Array.isArray(b.type) ? b.type : [b.type])))] };

  const types = branches.map((b) => b.type);
  if (types.every((t) => typeof t === 'string') && new Set(types).size === branches.length) {
    return chain(branches, (b) => ({ type: b.type }));
  }

  const discriminator = discriminatorOf(branches);
  if (discriminator) {
    return chain(branches, (b) => {
      const constant = ((b.properties as Record<string, Json>)[discriminator] as Json).const;
      return { type: 'object', properties: { [discriminator]: { const: constant } }, required: [discriminator] };
    });
  }
  throw new Error('compiled serializer: a union must differ by JSON type or by a constant field');
}

function discriminatorOf(branches: Json[]): string | undefined {
  const first = branches[0]?.properties as Record<string, Json> | undefined;
  if (!first) return undefined;
  return Object.keys(first).find((key) =>
    branches.every((b) => {
      const prop = (b.properties as Record<string, Json> | undefined)?.[key];
      return prop !== undefined && 'const' in prop && ((b.required as string[] | undefined) ?? []).includes(key);
    }),
  );
}

/** if (test of the first) then first else if (…) … else last. */
function chain(branches: Json[], test: (b: Json) => Json): Json {
  const [first, ...rest] = branches;
  if (!first) throw new Error('compiled serializer: empty union');
  if (rest.length === 0) return first;
  return { if: test(first), then: first, else: chain(rest, test) };
}

/**
 * The route option `serializerCompiler` of the hot routes. A schema it cannot compile (a
 * transform, a recursive type) falls back to the zod provider's serializer, so nothing breaks
 * when a schema grows; a test pins that the hot routes' schemas do compile.
 */
export function compiledSerializerCompiler<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  let json: Json;
  try {
    json = serializableJsonSchema(route.schema as z.ZodType);
  } catch {
    return zodSerializerCompiler(route as never);
  }
  return fastJson(json) as (data: unknown) => string;
}

/**
 * The same compiled serializer outside a route: for answers the read cache keeps as the bytes
 * it sends (read-cache/ready-answer.ts). Throws when the schema cannot be compiled, at start-up.
 */
export function compiledSerializer<T>(schema: z.ZodType<T>): (data: T) => string {
  return fastJson(serializableJsonSchema(schema)) as (data: T) => string;
}
