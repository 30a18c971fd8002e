import { z } from 'zod';

/** Every error body the API sends: one shape, a sentence a person can read. */
export const errorSchema = z.object({ error: z.string() });
export type ApiErrorBody = z.infer<typeof errorSchema>;
