import { errorSchema, mapAnswerSchema, mapPinsQuerySchema } from '@memory-map/shared';
import type { App } from '../../app-types.ts';
import { mapPins } from './map.service.ts';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';
import { sendAnswer } from '../read-cache/ready-answer.ts';

export default async function mapRoutes(app: App) {
  app.get(
    '/api/query_map_pins',
    {
      // Pins get their comment and reaction counts after the body is written (conversation/pin-counts.ts).
      config: { pinCounts: true },
      // A hot path: answers written by the compiled serializer (lib/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['memories'],
        summary:
          "The memories you may see. Without zoom (the spec's client): an array of pins, newest first; optional bbox=west,south,east,north and limit (default 500, at most 2000). " +
          'With bbox and zoom (the map): {items, truncated} — pins for a narrow viewport (at most 300, newest first, markers closer than 48 px merged into bubbles), clusters counting only memories you may see for a wide one; optional types=own,friend,public. West > east crosses the antimeridian.',
        querystring: mapPinsQuerySchema,
        response: { 200: mapAnswerSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      return sendAnswer(request, reply, await mapPins(app.ctx, request.user.id, request.query, request.user.counters));
    },
  );
}
