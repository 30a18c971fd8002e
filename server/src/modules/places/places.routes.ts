import { coordinateSchema, errorSchema, LIMITS, placeSearchResultSchema, reverseResultSchema } from '@memory-map/shared';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { NominatimClient } from './nominatim-client.ts';
import { createPlacesService, type PlacesService } from './places.service.ts';

const SEARCH_TEXT_MAX = 200;

const searchQuerySchema = z.object({
  // A missing or blank q finds nothing (an empty list), as the client ignores blank searches.
  q: z.string().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).default(''),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.placesSearchMax, `limit must be at most ${LIMITS.placesSearchMax}`)
    .default(LIMITS.placesSearchDefault),
});

const reverseQuerySchema = z.object({
  lat: coordinateSchema('Latitude', 90),
  lon: coordinateSchema('Longitude', 180),
});

/**
 * The app's one places service: the offline gazetteer, with GEOCODER_URL asked first when set.
 * One per app, so every caller shares the upstream's rate limit and cache.
 */
export function placesServiceFor(app: App): PlacesService {
  const { geocoderUrl } = app.ctx.config;
  return createPlacesService({
    upstream: geocoderUrl
      ? new NominatimClient({
          baseUrl: geocoderUrl,
          onError: (reason) => app.log.warn({ reason }, 'geocoder did not answer; answered from the offline gazetteer'),
        })
      : undefined,
  });
}

export interface PlacesRoutesOptions {
  /** For tests: a service instead of the one built from the config. */
  service?: PlacesService;
}

/**
 * GET /api/places/search and /api/places/reverse: the geocoding the web client needs, answered
 * by our own server. Positions and search text are never logged: these routes log at warn and
 * above only, so Fastify's request lines (which carry the URL) are left out.
 */
export default async function placesRoutes(app: App, options: PlacesRoutesOptions = {}) {
  const service = options.service ?? placesServiceFor(app);

  app.get(
    '/api/places/search',
    {
      logLevel: 'warn',
      config: { rateLimit: RATE_LIMITS.placesSearch },
      schema: {
        tags: ['places'],
        summary: 'Find places by name (offline gazetteer, or GEOCODER_URL when set)',
        querystring: searchQuerySchema,
        response: { 200: z.array(placeSearchResultSchema), 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.search(request.query.q, request.query.limit),
  );

  app.get(
    '/api/places/reverse',
    {
      logLevel: 'warn',
      config: { rateLimit: RATE_LIMITS.placesReverse },
      schema: {
        tags: ['places'],
        summary: 'Name the place at a position; an empty address means open sea',
        querystring: reverseQuerySchema,
        response: { 200: reverseResultSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.reverse(request.query.lat, request.query.lon),
  );
}
