import { errorSchema, markReadSchema, notificationListSchema, notificationsQuerySchema, unreadCountSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import * as notifications from './notifications.service.ts';

/** Notifications (docs/design.md §14). */
export default async function notificationsRoutes(app: App) {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, unread ones of one kind on one memory grouped; next page in the Link header',
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { limit, before } = request.query;
      const page = await notifications.list(app.ctx, request.user.id, { limit, before });
      if (page.nextBefore) {
        reply.header('link', `</api/notifications?${limit === undefined ? '' : `limit=${limit}&`}before=${page.nextBefore}>; rel="next"`);
      }
      return page.notifications;
    },
  );

  app.get(
    '/api/notifications/unread_count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread (the bell’s badge)',
        response: { 200: unreadCountSchema, 401: errorSchema },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(app.ctx, request.user.id) }),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark your notifications read: all, or those up to the id upTo',
        body: markReadSchema,
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      await notifications.markRead(app.ctx, request.user.id, request.body?.upTo);
      return reply.code(204).send(null);
    },
  );
}
