import { APP_TAGLINE, APP_VERSION, errorSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { systemRepository } from './system.repository.ts';

export default async function systemRoutes(app: App) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorSchema },
      },
    },
    async (_request, reply) => {
      try {
        await systemRepository.ping(app.ctx.db.kysely);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ error: 'The database is not answering' });
      }
    },
  );

  app.get(
    '/api/app-info',
    {
      schema: {
        tags: ['system'],
        summary: 'Version, tagline and support address shown in Settings',
        response: { 200: z.object({ version: z.string(), tagline: z.string(), supportEmail: z.string() }) },
      },
    },
    async () => ({ version: APP_VERSION, tagline: APP_TAGLINE, supportEmail: app.ctx.config.supportEmail }),
  );
}
