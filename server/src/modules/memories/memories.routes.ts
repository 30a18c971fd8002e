import {
  createMemorySchema,
  errorSchema,
  feedQuerySchema,
  LIMITS,
  memoryTripSchema,
  optionalPinIdSchema,
  PHOTO_MESSAGES,
  pinListSchema,
  pinSchema,
  updateMemorySchema,
} from '@memory-map/shared';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { processImage } from '../media/images.ts';
import { readPhotosForm } from '../media/multipart.ts';
import { withUploadSlot, type UploadSlot } from '../media/upload-limits.ts';
import * as memories from './memories.service.ts';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';
import { sendAnswer } from '../read-cache/ready-answer.ts';

/**
 * Create and update take multipart (the spec's client) or JSON (API clients). A multipart body
 * is only readable as a stream inside the handler, so the route's body schema documents the
 * fields for OpenAPI and the service validates them with the same schema once they are read.
 */
function bodyReadByHandler<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

const photoField = {
  image: z
    .string()
    .optional()
    .describe(`The photos (multipart only): the field repeated, up to ${LIMITS.photosPerMemory} files, each any image type of at most 15 MB`),
};

/** Every photo of a memory's form is decoded as it arrives, one at a time (media/multipart.ts). */
function readMemoryForm(request: FastifyRequest, slot: UploadSlot | undefined) {
  return readPhotosForm(request, 'image', {
    maxFiles: LIMITS.photosPerMemory,
    tooMany: PHOTO_MESSAGES.tooMany,
    slot,
    process: (bytes) => processImage(bytes, 'pins'),
  });
}

const writeErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};

export interface MemoriesRoutesOptions {
  /** Names the place of a moved memory, or of a new one that arrives without a name (the app's places service). */
  places?: memories.PlaceLookup;
}

/** Letters, digits, '-' and '_' (a UUID fits): the key is stored and compared, never shown. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{1,64}$/;
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 64 letters, digits, '-' or '_'";

function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw new BadRequestError(IDEMPOTENCY_KEY_MESSAGE);
  return header;
}

export default async function memoriesRoutes(app: App, options: MemoriesRoutesOptions = {}) {
  app.post(
    '/api/create',
    {
      config: { pinCounts: true, rateLimit: RATE_LIMITS.createMemory },
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['memories'],
        summary: `Pin a memory (multipart with up to ${LIMITS.photosPerMemory} image files, or JSON without photos)`,
        consumes: ['multipart/form-data', 'application/json'],
        body: createMemorySchema.extend(photoField),
        response: { 201: pinSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const clientKey = idempotencyKeyOf(request.headers['idempotency-key']);
      return withUploadSlot(app.ctx.uploads, request, async (slot) => {
        const form = await readMemoryForm(request, slot);
        const pin = await memories.create(app.ctx, request.log, request.user.id, form, { clientKey, places: options.places });
        return reply.code(201).send(pin);
      });
    },
  );

  app.put(
    '/api/update_pin',
    {
      config: { pinCounts: true, rateLimit: RATE_LIMITS.updateMemory },
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['memories'],
        summary:
          'Change your memory; absent tags mean none; keepImages (JSON list of photo ids, in the order to show) keeps those photos and appends the image files sent; without keepImages an image replaces the first photo and removeImage=true drops it; latitude and longitude move it (the place is named again unless locationName is sent)',
        consumes: ['multipart/form-data', 'application/json'],
        body: updateMemorySchema.extend(photoField),
        response: { 200: pinSchema, ...writeErrors },
      },
    },
    async (request) =>
      withUploadSlot(app.ctx.uploads, request, async (slot) => {
        const form = await readMemoryForm(request, slot);
        return memories.update(app.ctx, request.log, request.user.id, form, options.places);
      }),
  );

  app.put(
    '/api/pins/:id/trip',
    {
      schema: {
        tags: ['memories'],
        summary: 'Put your memory in one of your trips, or in none (tripId null); only this memory changes',
        params: z.object({ id: z.string().max(64) }),
        body: memoryTripSchema,
        response: { 200: memoryTripSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => memories.setTrip(app.ctx, request.user.id, request.params.id, request.body.tripId),
  );

  app.delete(
    '/api/delete',
    {
      schema: {
        tags: ['memories'],
        summary: 'Delete your memory with its tags and photos (pinId in the JSON body or the query)',
        body: optionalPinIdSchema.nullish(),
        querystring: optionalPinIdSchema,
        response: { 200: z.object({ success: z.literal(true) }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const pinId = request.body?.pinId || request.query.pinId;
      if (!pinId) throw new BadRequestError('pinId is required');
      await memories.remove(app.ctx, request.log, request.user.id, pinId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/pins/:id',
    {
      config: { pinCounts: true },
      schema: {
        tags: ['memories'],
        summary: 'One memory you may see (its screen), with its comment and reaction counts',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: pinSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => memories.getMemory(app.ctx, request.user.id, request.params.id),
  );

  app.get(
    '/api/users/:id/memories',
    {
      // Pins get their comment and reaction counts after the body is written (conversation/pin-counts.ts).
      config: { pinCounts: true },
      schema: {
        tags: ['memories'],
        summary: `One person's memories that you may see, newest first (their profile): limit (default ${LIMITS.feedPageDefault}, at most ${LIMITS.feedPageMax}); next page in the Link header`,
        params: z.object({ id: z.string() }),
        querystring: feedQuerySchema,
        response: { 200: pinListSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.feedPageDefault;
      const page = await memories.authorMemories(app.ctx, request.user.id, request.params.id, { limit, before: request.query.before });
      if (page.nextBefore) {
        reply.header('link', `</api/users/${encodeURIComponent(request.params.id)}/memories?limit=${limit}&before=${page.nextBefore}>; rel="next"`);
      }
      return page.pins;
    },
  );

  app.get(
    '/api/query_feed',
    {
      // Pins get their comment and reaction counts after the body is written (conversation/pin-counts.ts).
      config: { pinCounts: true },
      // A hot path: answers written by the compiled serializer (lib/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['memories'],
        summary: `The memories you may see, newest first, a page at a time: limit (at most ${LIMITS.feedPageMax}) per page, or the newest ${LIMITS.feedUnpaged} without limit; next page in the Link header`,
        querystring: feedQuerySchema,
        response: { 200: pinListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { limit, before } = request.query;
      const page = await memories.feed(app.ctx, request.user.id, { limit: limit ?? LIMITS.feedUnpaged, before }, request.user.counters);
      if (page.nextBefore) {
        // The next page is asked the way this one was: with the same limit, or without one.
        const next = `/api/query_feed?${limit === undefined ? '' : `limit=${limit}&`}before=${page.nextBefore}`;
        reply.header('link', `<${next}>; rel="next"`);
      }
      return sendAnswer(request, reply, page.answer);
    },
  );
}
