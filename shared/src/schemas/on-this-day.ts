import { z } from 'zod';

export const ON_THIS_DAY_MESSAGES = {
  timeZone: 'tz must be a time zone such as Europe/Paris',
} as const;

/** Whether the runtime knows the IANA time zone (Europe/Paris, America/Sao_Paulo, UTC…). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/on_this_day?tz=: "today" is a date in the viewer's own time zone (UTC when not sent). */
export const onThisDayQuerySchema = z.object({
  tz: z
    .string({ error: ON_THIS_DAY_MESSAGES.timeZone })
    .trim()
    .max(64, ON_THIS_DAY_MESSAGES.timeZone)
    .refine((v) => v !== '' && isTimeZone(v), ON_THIS_DAY_MESSAGES.timeZone)
    .default('UTC'),
});
export type OnThisDayQuery = z.infer<typeof onThisDayQuerySchema>;
