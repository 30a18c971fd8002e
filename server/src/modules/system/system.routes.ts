import { APP_TAGLINE, APP_VERSION, errorSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { redisState } from '../../lib/redis.ts';
import { systemRepository } from './system.repository.ts';

const dependencyState = z.enum(['ok', 'down', 'not configured']);
const healthSchema = z.object({
  /** 'degraded': serving, but Redis (an accelerator) is down, so limits are per app server. */
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: dependencyState,
});
// Down is still our one error shape, with the same report beside it.
const healthDownSchema = errorSchema.extend({ status: z.literal('down'), database: z.literal('down'), redis: dependencyState });

export default async function systemRoutes(app: App) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Each dependency: 503 only when the database is down (without Redis the app still serves)',
        response: { 200: healthSchema, 503: healthDownSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        systemRepository.ping(app.ctx.db.kysely).then(
          () => 'ok' as const,
          () => 'down' as const,
        ),
        redisState(app.ctx.redis),
      ]);
      if (database === 'down') {
        return reply.code(503).send({ error: 'The database is not answering', status: 'down', database, redis });
      }
      return { status: redis === 'down' ? ('degraded' as const) : ('ok' as const), database, redis };
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
