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

export const UNKNOWN_LOCATION = 'Unknown location';

/**
 * A memory's place name from a reverse-geocoding answer (docs/product.md §7): road, then city,
 * town or village, then country; 'Unknown location' when none is known (at sea). The web form and
 * the server (moving a memory) name places by this one rule.
 */
export function placeNameOf(result: ReverseResult | null | undefined): string {
  const a = result?.address;
  if (!a) return UNKNOWN_LOCATION;
  const parts = [a.road, a.city ?? a.town ?? a.village, a.country].map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : UNKNOWN_LOCATION;
}
