import { errorSchema, pinSchema, searchQuerySchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { search } from './search.service.ts';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';

export default async function searchRoutes(app: App) {
  app.get(
    '/api/search',
    {
      // Pins get their comment and reaction counts after the body is written (conversation/pin-counts.ts).
      config: { pinCounts: true },
      // Search text says what people remember; it stays out of the request log.
      logLevel: 'warn',
      // A hot path: answers written by the compiled serializer (lib/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['memories'],
        summary:
          'Find the memories you may see by words of their title, description or place name, most relevant first, a page at a time (next page in the Link header); a blank q finds nothing',
        querystring: searchQuerySchema,
        response: { 200: z.array(pinSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const page = await search(app.ctx, request.user.id, request.query);
      if (page.nextBefore) {
        const next = `/api/search?${new URLSearchParams({ q, limit: String(limit), before: page.nextBefore })}`;
        reply.header('link', `<${next}>; rel="next"`);
      }
      return page.pins;
    },
  );
}
