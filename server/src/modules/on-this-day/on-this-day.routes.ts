import { errorSchema, onThisDayQuerySchema, pinSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { ownOnThisDay } from './on-this-day.service.ts';

export default async function onThisDayRoutes(app: App) {
  app.get(
    '/api/on_this_day',
    {
      // Pins get their comment and reaction counts after the body is written (conversation/pin-counts.ts).
      config: { pinCounts: true },
      schema: {
        tags: ['memories'],
        summary: "Your memories from today's date in earlier years, newest first; tz is your time zone (default UTC)",
        querystring: onThisDayQuerySchema,
        response: { 200: z.array(pinSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ownOnThisDay(app.ctx, request.user.id, request.query.tz),
  );
}
