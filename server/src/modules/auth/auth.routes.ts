import { authResponseSchema, errorSchema, loginSchema, registerSchema, signupInfoSchema } from '@memory-map/shared';
import { registrationMode } from '../admin/registration.ts';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import * as auth from './auth.service.ts';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.ts';
import { revokeSession } from '../sessions/sessions.ts';

export default async function authRoutes(app: App) {
  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and start a session',
        body: registerSchema,
        response: { 201: authResponseSchema, 400: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await auth.register(app.ctx, request.body, request.ip, request.headers['user-agent']);
      setSessionCookie(app, reply, token);
      return reply.code(201).send({ token, user });
    },
  );

  app.post(
    '/api/profile/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a session',
        body: loginSchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { token, user } = await auth.login(app.ctx, request.body, request.ip, request.headers['user-agent']);
      setSessionCookie(app, reply, token);
      return { token, user };
    },
  );

  app.get(
    '/api/signup-info',
    {
      schema: { tags: ['auth'], summary: 'Whether and how one may sign up, and whether reset links go by e-mail', response: { 200: signupInfoSchema } },
    },
    async () => ({ registration: await registrationMode(app.ctx), resetByEmail: app.ctx.mailer !== undefined }),
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null(), 401: errorSchema } },
    },
    async (request, reply) => {
      await revokeSession(app.ctx, request.user);
      clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );
}
