import {
  errorSchema,
  publicUserSchema,
  selfUserSchema,
  updateAccountSchema,
  updateNamesSchema,
  USER_MESSAGES,
  usersQuerySchema,
  type UsersQuery,
} from '@memory-map/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { publicOrigin } from '../share-links/share-links.routes.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import { readForm, type FormInput } from '../media/multipart.ts';
import { withUploadSlot, type UploadSlot } from '../media/upload-limits.ts';
import * as users from './users.service.ts';

/**
 * The client may send PUT /api/update_user as multipart (docs/product.md §7); its text fields become
 * the body so the same zod schema validates both forms. It takes no file: one sent is drained.
 */
async function multipartFieldsAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  request.body = (await readForm(request, null)).fields;
}

/** The form of an upload, fully read (so every limit applies), with its one non-empty image. */
async function readProfilePicture(request: FastifyRequest, slot?: UploadSlot): Promise<FormInput> {
  if (!request.isMultipart()) throw new BadRequestError(USER_MESSAGES.chooseImage);
  const form = await readForm(request, 'profilePicture', slot);
  if (!form.file) throw new BadRequestError(form.strayFile ? USER_MESSAGES.imageField : USER_MESSAGES.chooseImage);
  if (form.file.length === 0) throw new BadRequestError(USER_MESSAGES.chooseImage);
  return form;
}

function nextLink(query: UsersQuery, after: string): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  params.set('limit', String(query.limit));
  params.set('after', after);
  return `</api/query_all_users?${params.toString()}>; rel="next"`;
}

export default async function usersRoutes(app: App) {
  app.get(
    '/api/get_user',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user: the bare user object, as the original client reads it',
        response: { 200: selfUserSchema, 401: errorSchema },
      },
    },
    // Bare, not {user}: the original client reads data.username and data.profilePicture, and
    // without them shows "Guest" and saves "Guest" as the new username (docs/design.md §9).
    async (request, reply) => {
      const user = await users.getSelf(app.ctx, request.user.id);
      setSessionCookie(app, reply, bearerToken(request)!);
      return user;
    },
  );

  app.get(
    '/api/get_user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Another user: username and picture (e-mail only where allowed)',
        params: z.object({ id: z.string() }),
        response: { 200: publicUserSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => users.getOther(app.ctx, request.user.id, request.params.id),
  );

  app.get(
    '/api/query_all_users',
    {
      schema: {
        tags: ['users'],
        summary: 'Other users by username; q filters (substring, any case); next page in the Link header',
        querystring: usersQuerySchema,
        response: { 200: z.array(publicUserSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const page = await users.listOthers(app.ctx, request.user.id, request.query);
      if (page.next !== undefined) reply.header('link', nextLink(request.query, page.next));
      return page.users;
    },
  );

  app.put(
    '/api/update_user',
    {
      preValidation: async (request) => multipartFieldsAsBody(request),
      schema: {
        tags: ['users'],
        summary:
          'Change username and optionally password (JSON or multipart); currentPassword, when sent, must be right; a new password ends other sessions',
        body: updateAccountSchema,
        response: {
          200: z.object({ user: selfUserSchema }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => ({
      user: await users.updateAccount(app.ctx, request.user, request.body, { log: request.log, origin: publicOrigin(app.ctx.config, request) }),
    }),
  );

  app.post(
    '/api/profile/upload-profile-picture',
    {
      schema: {
        tags: ['users'],
        summary: 'Replace the profile picture (multipart field profilePicture); metadata is stripped',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ profilePicture: z.string() }),
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) =>
      withUploadSlot(app.ctx.uploads, request, async (slot) => {
        const upload = await readProfilePicture(request, slot);
        return { profilePicture: await users.setProfilePicture(app.ctx, request.user.id, upload, request.log) };
      }),
  );

  // No /api prefix and no token (docs/product.md §7): the session cookie only, same-origin checked.
  app.put(
    '/update_user',
    {
      onRequest: app.requireCookieUser,
      schema: {
        tags: ['users'],
        summary: 'First and last name of the signed-in user (cookie session, same origin only)',
        body: updateNamesSchema,
        security: [],
        response: {
          200: z.object({ user: selfUserSchema }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => ({ user: await users.updateNames(app.ctx, request.user.id, request.body) }),
  );
}
