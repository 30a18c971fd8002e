import {
  createTripSchema,
  errorSchema,
  friendActionResponseSchema,
  shareLinkRequestSchema,
  shareLinkSchema,
  shareLinkStatusSchema,
  TRIP_MESSAGES,
  tripIdParamsSchema,
  tripListQuerySchema,
  tripListSchema,
  tripPinsSchema,
  tripSchema,
  updateTripSchema,
} from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { readForm } from '../media/multipart.ts';
import { publicOrigin } from '../share-links/share-links.routes.ts';
import { renderTripGonePage, renderTripPage } from './trip-page.ts';
import * as trips from './trips.service.ts';

/** Trips (docs/design.md §15). */
export default async function tripsRoutes(app: App) {
  app.get(
    '/api/trips',
    {
      schema: {
        tags: ['trips'],
        summary: "The trips you may open of a user (default: yours), newest first, each with the memories you may read",
        querystring: tripListQuerySchema,
        response: { 200: tripListSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => trips.listTrips(app.ctx, request.user.id, request.query.user),
  );

  app.post(
    '/api/trips',
    {
      schema: {
        tags: ['trips'],
        summary: 'Make a trip of your own memories (a memory is in at most one trip: it leaves any other)',
        body: createTripSchema,
        response: { 201: tripSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await trips.createTrip(app.ctx, request.user.id, request.body)),
  );

  app.get(
    '/api/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'A trip: the memories you may read in it by when they happened, its route (GeoJSON) and stats from those only',
        params: tripIdParamsSchema,
        response: { 200: tripSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => trips.getTrip(app.ctx, request.user.id, request.params.id),
  );

  app.patch(
    '/api/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'Change your trip: title, description, visibility, cover, or drop its GPX track',
        params: tripIdParamsSchema,
        body: updateTripSchema,
        response: { 200: tripSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => trips.updateTrip(app.ctx, request.user.id, request.params.id, request.body),
  );

  app.put(
    '/api/trips/:id/pins',
    {
      schema: {
        tags: ['trips'],
        summary: "Set which of your memories are in the trip (replaces the set; at most 500; a memory leaves any other trip)",
        params: tripIdParamsSchema,
        body: tripPinsSchema,
        response: { 200: tripSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => trips.setTripPins(app.ctx, request.user.id, request.params.id, request.body.pinIds),
  );

  app.delete(
    '/api/trips/:id',
    {
      schema: {
        tags: ['trips'],
        summary: 'Delete your trip; its memories stay',
        params: tripIdParamsSchema,
        response: { 200: friendActionResponseSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await trips.deleteTrip(app.ctx, request.user.id, request.params.id);
      return { message: TRIP_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/trips/:id/track',
    {
      config: { rateLimit: RATE_LIMITS.tripTrack },
      schema: {
        tags: ['trips'],
        summary: 'Upload a GPX file (multipart field track, at most 10 MB): its line becomes the route, simplified',
        consumes: ['multipart/form-data'],
        params: tripIdParamsSchema,
        response: { 200: tripSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new BadRequestError(TRIP_MESSAGES.trackMissing);
      const form = await readForm(request, 'track');
      try {
        return await trips.setTrack(app.ctx, request.user.id, request.params.id, form.file);
      } finally {
        form.releaseFile?.();
      }
    },
  );

  app.post(
    '/api/trips/:id/share',
    {
      config: { rateLimit: RATE_LIMITS.shareLink },
      schema: {
        tags: ['trips'],
        summary: "Make a link that shows your trip to anyone, for 1–30 days (default 7): its memories for friends or everyone, never private or circle ones",
        params: tripIdParamsSchema,
        body: shareLinkRequestSchema.nullish(),
        response: { 201: shareLinkSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const days = request.body?.expiresInDays ?? shareLinkRequestSchema.parse({}).expiresInDays;
      return reply.code(201).send(await trips.createTripLink(app.ctx, request.user.id, request.params.id, days, publicOrigin(app.ctx.config, request)));
    },
  );

  app.get(
    '/api/trips/:id/share',
    {
      schema: {
        tags: ['trips'],
        summary: 'Whether your trip has a live link, and until when',
        params: tripIdParamsSchema,
        response: { 200: shareLinkStatusSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => trips.tripLinkStatus(app.ctx, request.user.id, request.params.id),
  );

  app.delete(
    '/api/trips/:id/share',
    {
      schema: {
        tags: ['trips'],
        summary: 'Stop sharing your trip: its link stops working at once',
        params: tripIdParamsSchema,
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await trips.revokeTripLink(app.ctx, request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Not under /api: the link itself is the permission (the `share-link` relation of a trip).
  app.get(
    '/t/:token',
    {
      config: { rateLimit: RATE_LIMITS.sharePage },
      logLevel: 'warn',
      schema: { hide: true, params: z.object({ token: z.string() }) },
    },
    async (request, reply) => {
      const trip = await trips.sharedTrip(app.ctx, request.params.token, publicOrigin(app.ctx.config, request));
      const images = new Set(["'self'", ...(trip?.stops.flatMap((s) => (s.imageUrl ? [new URL(s.imageUrl).origin] : [])) ?? [])]);
      reply
        .header('content-security-policy', `default-src 'none'; img-src ${[...images].join(' ')}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow');
      if (!trip) return reply.code(404).send(renderTripGonePage());
      return reply.code(200).send(renderTripPage(trip));
    },
  );
}
