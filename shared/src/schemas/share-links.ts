import { z } from 'zod';
import { SHARE_LINK_DAYS } from '../limits.ts';

export const SHARE_LINK_MESSAGES = {
  days: `expiresInDays must be a whole number of days from ${SHARE_LINK_DAYS.min} to ${SHARE_LINK_DAYS.max}`,
} as const;

/** POST /api/pins/{id}/share: how long the link works; without it, a week. */
export const shareLinkRequestSchema = z.object({
  expiresInDays: z
    .number({ error: SHARE_LINK_MESSAGES.days })
    .int(SHARE_LINK_MESSAGES.days)
    .min(SHARE_LINK_DAYS.min, SHARE_LINK_MESSAGES.days)
    .max(SHARE_LINK_DAYS.max, SHARE_LINK_MESSAGES.days)
    .default(SHARE_LINK_DAYS.default),
});
export type ShareLinkRequest = z.infer<typeof shareLinkRequestSchema>;

/** A new link: the only time its address is ever shown (only its hash is kept). */
export const shareLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Whether a memory has a live link, and until when; the address itself cannot be shown again. */
export const shareLinkStatusSchema = z.object({ expiresAt: z.string().nullable() });
export type ShareLinkStatus = z.infer<typeof shareLinkStatusSchema>;
