import { EARLY_ANSWERS_GLOBAL } from '@memory-map/shared';

type Answers = Record<string, EarlyAnswer | undefined>;

interface EarlyAnswer {
  token: string;
  answer: Promise<Response>;
}

const held = () => globalThis as { [EARLY_ANSWERS_GLOBAL]?: Answers };

/**
 * The answer to a GET the page's first script started before the app's code arrived
 * (FIRST_PAINT_REQUESTS, shared/src/first-paint.ts), if this is that very call: the same URL, with
 * the same token. Taken once; the next call for the URL goes to the server, as any other.
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const answers = held()[EARLY_ANSWERS_GLOBAL];
  const early = answers?.[url];
  if (!early) return undefined;
  delete answers[url];
  return early.token === token ? early.answer : undefined;
}

/**
 * Forgets the answers not taken yet. Each was read as the page opened: once something has changed
 * since (lib/effects/refresh.ts calls this), an answer taken later could bring back the list as it
 * was before the change, and count as fresh.
 */
export function dropEarlyAnswers(): void {
  delete held()[EARLY_ANSWERS_GLOBAL];
}
