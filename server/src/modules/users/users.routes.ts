import { errorSchema, publicUserSchema, selfUserSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import * as users from './users.service.ts';

export default async function usersRoutes(app: App) {
  app.get(
    '/api/get_user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: z.object({ user: selfUserSchema }), 401: errorSchema },
      },
    },
    async (request) => ({ user: await users.getSelf(app.ctx, request.user.id) }),
  );

  app.get(
    '/api/get_user/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Another user: username and picture (e-mail only where allowed)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: publicUserSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => users.getOther(app.ctx, request.user.id, request.params.id),
  );
}
