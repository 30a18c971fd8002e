import { z } from 'zod';

/** Apart from trips.ts, which builds on the memory schemas that take this field. */
export const TRIP_ID_FIELD_MESSAGE = 'tripId must be the id of one of your trips';

/**
 * The `tripId` field of create and update (multipart text): one of the author's trips
 * (docs/design.md §15); an empty value or "null" takes the memory out of its trip. Absent: unchanged.
 */
export const tripIdFieldSchema = z
  .union([z.string().max(64, TRIP_ID_FIELD_MESSAGE), z.null()], { error: TRIP_ID_FIELD_MESSAGE })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' || v === 'null' ? null : v));
