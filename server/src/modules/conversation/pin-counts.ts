import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AuthUser } from '../../app-types.ts';
import { conversationsOf, type PinConversation } from './conversation.service.ts';

/**
 * Pins carry `commentCount` and `reactions` (docs/design.md §14) wherever they are answered, but
 * the read cache holds feed pages and map answers as the bytes it sends and must not go cold for
 * everyone when someone reacts (docs/decisions/120-conversation.md). So the counts are never in
 * what is cached: after a route that answers pins has written its body — from the cache or not —
 * this hook finds each pin in it, reads the counts of all of them in one lookup, and writes them
 * into each pin object.
 *
 * A pin object starts `{"id":"<uuid>","title":` (the serializer writes pinSchema's fields in
 * order, and no string value holds an unescaped quote), so finding pins is a byte search, and the
 * counts go right after its `{`. A route opts in with `config: { pinCounts: true }`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer holds pins: write their conversation counts into them. */
    pinCounts?: boolean;
  }
}

const OPEN = Buffer.from('{"id":"');
const TITLE = Buffer.from('","title":');
const UUID_LENGTH = 36;

/** Where each pin object of a JSON answer starts, with its id. */
export function pinsIn(body: Buffer): Array<{ at: number; id: string }> {
  const found: Array<{ at: number; id: string }> = [];
  let from = 0;
  for (;;) {
    const at = body.indexOf(OPEN, from);
    if (at < 0) return found;
    const idEnd = at + OPEN.length + UUID_LENGTH;
    if (body.subarray(idEnd, idEnd + TITLE.length).equals(TITLE)) {
      found.push({ at, id: body.toString('latin1', at + OPEN.length, idEnd) });
      from = idEnd + TITLE.length;
    } else from = at + OPEN.length;
  }
}

const EMPTY = '"commentCount":0,"reactions":{"counts":{},"mine":null},';

function fieldsOf(c: PinConversation | undefined): string {
  if (!c) return EMPTY;
  return `"commentCount":${c.commentCount},"reactions":${JSON.stringify(c.reactions)},`;
}

/** The body with each pin's counts written in. */
export function withCounts(body: Buffer, pins: Array<{ at: number; id: string }>, counts: Map<string, PinConversation>): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const pin of pins) {
    parts.push(body.subarray(last, pin.at + 1), Buffer.from(fieldsOf(counts.get(pin.id))));
    last = pin.at + 1;
  }
  parts.push(body.subarray(last));
  return Buffer.concat(parts);
}

export function registerPinCounts(app: App): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.routeOptions.config?.pinCounts || reply.statusCode !== 200 && reply.statusCode !== 201) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const pins = pinsIn(body);
    if (pins.length === 0) return payload;
    const user = (request as { user?: AuthUser }).user;
    const counts = await conversationsOf(app.ctx, user?.id ?? null, [...new Set(pins.map((p) => p.id))], user?.conversationSeq);
    return withCounts(body, pins, counts);
  });
}
