import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { MEDIA_KEY_RE } from './media-store.ts';
import { verifyMediaUrl } from './media-urls.ts';
import { SERVER_DIR } from '../../paths.ts';

const defaultAvatar = readFileSync(path.join(SERVER_DIR, 'assets', 'default-avatar.svg'));

export default async function mediaRoutes(app: App) {
  /**
   * With front-ends on other origins (CORS_ORIGINS), their `<img>` must be able to load our
   * images, which `same-origin` (on every other response) forbids. Images are reached only
   * through signed, expiring URLs handed to viewers allowed to see them, never by cookie, so a
   * page that can name the URL could fetch the bytes anyway: `cross-origin` exposes nothing more.
   * Without other origins the stricter policy stays.
   */
  const resourcePolicy = app.ctx.config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin';

  app.get('/media/default-avatar.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', resourcePolicy)
      .send(defaultAvatar),
  );

  app.get(
    '/media/:folder/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Image bytes behind a signed, expiring URL (403 when tampered or expired)',
        params: z.object({
          folder: z.string().describe('pins or avatars'),
          file: z.string().describe('the file name the signed URL names, e.g. <uuid>-thumb.jpg'),
        }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
        produces: ['image/jpeg', 'image/webp', 'image/png'],
        response: {
          200: z.unknown().describe('The image bytes, streamed'),
          304: z.unknown().describe('Not modified: the ETag sent is the image’s (its bytes never change)'),
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cross-origin-resource-policy', resourcePolicy);
      // Every key is <folder>/<file> (MEDIA_KEY_RE); anything else is not one of ours.
      const key = `${request.params.folder}/${request.params.file}`;
      if (!MEDIA_KEY_RE.test(key)) throw new NotFoundError('Image not found');
      const check = verifyMediaUrl(app.ctx.config.secretKey, key, request.query.exp, request.query.sig);
      if (check === 'invalid') throw new ForbiddenError('This image link is not valid');
      if (check === 'expired') throw new ForbiddenError('This image link has expired. Reload the page to get a new one.');
      // Keys are never reused (a new upload gets a new key), so the bytes behind one never change.
      const etag = `"${key.replace(/[^a-z0-9]/gi, '')}"`;
      const maxAge = Math.max(0, Number(request.query.exp) - Math.floor(Date.now() / 1000));
      reply.header('cache-control', `private, max-age=${maxAge}, immutable`).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const object = await app.ctx.media.get(key);
      if (!object) throw new NotFoundError('Image not found');
      return reply.type(object.contentType).header('content-length', object.size).send(object.body);
    },
  );
}
