import { errorSchema, forgotPasswordSchema, resetPasswordSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { publicOrigin } from '../share-links/share-links.routes.ts';
import { forgotPassword, resetPassword } from './password-reset.service.ts';

/** The one body of every accepted "forgot password": it says nothing about the account. */
const ACCEPTED = { message: 'If that account exists and has an e-mail address, a reset link is on its way.' };

export default async function passwordResetRoutes(app: App) {
  app.post(
    '/api/password/forgot',
    {
      config: { rateLimit: RATE_LIMITS.passwordForgot },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (202 whatever the account)',
        body: forgotPasswordSchema,
        response: { 202: z.object({ message: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      forgotPassword(app.ctx, request.log, request.body.login, publicOrigin(app.ctx.config, request));
      return reply.code(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: { rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session',
        body: resetPasswordSchema,
        response: { 200: z.object({ message: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body);
      return { message: 'Your password has been changed. Log in with the new one.' };
    },
  );
}
