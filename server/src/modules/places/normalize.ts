/**
 * Folds a place name or a query to the form both are compared in: no accents, no case, words
 * separated by single spaces. "São Paulo" and "sao  PAULO" both become "sao paulo".
 */

// Letters that Unicode does not decompose into a base letter plus a mark.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

// Abbreviations people type for words the data spells out, and the other way round
// (GeoNames has both "St. Louis" and "Saint Paul").
const WORD_ALIASES: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
};

const ABBREVIATION = /\b(?:st|ste|mt|ft)\b/;
const NON_ASCII = /[^ -~]/;

export function normalize(text: string): string {
  let folded = text;
  // Most names are plain ASCII; skip the Unicode work for them (it is most of the load time).
  if (NON_ASCII.test(folded)) {
    folded = folded
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[ßæœøłđðþıħ]/g, (c) => FOLDS[c] ?? c)
      // Apostrophes join ("N’Djamena" → "ndjamena"); every other non-letter separates words.
      .replace(/['’‘ʻʼ`´]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ');
  } else {
    folded = folded.toLowerCase().replace(/['`]/g, '').replace(/[^a-z0-9]+/g, ' ');
  }
  folded = folded.trim();
  if (!ABBREVIATION.test(folded)) return folded;
  return folded
    .split(' ')
    .map((w) => WORD_ALIASES[w] ?? w)
    .join(' ');
}
