import { highlightParts } from '../lib/highlight.ts';

/** The text with the words a search matched in <mark>. */
export function Highlighted({ text, words }: { text: string; words: string[] | undefined }) {
  if (!words || words.length === 0) return <>{text}</>;
  return (
    <>
      {highlightParts(text, words).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}
    </>
  );
}
