import { z } from 'zod';

/**
 * A text field whose message says what went wrong: missing (the spec's own text, such as
 * 'Please fill out all fields.') or sent as something other than text ('Username must be text').
 */
export function textField(label: string, missingMessage: string = `${label} is required`) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? missingMessage : `${label} must be text`),
  });
}
