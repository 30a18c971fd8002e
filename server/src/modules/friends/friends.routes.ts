import {
  errorSchema,
  FRIEND_MESSAGES,
  friendActionResponseSchema,
  pendingRequestsSchema,
  publicUserSchema,
  userIdBodySchema,
} from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import * as friends from './friends.service.ts';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';

export default async function friendsRoutes(app: App) {
  app.get(
    '/api/query_friends',
    {
      // A hot path: answers written by the compiled serializer (lib/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['friends'],
        summary: "The viewer's friends, by username (with e-mail)",
        response: { 200: z.array(publicUserSchema), 401: errorSchema },
      },
    },
    async (request) => friends.listFriends(app.ctx, request.user.id),
  );

  app.post(
    '/api/send_request',
    {
      config: { rateLimit: [RATE_LIMITS.sendFriendRequestPerMinute, RATE_LIMITS.sendFriendRequestPerDay] },
      schema: {
        tags: ['friends'],
        summary: 'Send a friend request',
        body: userIdBodySchema,
        response: {
          200: friendActionResponseSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      await friends.sendRequest(app.ctx, request.user.id, request.body.userId);
      return { message: FRIEND_MESSAGES.requestSent };
    },
  );

  app.get(
    '/api/pending_requests',
    {
      schema: {
        tags: ['friends'],
        summary: 'Friend requests received and not yet answered, newest first',
        response: { 200: pendingRequestsSchema, 401: errorSchema },
      },
    },
    async (request) => ({ pendingRequests: await friends.listReceived(app.ctx, request.user.id) }),
  );

  app.post(
    '/api/accept_request',
    {
      schema: {
        tags: ['friends'],
        summary: 'Accept the request from userId: friends both ways',
        body: userIdBodySchema,
        response: { 200: friendActionResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await friends.acceptRequest(app.ctx, request.user.id, request.body.userId);
      return { message: FRIEND_MESSAGES.requestAccepted };
    },
  );

  app.post(
    '/api/reject_request',
    {
      schema: {
        tags: ['friends'],
        summary: 'Reject the request from userId',
        body: userIdBodySchema,
        response: { 200: friendActionResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await friends.rejectRequest(app.ctx, request.user.id, request.body.userId);
      return { message: FRIEND_MESSAGES.requestRejected };
    },
  );

  app.delete(
    '/api/delete_friend',
    {
      schema: {
        tags: ['friends'],
        summary: 'End the friendship with userId, both ways',
        body: userIdBodySchema,
        response: { 200: friendActionResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await friends.removeFriend(app.ctx, request.user.id, request.body.userId);
      return { message: FRIEND_MESSAGES.friendRemoved };
    },
  );
}
