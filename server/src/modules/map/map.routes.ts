import { clusteredMapQuerySchema, errorSchema, mapResponseSchema } from '@memory-map/shared';
import type { App } from '../../app-types.ts';
import { mapView } from './map.service.ts';

export default async function mapRoutes(app: App) {
  app.get(
    '/api/map',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['memories'],
        summary:
          'The map at any zoom: pins for a narrow viewport (at most 300, newest first), clusters counting only memories you may see for a wide one. bbox=west,south,east,north (west > east crosses the antimeridian), zoom, optional types=own,friend,public',
        querystring: clusteredMapQuerySchema,
        response: { 200: mapResponseSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => mapView(app.ctx, request.user.id, request.query),
  );
}
