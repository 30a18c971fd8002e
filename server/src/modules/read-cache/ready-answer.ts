import type { FastifyReply, FastifyRequest } from 'fastify';
import { rewritesMediaUrls } from '../../plugins/cross-origin.ts';
import { PIN_BYTES } from './read-cache.ts';

/**
 * Answers the read cache keeps as the bytes it sends (docs/decisions/080-read-cache.md): a held
 * feed page or map answer is serialized once per stamp, and every later request for it writes
 * those bytes as they are — no presenting, no serializing, no re-encoding to UTF-8. Only the
 * bytes are held, not the objects they were written from (a page of pins as objects weighs five
 * times its JSON).
 */
export interface ReadyBytes {
  /** The JSON body, exactly as the route's compiled serializer writes the value. */
  body: Buffer;
  /** What it weighs in the cache's budget, in pins' worth (read-cache.ts). */
  weight: number;
}

/** A route's answer: a value for Fastify to serialize, or bytes held ready. */
export type Answer<T> = { value: T } | { ready: ReadyBytes };

/** The JSON of a value as bytes, weighed. */
export function readyBytes<T>(serialize: (value: T) => string, value: T): ReadyBytes {
  const body = Buffer.from(serialize(value));
  return { body, weight: Math.ceil(body.length / PIN_BYTES) };
}

/**
 * Sends an answer. Held bytes are written as they are, except when this response is rewritten
 * on the way out (absolute image URLs for the original client's origin, plugins/cross-origin.ts,
 * a hook that sees values, not bytes): then they are read back into the value they came from.
 */
export function sendAnswer<T>(request: FastifyRequest, reply: FastifyReply, answer: Answer<T>): T | FastifyReply {
  if ('value' in answer) return answer.value;
  if (rewritesMediaUrls(request)) return JSON.parse(answer.ready.body.toString('utf8')) as T;
  return reply.type('application/json; charset=utf-8').send(answer.ready.body);
}
