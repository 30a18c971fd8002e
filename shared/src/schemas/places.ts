import { z } from 'zod';

export const placeSearchResultSchema = z.object({ lat: z.number(), lon: z.number(), display_name: z.string() });
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

export const reverseResultSchema = z.object({
  display_name: z.string(),
  address: z.object({
    road: z.string().optional(),
    city: z.string().optional(),
    town: z.string().optional(),
    village: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    country_code: z.string().optional(),
  }),
});
export type ReverseResult = z.infer<typeof reverseResultSchema>;
