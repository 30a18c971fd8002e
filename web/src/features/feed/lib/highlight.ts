/**
 * Which words of a text a search matched, for highlighting. The server matches words of the
 * query as prefixes of words of the text, ignoring case and accents (docs/design.md §12); this is
 * the same rule, applied to what is shown.
 */

/** Lower case, accents removed: 'Zürich' and 'zurich' read the same. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a query as the server splits them: letters and digits, folded. */
export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

export interface TextPart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The text cut into parts, each word that a query word starts (or, for one letter, equals) marked. */
export function highlightParts(text: string, words: string[]): TextPart[] {
  if (words.length === 0) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const word = fold(m[0]);
    const hit = words.some((w) => (w.length > 1 ? word.startsWith(w) : word === w));
    if (!hit) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
