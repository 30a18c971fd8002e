import { deleteAccountSchema, errorSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { AppError } from '../../lib/errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { clearSessionCookie } from '../sessions/session-cookie.ts';
import { deleteAccount } from './account.service.ts';
import { exportArchive } from './export-archive.ts';

function archiveName(username: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  // Usernames may hold letters of any script; a header's plain filename may not.
  return /^[A-Za-z0-9_.-]+$/.test(username) ? `memory-map-${username}-${day}.zip` : `memory-map-${day}.zip`;
}

export default async function accountRoutes(app: App) {
  const exporting = new Set<string>();

  app.get(
    '/api/export',
    {
      // An export reads everything the user has: a few an hour, and one at a time (below).
      config: { rateLimit: RATE_LIMITS.exportData },
      schema: {
        tags: ['account'],
        summary:
          'Download everything you own as a zip: profile.json, friends.json, memories.json, memories.geojson, photos/<memory id>.jpg (streamed)',
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('The zip archive, streamed'), 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      if (exporting.has(userId)) {
        throw new AppError(429, 'Your data is already being downloaded. Wait for that download to finish.', { 'retry-after': '10' });
      }
      exporting.add(userId);
      const archive = exportArchive(app.ctx, userId, request.log);
      archive.done.then(
        () => exporting.delete(userId),
        () => exporting.delete(userId),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archiveName(request.user.username, new Date())}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete your account and everything of it (memories, photos, friendships, requests, sessions, share links); needs your password',
        body: deleteAccountSchema,
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.ctx, request.log, request.user, request.body.password);
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );
}
