import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { visibilitySchema } from '../visibility.ts';
import { circleIdFieldSchema, pinCircleSchema } from './circles.ts';
import { happenedAtSchema } from './happened-at.ts';
import { textField } from './text.ts';
import { tripIdFieldSchema } from './trip-id-field.ts';
import { publicUserSchema } from './users.ts';
import { pinReactionsSchema } from './conversation.ts';

export const MEMORY_MESSAGES = {
  fillAllFields: 'Please fill out all fields.',
  onlyFriends: 'You can only tag your friends',
  notFound: 'Memory not found',
} as const;

/** Several photos per memory (docs/design.md §12): what a form breaking the rules hears. */
export const PHOTO_MESSAGES = {
  tooMany: `image: a memory can have at most ${LIMITS.photosPerMemory} photos`,
  keepNotList: 'keepImages must be a JSON list of photo ids',
  keepTwice: 'keepImages names the same photo twice',
  keepUnknown: 'keepImages names a photo this memory does not have',
} as const;

/**
 * keepImages: the ids of the photos to keep, in the order to show them (a JSON list in a multipart
 * field, or the list itself in a JSON body). Absent: the original client's rules (image replaces
 * the first photo, removeImage drops it).
 */
export const keepImagesFieldSchema = z
  .union([z.string(), z.array(z.unknown())], { error: PHOTO_MESSAGES.keepNotList })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      try {
        parsed = raw.trim() === '' ? [] : JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
    }
    if (!Array.isArray(parsed) || !parsed.every((t) => typeof t === 'string' && t.length <= 64)) {
      ctx.addIssue({ code: 'custom', message: PHOTO_MESSAGES.keepNotList });
      return z.NEVER;
    }
    if (new Set(parsed).size !== parsed.length) {
      ctx.addIssue({ code: 'custom', message: PHOTO_MESSAGES.keepTwice });
      return z.NEVER;
    }
    if (parsed.length > LIMITS.photosPerMemory) {
      ctx.addIssue({ code: 'custom', message: PHOTO_MESSAGES.tooMany });
      return z.NEVER;
    }
    return parsed as string[];
  });

/** Invisible characters (zero-width space, soft hyphen, BOM…) and spaces: a title of only these is empty. */
const INVISIBLE_RE = /[\p{Cf}\s]/gu;

const text = (label: string, max: number) =>
  textField(label)
    .trim()
    .refine((v) => v.replace(INVISIBLE_RE, '') !== '', `${label} is required`)
    .refine((v) => v.length <= max, `${label} must be at most ${max} characters`);

/** Decimal notation, as any client writes a number (JavaScript writes 1e-7 for tiny ones). */
const DECIMAL_RE = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A number sent as text (multipart fields, query strings). Plain Number() would also read '' and
 * null as 0 (a real place in the Gulf of Guinea) and '0x10' as 16; anything but a decimal is NaN.
 */
export function parseDecimal(raw: string): number {
  const trimmed = raw.trim();
  return DECIMAL_RE.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Latitude or longitude, as a number or a decimal string, within ±limit. */
export const coordinateSchema = (label: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? parseDecimal(v) : v),
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .refine((n) => n >= -limit && n <= limit, `${label} must be between -${limit} and ${limit}`),
  );

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Tags arrive as a JSON list of user ids in a multipart field (docs/product.md §7); a JSON body may send
 * the list itself.
 */
export const tagsFieldSchema = z
  .union([z.string(), z.array(z.unknown())], { error: 'Tags must be a JSON list of user ids' })
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return [] as string[];
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
    }
    if (Array.isArray(parsed) && parsed.every((t) => typeof t === 'string')) return [...new Set(parsed as string[])];
    ctx.addIssue({ code: 'custom', message: 'Tags must be a JSON list of user ids' });
    return z.NEVER;
  })
  .refine((tags) => tags.length <= LIMITS.tagsMax, `At most ${LIMITS.tagsMax} friends can be tagged`);

export const createMemorySchema = z.object({
  title: text('Title', LIMITS.titleMax),
  description: text('Description', LIMITS.descriptionMax),
  latitude: coordinateSchema('Latitude', 90),
  longitude: coordinateSchema('Longitude', 180),
  visibility: visibilitySchema.default('1'),
  locationName: z
    .string({ error: 'Location name must be text' })
    .trim()
    .max(LIMITS.locationNameMax, `Location name must be at most ${LIMITS.locationNameMax} characters`)
    .optional()
    .transform((v) => v || 'Unknown location'),
  tags: tagsFieldSchema,
  happenedAt: happenedAtSchema,
  // A circle of the author's (docs/design.md §17), with visibility '2'.
  circleId: circleIdFieldSchema,
  // One of the author's trips (docs/design.md §15).
  tripId: tripIdFieldSchema,
});
export type CreateMemoryInput = z.infer<typeof createMemorySchema>;

