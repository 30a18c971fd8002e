import type { FastifyReply, FastifyRequest } from 'fastify';
import { rewritesMediaUrls } from '../../plugins/cross-origin.ts';
import { PIN_BYTES } from './read-cache.ts';

/**
 * Answers the read cache keeps as the bytes it sends (docs/decisions/080-read-cache.md): a held
 * feed page or map answer is serialized once per stamp, and every later request for it writes
 * those bytes as they are — no presenting, no serializing, no re-encoding to UTF-8.
 */
export interface ReadyBytes {
  /** The JSON body, exactly as the route's compiled serializer writes the value. */
  body: Buffer;
}

/** The JSON of a value as bytes, and what it weighs in the cache's budget (pins' worth). */
export function readyBytes<T>(serialize: (value: T) => string, value: T): ReadyBytes & { weight: number } {
  const body = Buffer.from(serialize(value));
  return { body, weight: Math.ceil(body.length / PIN_BYTES) };
}

/**
 * Sends the held bytes, or returns the value for Fastify to serialize when there are none or
 * when this response is rewritten on the way out (absolute image URLs for the original client's
 * origin, plugins/cross-origin.ts: a hook that only sees values, not bytes).
 */
export function sendReady<T>(request: FastifyRequest, reply: FastifyReply, value: T, ready: ReadyBytes | undefined): T | FastifyReply {
  if (!ready || rewritesMediaUrls(request)) return value;
  return reply.type('application/json; charset=utf-8').send(ready.body);
}
