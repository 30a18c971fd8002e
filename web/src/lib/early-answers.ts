import { EARLY_ANSWERS_GLOBAL } from '@memory-map/shared';

interface EarlyAnswer {
  token: string;
  answer: Promise<Response>;
}

/**
 * The answer to a GET the page's first script started before the app's code arrived
 * (FIRST_PAINT_REQUESTS, shared/src/first-paint.ts), if this is that very call: the same URL, with
 * the same token. Taken once; the next call for the URL goes to the server, as any other.
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response> | undefined {
  const answers = (globalThis as { [EARLY_ANSWERS_GLOBAL]?: Record<string, EarlyAnswer | undefined> })[EARLY_ANSWERS_GLOBAL];
  const early = answers?.[url];
  if (!early) return undefined;
  delete answers[url];
  return early.token === token ? early.answer : undefined;
}
