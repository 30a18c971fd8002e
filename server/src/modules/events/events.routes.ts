import { EVENT_MESSAGES, errorSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { parseEventId } from './event-ids.ts';

/** How long a client refused for too many streams should wait, and the browser's retry delay. */
const RETRY_AFTER_SECONDS = 30;
const RECONNECT_MS = 3000;

export default async function eventsRoutes(app: App) {
  const { hub } = app.ctx.events;

  app.get(
    '/api/events',
    {
      // EventSource sends no Authorization header: the session cookie is accepted here (GET only).
      config: { auth: 'bearer-or-cookie' },
      // A HEAD would open a stream that never sends its body.
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Live events as Server-Sent Events (Bearer token, or the session cookie)',
        description:
          'Events: friend-request {user}, friend-accepted {user}, friend-removed {userId}, memory {id}, memory-deleted {id}. ' +
          'Send Last-Event-ID to receive what was missed in the last 5 minutes. A comment line every 25 s.',
        headers: z.object({ 'last-event-id': z.string().optional() }),
        response: {
          200: z.string().describe('text/event-stream'),
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const lastEventId = request.headers['last-event-id']?.trim() || null;
      if (lastEventId !== null && !parseEventId(lastEventId)) throw new BadRequestError(EVENT_MESSAGES.badLastEventId);
      if (!hub.hasRoomFor(request.user.id)) {
        throw new AppError(429, EVENT_MESSAGES.tooManyStreams, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      // From here the response is ours: Fastify neither serializes nor ends it.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      // The first bytes tell the client the stream is open (and the browser how soon to reconnect).
      res.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      request.socket.setNoDelay(true);
      request.socket.setKeepAlive(true);
      try {
        await hub.open(request.user, res, lastEventId);
      } catch (err) {
        request.log.warn({ err }, 'a live stream failed while sending what it missed');
        res.destroy();
      }
    },
  );
}
