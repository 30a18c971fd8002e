import {
  CIRCLE_MESSAGES,
  circleIdParamsSchema,
  circleListSchema,
  circleSchema,
  createCircleSchema,
  errorSchema,
  friendActionResponseSchema,
  updateCircleSchema,
} from '@memory-map/shared';
import type { App } from '../../app-types.ts';
import * as circles from './circles.service.ts';

/** Circles: your own audiences (docs/design.md §17). */
export default async function circlesRoutes(app: App) {
  app.get(
    '/api/circles',
    {
      schema: {
        tags: ['circles'],
        summary: 'Your circles, by name, each with its members',
        response: { 200: circleListSchema, 401: errorSchema },
      },
    },
    async (request) => circles.listCircles(app.ctx, request.user.id),
  );

  app.post(
    '/api/circles',
    {
      schema: {
        tags: ['circles'],
        summary: 'Make a circle of your friends (a name unique among yours, at most 500 people)',
        body: createCircleSchema,
        response: { 201: circleSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await circles.createCircle(app.ctx, request.user.id, request.body)),
  );

  app.patch(
    '/api/circles/:id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Rename your circle and/or set who is in it (memberIds replaces the list)',
        params: circleIdParamsSchema,
        body: updateCircleSchema,
        response: { 200: circleSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => circles.updateCircle(app.ctx, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/circles/:id',
    {
      schema: {
        tags: ['circles'],
        summary: 'Delete your circle; the memories for it become private',
        params: circleIdParamsSchema,
        response: { 200: friendActionResponseSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await circles.deleteCircle(app.ctx, request.user.id, request.params.id);
      return { message: CIRCLE_MESSAGES.deleted };
    },
  );
}