export const updateMemorySchema = z.object({
  pinId: z.string({ error: 'pinId is required' }).trim().min(1, 'pinId is required').max(64, 'pinId is not valid'),
  title: text('Title', LIMITS.titleMax),
  description: text('Description', LIMITS.descriptionMax),
  visibility: visibilitySchema,
  tags: tagsFieldSchema,
  removeImage: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'removeImage must be true or false' })
    .optional()
    .transform((v) => v === true || v === 'true'),
  keepImages: keepImagesFieldSchema,
  // Absent: the memory keeps its circle while it stays '2' (the original client never widens an
  // audience); null or empty clears it (docs/design.md §17).
  circleId: circleIdFieldSchema,
  // Absent: the memory stays in its trip; null or empty takes it out (docs/design.md §15).
  tripId: tripIdFieldSchema,
  // Absent: the memory keeps when it happened (the original client never sends it).
  happenedAt: happenedAtSchema,
  // Moving the memory: both or neither (the service checks). Absent: it stays where it is.
  latitude: coordinateSchema('Latitude', 90).optional(),
  longitude: coordinateSchema('Longitude', 180).optional(),
  // Absent or empty: kept, or looked up again when the memory moves.
  locationName: z
    .string({ error: 'Location name must be text' })
    .trim()
    .max(LIMITS.locationNameMax, `Location name must be at most ${LIMITS.locationNameMax} characters`)
    .optional()
    .transform((v) => v || undefined),
});

export const MOVE_MESSAGES = {
  bothCoordinates: 'Send both latitude and longitude to move a memory',
} as const;
export type UpdateMemoryInput = z.infer<typeof updateMemorySchema>;

export const pinIdSchema = z.object({
  pinId: z.string({ error: 'pinId is required' }).trim().min(1, 'pinId is required').max(64, 'pinId is not valid'),
});

/** DELETE /api/delete takes pinId in the JSON body or the query string; the route checks one is there. */
export const optionalPinIdSchema = z.object({
  pinId: z.string({ error: 'pinId must be text' }).trim().max(64, 'pinId is not valid').optional(),
});

/** One photo of a memory, in the order the author chose; the URLs are signed (docs/design.md §6). */
export const pinImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  /**
   * The photo at LIMITS.displayLongestSide px, for cards and popups at 2x–3x (srcset); null when it
   * has none (a photo that size or smaller, or one saved before display sizes were made).
   */
  displayUrl: z.string().nullable(),
  /** Pixels of the stored (resized) photo; null for a photo saved before sizes were kept. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PinImage = z.infer<typeof pinImageSchema>;

export const pinSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  locationName: z.string(),
  /** The first photo's URL (the original client shows this one), or null without photos. */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Every photo, in order (at most 10); the first is imageUrl's. */
  images: z.array(pinImageSchema),
  visibility: visibilitySchema,
  author: z.string(),
  userId: z.string(),
  authorName: z.string(),
  authorPicture: z.string(),
  tags: z.array(z.string()),
  taggedFriends: z.array(publicUserSchema.omit({ email: true })),
  pinType: z.enum(['own', 'friend', 'public']),
  isOwnPin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it happened: 'YYYY-MM-DD' for a date alone, else an ISO 8601 UTC instant. */
  happenedAt: z.string(),
  /** The circle it is for, told to its author only; absent for everyone else (docs/design.md §17). */
  circle: pinCircleSchema.optional(),
  /**
   * Its conversation (docs/design.md §14): read beside the read cache for each answer, never
   * held in it, so a comment or a reaction does not make anyone's feed cold.
   */
  commentCount: z.number().optional(),
  reactions: pinReactionsSchema.optional(),
  /** The trip it is in, told to its author only; absent otherwise (docs/design.md §15). */
  tripId: z.string().optional(),
});
export type Pin = z.infer<typeof pinSchema>;

/** A list of pins: the feed, search, On This Day and the spec's map list. */
export const pinListSchema = z.array(pinSchema);

export const feedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.feedPageMax, `limit must be at most ${LIMITS.feedPageMax}`)
    // Absent: the newest LIMITS.feedUnpaged (the original client's one request for everything).
    .optional(),
  before: z.string().regex(UUID_RE, 'before must be the id of the last memory of the previous page').optional(),
});

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * `bbox=west,south,east,north` in degrees. West greater than east crosses the antimeridian.
 * Longitudes outside ±180 (a map panned around the world) are wrapped; a box 360° wide or more is
 * the whole world.
 */
export const bboxSchema = z.string().transform((raw, ctx): BoundingBox => {
  const parts = raw.split(',').map(parseDecimal);
  if (parts.length !== 4 || !parts.every(Number.isFinite)) {
    ctx.addIssue({ code: 'custom', message: 'bbox must be four numbers: west,south,east,north' });
    return z.NEVER;
  }
  const [west, south, east, north] = parts as [number, number, number, number];
  if (south < -90 || south > 90 || north < -90 || north > 90) {
    ctx.addIssue({ code: 'custom', message: 'bbox latitudes (south, north) must be between -90 and 90' });
    return z.NEVER;
  }
  if (south > north) {
    ctx.addIssue({ code: 'custom', message: 'bbox south must not be greater than north' });
    return z.NEVER;
  }
  if (east - west >= 360) return { west: -180, south, east: 180, north };
  return { west: wrapLongitude(west), south, east: wrapLongitude(east), north };
});

function wrapLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

export const mapQuerySchema = z.object({
  bbox: bboxSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.mapPinsMax, `limit must be at most ${LIMITS.mapPinsMax}`)
    .default(LIMITS.mapPinsDefault),
});
