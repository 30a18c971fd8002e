import { z } from 'zod';

/** Visibility codes exactly as docs/product.md §4 names them; the API speaks strings, the database integers. */
export const VISIBILITY = { private: '1', friends: '2', public: '3' } as const;
export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY];

/** Is this one of the codes? (Without zod: screens that must stay light use it.) */
export function isVisibility(value: unknown): value is Visibility {
  return (Object.values(VISIBILITY) as unknown[]).includes(value);
}

export const visibilitySchema = z.enum(['1', '2', '3'], {
  error: "Visibility must be '1' (only you), '2' (friends) or '3' (everyone)",
});

/** Labels of the memory forms (docs/product.md §3). */
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  '1': 'Private (Only You)',
  '2': 'Friends Only',
  '3': 'Public (Everyone)',
};

export type PinType = 'own' | 'friend' | 'public';
