import { ADMIN_MESSAGES, errorSchema, sessionInfoSchema, type SessionInfo } from '@memory-map/shared';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { revokeOtherSessions } from './sessions.ts';

/**
 * A session's public id: a hash of its stored hash, so the list never shows anything that
 * could be turned back into a token or even matched against the database's copy.
 */
function publicId(tokenHash: string): string {
  return createHash('sha256').update(`session:${tokenHash}`).digest('base64url').slice(0, 22);
}

/** "Your sessions" (docs/design.md §18): where one is signed in; end one, or all but this one. */
export default async function sessionsRoutes(app: App) {
  app.get(
    '/api/sessions',
    { schema: { tags: ['auth'], summary: 'Where you are signed in', response: { 200: z.array(sessionInfoSchema), 401: errorSchema } } },
    async (request): Promise<SessionInfo[]> => {
      const rows = await sessionsRepository.listOfUser(app.ctx.db.kysely, request.user.id, nowIso());
      return rows.map((r) => ({
        id: publicId(r.token_hash),
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        userAgent: r.user_agent,
        current: r.token_hash === request.user.sessionHash,
      }));
    },
  );

  app.delete(
    '/api/sessions/:id',
    { schema: { tags: ['auth'], summary: 'End one of your sessions', params: z.object({ id: z.string().max(64) }), response: { 204: z.null(), 401: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      const rows = await sessionsRepository.listOfUser(app.ctx.db.kysely, request.user.id, nowIso());
      const row = rows.find((r) => publicId(r.token_hash) === request.params.id);
      if (!row) throw new NotFoundError(ADMIN_MESSAGES.sessionNotFound);
      await sessionsRepository.deleteOfUser(app.ctx.db.kysely, request.user.id, row.token_hash);
      await app.ctx.events.endSessions({ userId: request.user.id, sessionHash: row.token_hash });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/sessions',
    { schema: { tags: ['auth'], summary: 'End every session but this one', response: { 204: z.null(), 401: errorSchema } } },
    async (request, reply) => {
      await revokeOtherSessions(app.ctx, request.user.id, request.user.sessionHash);
      await app.ctx.events.endSessions({ userId: request.user.id, exceptSessionHash: request.user.sessionHash });
      return reply.code(204).send(null);
    },
  );
}
