import type { FormOf } from './api/types.ts';

/** PUT /api/update_pin's fields as the generated types name them (the photos go as files). */
export type UpdatePinFields = Omit<FormOf<'putApiUpdatePin'>, 'image'>;

/**
 * The text fields of an update, as multipart carries them: a list as JSON, a number or a flag as
 * its text, null as empty (which clears a circle or a trip); a field left undefined is not sent,
 * so the memory keeps what it has (docs/design.md §12). The memory form's save and the map's Move
 * both build their update here; the outbox stores and sends what this returns.
 */
export function updatePinFields(fields: UpdatePinFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    out[name] = value === null ? '' : typeof value === 'string' ? value : Array.isArray(value) ? JSON.stringify(value) : String(value);
  }
  return out;
}
