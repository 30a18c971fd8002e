import {
  commentBodySchema,
  commentListSchema,
  commentSchema,
  commentsQuerySchema,
  errorSchema,
  reactionAnswerSchema,
  reactionBodySchema,
} from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import * as conversation from './conversation.service.ts';

const pinParams = z.object({ id: z.string().max(64) });
const commentParams = z.object({ id: z.string().max(64) });
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/** Comments and reactions (docs/design.md §14). */
export default async function conversationRoutes(app: App) {
  app.get(
    '/api/pins/:id/comments',
    {
      schema: {
        tags: ['conversation'],
        summary: 'A memory’s comments, oldest first; next page (after=) in the Link header',
        params: pinParams,
        querystring: commentsQuerySchema,
        response: { 200: commentListSchema, ...refused },
      },
    },
    async (request, reply) => {
      const { limit, after } = request.query;
      const page = await conversation.listComments(app.ctx, request.user.id, request.params.id, { limit, after });
      if (page.nextAfter) {
        const base = `/api/pins/${encodeURIComponent(request.params.id)}/comments`;
        reply.header('link', `<${base}?${limit === undefined ? '' : `limit=${limit}&`}after=${page.nextAfter}>; rel="next"`);
      }
      return page.comments;
    },
  );

  app.post(
    '/api/pins/:id/comments',
    {
      config: { rateLimit: RATE_LIMITS.comment },
      schema: {
        tags: ['conversation'],
        summary: 'Comment on a memory you may read (1 to 1000 characters); @username tells them if they may read it too',
        params: pinParams,
        body: commentBodySchema,
        response: { 201: commentSchema, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await conversation.addComment(app.ctx, request.user.id, request.params.id, request.body.text)),
  );

  app.patch(
    '/api/comments/:id',
    {
      config: { rateLimit: RATE_LIMITS.comment },
      schema: {
        tags: ['conversation'],
        summary: 'Edit your comment',
        params: commentParams,
        body: commentBodySchema,
        response: { 200: commentSchema, ...refused },
      },
    },
    async (request) => conversation.editComment(app.ctx, request.user.id, request.params.id, request.body.text),
  );

  app.delete(
    '/api/comments/:id',
    {
      schema: {
        tags: ['conversation'],
        summary: 'Delete a comment: yours, or one on your memory',
        params: commentParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await conversation.deleteComment(app.ctx, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/pins/:id/reaction',
    {
      config: { rateLimit: RATE_LIMITS.reaction },
      schema: {
        tags: ['conversation'],
        summary: 'React to a memory you may read (one reaction each: ❤️ 😂 😮 😢 👏 🔥); answers its counts',
        params: pinParams,
        body: reactionBodySchema,
        response: { 200: reactionAnswerSchema, ...refused },
      },
    },
    async (request) => conversation.react(app.ctx, request.user.id, request.params.id, request.body.emoji),
  );

  app.delete(
    '/api/pins/:id/reaction',
    {
      config: { rateLimit: RATE_LIMITS.reaction },
      schema: {
        tags: ['conversation'],
        summary: 'Take back your reaction',
        params: pinParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (request, reply) => {
      await conversation.unreact(app.ctx, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
