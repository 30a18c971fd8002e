import { createMemorySchema, MEMORY_MESSAGES } from '@memory-map/shared';

/** Title and description as the server checks them, on create and update alike. */
const memoryTextSchema = createMemorySchema.pick({ title: true, description: true });

/**
 * The form's check before anything is sent. An empty field gets the form's own message
 * (docs/product.md §5); any other refusal of the shared schema (a title of invisible characters
 * only, say) reads as the server would answer it.
 */
export function checkMemoryText(title: string, description: string): { ok: true; title: string; description: string } | { ok: false; message: string } {
  if (!title.trim() || !description.trim()) return { ok: false, message: MEMORY_MESSAGES.fillAllFields };
  const parsed = memoryTextSchema.safeParse({ title, description });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? MEMORY_MESSAGES.fillAllFields };
  return { ok: true, ...parsed.data };
}
