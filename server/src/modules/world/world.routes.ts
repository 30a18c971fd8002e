import { errorSchema, worldQuerySchema, worldSchema } from '@memory-map/shared';
import type { App } from '../../app-types.ts';
import { worldOf } from './world.service.ts';

/** Your world (docs/design.md §15). */
export default async function worldRoutes(app: App) {
  app.get(
    '/api/world',
    {
      schema: {
        tags: ['trips'],
        summary: "Countries, cities, totals and years of your memories (or, with user=, of the memories of theirs you may read), from their coordinates",
        querystring: worldQuerySchema,
        response: { 200: worldSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => worldOf(app.ctx, request.user.id, request.query.user),
  );
}
