import {
  adminSettingsSchema,
  adminStatsSchema,
  adminUserPatchSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  errorSchema,
  inviteRequestSchema,
  inviteSchema,
  resetLinkSchema,
} from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { requireAdmin } from '../access/index.ts';
import { adminResetLink } from '../password-reset/password-reset.service.ts';
import { publicOrigin } from '../share-links/share-links.routes.ts';
import * as admin from './admin.service.ts';

const userParams = z.object({ id: z.string() });
const inviteParams = z.object({ code: z.string().max(100) });
const refused = { 401: errorSchema, 403: errorSchema };

/**
 * /api/admin/* (docs/design.md §18). Every route of this plugin asks the admin relation first
 * (access/admin-access.ts), after the session and before the body is read: a member gets 403
 * whatever they send.
 */
export default async function adminRoutes(app: App) {
  app.addHook('preValidation', async (request) => requireAdmin(app.ctx.db.kysely, request.user.id));

  app.get(
    '/api/admin/users',
    { schema: { tags: ['admin'], summary: 'Accounts, with memories, storage and last visit', querystring: adminUsersQuerySchema, response: { 200: z.array(adminUserSchema), 400: errorSchema, ...refused } } },
    async (request, reply) => {
      const page = await admin.listUsers(app.ctx, request.query);
      if (page.next) {
        const params = new URLSearchParams({ limit: String(request.query.limit), after: page.next });
        if (request.query.q) params.set('q', request.query.q);
        reply.header('link', `</api/admin/users?${params.toString()}>; rel="next"`);
      }
      return page.users;
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { schema: { tags: ['admin'], summary: 'Disable, enable, make or unmake an admin', params: userParams, body: adminUserPatchSchema, response: { 200: adminUserSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, ...refused } } },
    async (request) => admin.patchUser(app.ctx, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { tags: ['admin'], summary: 'Delete an account and everything it owns', params: userParams, response: { 204: z.null(), 404: errorSchema, 409: errorSchema, ...refused } } },
    async (request, reply) => {
      await admin.deleteUser(app.ctx, request.log, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/users/:id/reset_link',
    { schema: { tags: ['admin'], summary: 'A password reset link to hand to the user', params: userParams, response: { 200: resetLinkSchema, 404: errorSchema, ...refused } } },
    async (request) => adminResetLink(app.ctx, request.params.id, publicOrigin(app.ctx.config, request)),
  );

  app.get(
    '/api/admin/stats',
    { schema: { tags: ['admin'], summary: 'Totals of the server', response: { 200: adminStatsSchema, ...refused } } },
    async () => admin.stats(app.ctx),
  );

  app.get(
    '/api/admin/settings',
    { schema: { tags: ['admin'], summary: 'The sign-up mode', response: { 200: adminSettingsSchema, ...refused } } },
    async () => admin.getSettings(app.ctx),
  );

  app.put(
    '/api/admin/settings',
    { schema: { tags: ['admin'], summary: 'Change the sign-up mode', body: adminSettingsSchema, response: { 200: adminSettingsSchema, 400: errorSchema, ...refused } } },
    async (request) => admin.putSettings(app.ctx, request.body),
  );

  app.get(
    '/api/admin/invites',
    { schema: { tags: ['admin'], summary: 'Invites that can still be used', response: { 200: z.array(inviteSchema), ...refused } } },
    async (request) => admin.listInvites(app.ctx, publicOrigin(app.ctx.config, request)),
  );

  app.post(
    '/api/admin/invites',
    { schema: { tags: ['admin'], summary: 'Make an invite', body: inviteRequestSchema, response: { 201: inviteSchema, 400: errorSchema, ...refused } } },
    async (request, reply) => reply.code(201).send(await admin.createInvite(app.ctx, request.user, request.body, publicOrigin(app.ctx.config, request))),
  );

  app.delete(
    '/api/admin/invites/:code',
    { schema: { tags: ['admin'], summary: 'Revoke an invite', params: inviteParams, response: { 204: z.null(), 404: errorSchema, ...refused } } },
    async (request, reply) => {
      await admin.revokeInvite(app.ctx, request.params.code);
      return reply.code(204).send(null);
    },
  );
}
