import {
  errorSchema,
  LIMITS,
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
import { AppError, BadRequestError, PayloadTooLargeError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { refuseNulCharacters } from '../../plugins/error-handler.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';
import * as users from './users.service.ts';

const TOO_LARGE = `The file is too large (at most ${LIMITS.uploadBytes / (1024 * 1024)} MB)`;

/** Limits of @fastify/multipart carry their own 4xx status; busboy's parse errors carry none. */
function multipartError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const e = err as { statusCode?: number; code?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(TOO_LARGE);
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return err as Error;
  return new BadRequestError('The upload could not be read; send it as multipart form data');
}

/**
 * The client may send PUT /api/update_user as multipart (SPEC.md §7); its text fields become
 * the body so the same zod schema validates both forms. Files in it are not ours and are drained.
 */
async function multipartFieldsAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') part.file.resume();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    throw multipartError(err);
  }
  refuseNulCharacters(fields);
  request.body = fields;
}

/** The one image of an upload, fully read (so the size limit applies) and non-empty. */
async function readProfilePicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError(USER_MESSAGES.chooseImage);
  try {
    const file = await request.file();
    if (!file) throw new BadRequestError(USER_MESSAGES.chooseImage);
    const buffer = await file.toBuffer();
    if (file.fieldname !== 'profilePicture') throw new BadRequestError(USER_MESSAGES.imageField);
    if (buffer.length === 0) throw new BadRequestError(USER_MESSAGES.chooseImage);
    return buffer;
  } catch (err) {
    throw multipartError(err);
  }
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
        summary: 'Change username and optionally password (JSON or multipart); a new password ends other sessions',
        body: updateAccountSchema,
        response: { 200: z.object({ user: selfUserSchema }), 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({ user: await users.updateAccount(app.ctx, request.user, request.body) }),
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
        },
      },
    },
    async (request) => {
      const upload = await readProfilePicture(request);
      return { profilePicture: await users.setProfilePicture(app.ctx, request.user.id, upload, request.log) };
    },
  );

  // No /api prefix and no token (SPEC.md §7): the session cookie only, same-origin checked.
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
