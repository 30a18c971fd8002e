import { z } from 'zod';
import { MAP_ZOOM_MAX } from '../map-numbers.ts';
import { bboxSchema, mapQuerySchema, pinSchema } from './memories.ts';

const PIN_TYPES = ['own', 'friend', 'public'] as const;

const zoomSchema = z.coerce
  .number({ error: 'zoom must be a number' })
  .int('zoom must be a whole number')
  .min(0, 'zoom must be at least 0')
  .max(MAP_ZOOM_MAX, `zoom must be at most ${MAP_ZOOM_MAX}`);

/**
 * The map's view: a box at a zoom. `types` mirrors the map's Own / Friend / Public filters
 * (docs/product.md §4), so cluster counts can follow them too; absent means all three.
 */
export const clusteredMapQuerySchema = z.object({
  bbox: bboxSchema,
  zoom: zoomSchema,
  types: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return [...PIN_TYPES];
      const types = raw
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (!types.every((t): t is (typeof PIN_TYPES)[number] => (PIN_TYPES as readonly string[]).includes(t))) {
        ctx.addIssue({ code: 'custom', message: 'types must be a comma-separated list of own, friend and public' });
        return z.NEVER;
      }
      return [...new Set(types)];
    }),
});
export type ClusteredMapQuery = z.output<typeof clusteredMapQuerySchema>;

/**
 * GET /api/query_map_pins. Without `zoom`: the spec's list of pins (optionally in a bbox, up to
 * `limit`). With `zoom` (and then a bbox): the map's view, pins and clusters (mapResponseSchema).
 */
export const mapPinsQuerySchema = mapQuerySchema
  .extend({
    // An empty `zoom=` is no zoom at all (not zoom 0).
    zoom: z.preprocess((v) => (v === '' ? undefined : v), zoomSchema.optional()),
    types: clusteredMapQuerySchema.shape.types.optional(),
  })
  .refine((q) => q.zoom === undefined || q.bbox !== undefined, { message: 'bbox is required with zoom', path: ['bbox'] })
  .refine((q) => q.types === undefined || q.zoom !== undefined, { message: 'types is only used with bbox and zoom', path: ['types'] });
export type MapPinsQuery = z.output<typeof mapPinsQuerySchema>;

export const mapClusterSchema = z.object({
  kind: z.literal('cluster'),
  /** Mean position of the memories it counts. */
  lat: z.number(),
  lng: z.number(),
  /** Only memories the viewer may see. */
  count: z.number().int(),
  /** Zooming here (or deeper) splits the cluster. */
  expansionZoom: z.number().int().optional(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapPinItemSchema = z.object({ kind: z.literal('pin'), pin: pinSchema });

export const mapResponseSchema = z.object({
  items: z.array(z.discriminatedUnion('kind', [mapPinItemSchema, mapClusterSchema])),
  /** Pins: more than MAP_PINS_MAX were in view and the newest are shown. */
  truncated: z.boolean(),
});
export type MapResponse = z.infer<typeof mapResponseSchema>;
export type MapItem = MapResponse['items'][number];

/** GET /api/query_map_pins: the spec's list without a zoom, the map's view with one. */
export const mapAnswerSchema = z.union([z.array(pinSchema), mapResponseSchema]);
