import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { visibilitySchema } from '../visibility.ts';
import { pinSchema } from './memories.ts';
import { TRIP_ID_FIELD_MESSAGE } from './trip-id-field.ts';

/** Trips and your world (docs/design.md §15). Exact texts, shown by the web app too. */
export const TRIP_MESSAGES = {
  titleRequired: 'Give the trip a title',
  titleTooLong: `A trip's title must be at most ${LIMITS.tripTitleMax} characters`,
  descriptionTooLong: `A trip's description must be at most ${LIMITS.descriptionMax} characters`,
  pinIdsList: 'pinIds must be a list of memory ids',
  tooManyMemories: `A trip can hold at most ${LIMITS.tripMemoriesMax} memories`,
  tooManyTrips: `You can have at most ${LIMITS.tripsPerUser} trips`,
  onlyOwnMemories: 'Only your own memories can be in your trip',
  coverNotInTrip: 'coverPinId must be one of the memories in the trip',
  notFound: 'Trip not found',
  onlyAuthor: 'Only the author can change this trip',
  tripIdField: TRIP_ID_FIELD_MESSAGE,
  deleted: 'Trip deleted',
  trackMissing: 'Send the GPX file in the field "track"',
  trackBroken: 'track: this is not a GPX file with a track or route in it',
  trackTooBig: `track: a GPX file can be at most ${LIMITS.trackBytes / (1024 * 1024)} MB`,
  trackTooManyPoints: `track: a GPX file can hold at most ${LIMITS.trackPointsRead.toLocaleString('en-US')} points; export it with fewer (one every few seconds)`,
} as const;

const titleSchema = z
  .string({ error: TRIP_MESSAGES.titleRequired })
  .trim()
  .min(1, TRIP_MESSAGES.titleRequired)
  .max(LIMITS.tripTitleMax, TRIP_MESSAGES.titleTooLong);

const descriptionSchema = z.string({ error: TRIP_MESSAGES.descriptionTooLong }).trim().max(LIMITS.descriptionMax, TRIP_MESSAGES.descriptionTooLong);

export const tripPinIdsSchema = z
  .array(z.string({ error: TRIP_MESSAGES.pinIdsList }).max(64, TRIP_MESSAGES.pinIdsList), { error: TRIP_MESSAGES.pinIdsList })
  .max(LIMITS.tripMemoriesMax, TRIP_MESSAGES.tooManyMemories)
  .transform((ids) => [...new Set(ids)]);

export const createTripSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.default(''),
  visibility: visibilitySchema.default('1'),
  pinIds: tripPinIdsSchema.default([]),
});
export type CreateTripInput = z.infer<typeof createTripSchema>;

/** Any of the fields; one left out stays as it is. coverPinId null: the first memory is the cover. */
export const updateTripSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  visibility: visibilitySchema.optional(),
  coverPinId: z.string({ error: TRIP_MESSAGES.coverNotInTrip }).max(64, TRIP_MESSAGES.coverNotInTrip).nullable().optional(),
  /** true drops the GPX track: the route is the line through the memories again. */
  removeTrack: z.boolean({ error: 'removeTrack must be true or false' }).optional(),
});
export type UpdateTripInput = z.infer<typeof updateTripSchema>;

export const tripPinsSchema = z.object({ pinIds: tripPinIdsSchema });
/** PUT /api/pins/{id}/trip: the one trip this memory is in, or none (null). */
export const memoryTripSchema = z.object({
  tripId: z.union([z.string().max(64, TRIP_ID_FIELD_MESSAGE), z.null()], { error: TRIP_ID_FIELD_MESSAGE }),
});
export type MemoryTripInput = z.infer<typeof memoryTripSchema>;

export const tripIdParamsSchema = z.object({ id: z.string().max(64, TRIP_MESSAGES.notFound) });
export const tripListQuerySchema = z.object({ user: z.string().max(64, 'user must be a user id').optional() });

/** A trip as a list shows it: what the viewer may read of it. */
export const tripSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: visibilitySchema,
  userId: z.string(),
  authorName: z.string(),
  /** The cover memory if the viewer may read it, else the first one they may. */
  coverPinId: z.string().nullable(),
  /** The cover's thumbnail (a signed URL), if it has a photo. */
  coverThumbnailUrl: z.string().nullable(),
  /** When the first and the last memory the viewer may read happened; null without any. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The memories the viewer may read, in happenedAt order. */
  pinIds: z.array(z.string()),
  isOwnTrip: z.boolean(),
  hasTrack: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;
export const tripListSchema = z.array(tripSummarySchema);

/**
 * A [longitude, latitude] pair, as GeoJSON writes it. Checked as two numbers rather than with
 * z.tuple, whose OpenAPI 3.0 form repeats one schema in an anyOf (redocly flags it); the type is
 * the pair the check guarantees.
 */
const positionSchema = z.array(z.number()).length(2).describe('[longitude, latitude]') as unknown as z.ZodType<[number, number]>;

export const lineStringSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(positionSchema),
});
export type LineString = z.infer<typeof lineStringSchema>;

export const tripStatsSchema = z.object({
  memories: z.number().int(),
  photos: z.number().int(),
  /** Calendar days from the first memory to the last, both counted. */
  days: z.number().int(),
  distanceKm: z.number(),
  /** ISO 3166-1 alpha-2 codes, in the order first visited (from coordinates, never place names). */
  countries: z.array(z.string()),
});
export type TripStats = z.infer<typeof tripStatsSchema>;

export const tripSchema = tripSummarySchema.extend({
  pins: z.array(pinSchema),
  route: lineStringSchema,
  /** 'track': the route is the GPX file's; 'memories': the line through the memories in order. */
  routeSource: z.enum(['track', 'memories']),
  stats: tripStatsSchema,
});
export type Trip = z.infer<typeof tripSchema>;

export const worldQuerySchema = z.object({ user: z.string().max(64, 'user must be a user id').optional() });

/** Your world (docs/design.md §15): places from coordinates through the offline geocoder. */
export const worldSchema = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /** ISO 3166-1 numeric ('250'): how the map's bundled country shapes are keyed; absent for the few without one. */
      numeric: z.string().optional(),
      memories: z.number().int(),
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
  cities: z.array(z.object({ name: z.string(), country: z.string(), memories: z.number().int() })),
  totals: z.object({ countries: z.number().int(), cities: z.number().int(), memories: z.number().int(), distanceKm: z.number() }),
  years: z.array(z.object({ year: z.number().int(), memories: z.number().int(), countries: z.number().int() })),
});
export type World = z.infer<typeof worldSchema>;
