import { errorSchema, shareLinkRequestSchema, shareLinkSchema, shareLinkStatusSchema } from '@memory-map/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { renderLinkGonePage, renderSharePage } from './share-page.ts';
import * as shareLinks from './share-links.service.ts';

/** The address people reach us at: PUBLIC_URL, else the origin this request came to. */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  try {
    // Through URL, so the default port is left out as browsers write it.
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://${request.host}`;
  }
}

const pinParams = z.object({ id: z.string() });

/**
 * The share page's own policy, stricter than the app's: no script at all, its one inline style
 * sheet, and images only from us and from wherever the photo's signed URL points (a bucket).
 */
function sharePageHeaders(reply: FastifyReply, https: boolean, imageUrl: string | null): void {
  const images = new Set(["'self'"]);
  if (imageUrl) images.add(new URL(imageUrl).origin);
  const policy = [
    "default-src 'none'",
    `img-src ${[...images].join(' ')}`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  reply
    .header('content-security-policy', policy)
    .header('content-type', 'text/html; charset=utf-8')
    // Revoking must work at once: no copy of the page (or of its signed photo URL) is kept on the way.
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow');
}

export default async function shareLinksRoutes(app: App) {
  app.post(
    '/api/pins/:id/share',
    {
      config: { rateLimit: RATE_LIMITS.shareLink },
      schema: {
        tags: ['share links'],
        summary: 'Make a link that shows this memory to anyone, for 1–30 days (default 7); it replaces an earlier link',
        params: pinParams,
        body: shareLinkRequestSchema.nullish(),
        response: { 201: shareLinkSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const days = request.body?.expiresInDays ?? shareLinkRequestSchema.parse({}).expiresInDays;
      const link = await shareLinks.createLink(app.ctx, request.user.id, request.params.id, days, publicOrigin(app.ctx.config, request));
      return reply.code(201).send(link);
    },
  );

  app.get(
    '/api/pins/:id/share',
    {
      schema: {
        tags: ['share links'],
        summary: 'Whether your memory has a live link, and until when (its address is shown only when made)',
        params: pinParams,
        response: { 200: shareLinkStatusSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => shareLinks.linkStatus(app.ctx, request.user.id, request.params.id),
  );

  app.delete(
    '/api/pins/:id/share',
    {
      schema: {
        tags: ['share links'],
        summary: "Stop sharing your memory: its link stops working at once",
        params: pinParams,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await shareLinks.revokeLink(app.ctx, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Not under /api, so no session is asked for: the link itself is the permission
  // (the audience rule for links: linkReaches in access/audience.ts).
  app.get(
    '/s/:token',
    {
      config: { rateLimit: RATE_LIMITS.sharePage },
      // The token is a secret: the request log gets the route, never the address.
      logLevel: 'warn',
      schema: { hide: true, params: z.object({ token: z.string() }) },
    },
    async (request, reply) => {
      const origin = publicOrigin(app.ctx.config, request);
      const memory = await shareLinks.sharedMemory(app.ctx, request.params.token, origin);
      sharePageHeaders(reply, request.protocol === 'https' || origin.startsWith('https:'), memory?.imageUrl ?? null);
      if (!memory) return reply.code(404).send(renderLinkGonePage());
      return reply.code(200).send(renderSharePage(memory));
    },
  );
}
