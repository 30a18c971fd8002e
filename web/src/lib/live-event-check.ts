import { liveEventSchema, type LiveEvent } from '@memory-map/shared';

/**
 * A live event checked against the server's schema, or null for a kind or shape this version does
 * not know (a newer server may send more). Its own module, loaded with the stream's first event
 * (live-events.ts): the schema brings zod, which the screens the stream opens on do not load
 * (docs/decisions/090-web-delivery.md, "Zod off the first screens").
 */
export function checkLiveEvent(value: unknown): LiveEvent | null {
  const parsed = liveEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
