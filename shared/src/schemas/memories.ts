import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { visibilitySchema } from '../visibility.ts';
import { publicUserSchema } from './users.ts';

export const MEMORY_MESSAGES = {
  fillAllFields: 'Please fill out all fields.',
  onlyFriends: 'You can only tag your friends',
  notFound: 'Memory not found',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => n >= -limit && n <= limit, `${label} must be between -${limit} and ${limit}`);

/** Tags arrive as a JSON list of user ids in a multipart field (SPEC.md §7). */
export const tagsFieldSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return [] as string[];
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.every((t) => typeof t === 'string')) return [...new Set(parsed)];
    } catch {
      // fall through to the message below
    }
    ctx.addIssue({ code: 'custom', message: 'Tags must be a JSON list of user ids' });
    return z.NEVER;
  })
  .refine((tags) => tags.length <= LIMITS.tagsMax, `At most ${LIMITS.tagsMax} friends can be tagged`);

export const createMemorySchema = z.object({
  title: text('Title', LIMITS.titleMax),
  description: text('Description', LIMITS.descriptionMax),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  visibility: visibilitySchema.default('1'),
  locationName: z
    .string()
    .trim()
    .max(LIMITS.locationNameMax, `Location name must be at most ${LIMITS.locationNameMax} characters`)
    .optional()
    .transform((v) => v || 'Unknown location'),
  tags: tagsFieldSchema,
});
export type CreateMemoryInput = z.infer<typeof createMemorySchema>;

export const updateMemorySchema = z.object({
  pinId: z.string({ error: 'pinId is required' }).trim().min(1, 'pinId is required').max(64),
  title: text('Title', LIMITS.titleMax),
  description: text('Description', LIMITS.descriptionMax),
  visibility: visibilitySchema,
  tags: tagsFieldSchema,
  removeImage: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type UpdateMemoryInput = z.infer<typeof updateMemorySchema>;

export const pinIdSchema = z.object({
  pinId: z.string({ error: 'pinId is required' }).trim().min(1, 'pinId is required').max(64),
});

export const pinSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  locationName: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
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
});
export type Pin = z.infer<typeof pinSchema>;

export const feedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.feedPageMax, `limit must be at most ${LIMITS.feedPageMax}`)
    .default(LIMITS.feedPageDefault),
  before: z.string().max(64).optional(),
});
