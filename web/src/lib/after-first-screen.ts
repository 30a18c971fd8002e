import type { QueryClient } from '@tanstack/react-query';

/** However long the first screen's requests take, what waits for them starts after this. */
const LONGEST_WAIT_MS = 4000;

/** What the first screen still draws beyond its requests (a map's first tiles): see holdFirstScreen. */
const holds = new Set<Promise<unknown>>();

/**
 * Work that waits for the first screen (afterFirstScreen) also waits until `drawn` settles: a
 * map's first tiles come from a worker, not from a request, and that work should not take the
 * network or the thread from them either. LONGEST_WAIT_MS bounds this wait too.
 */
export function holdFirstScreen(drawn: Promise<unknown>): void {
  const hold = drawn.catch(() => undefined);
  holds.add(hold);
  void hold.then(() => holds.delete(hold));
}

/**
 * Resolves once the page has loaded, the first screen's requests have been answered, what it
 * still draws is drawn (holdFirstScreen), and the main thread has a quiet moment
 * (docs/decisions/090-web-delivery.md, "Start-up").
 *
 * Work the first screen does not show — the live-events client with its schema library — waits
 * for this, so on a phone it neither competes with the screen's own scripts and data for the
 * network nor runs in the middle of its first render. `LONGEST_WAIT_MS` bounds the wait, so a
 * slow or hanging request does not hold it back for long.
 */
export function afterFirstScreen(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const cleanups: (() => void)[] = [];
    const finish = () => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      whenIdle(resolve);
    };
    const timer = setTimeout(finish, LONGEST_WAIT_MS);
    cleanups.push(() => clearTimeout(timer));

    // Idle once after the load event: by then the screen's chunk has rendered and its queries
    // have started (React's work comes before idle callbacks); then wait for them to be answered.
    const whenDrawn = () => void Promise.all(holds).then(finish);
    const whenSettled = () => {
      if (done) return;
      if (queryClient.isFetching() === 0) return whenDrawn();
      const unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) whenDrawn();
      });
      cleanups.push(unsubscribe);
    };
    const afterLoad = () => whenIdle(whenSettled);
    if (document.readyState === 'complete') afterLoad();
    else {
      // The page's window as it is now: the cleanup may run after a test's window is gone.
      const page = window;
      page.addEventListener('load', afterLoad, { once: true });
      cleanups.push(() => page.removeEventListener('load', afterLoad));
    }
  });
}

/**
 * The next idle moment (or a short timeout where the browser has no requestIdleCallback, Safari).
 * Looked up on globalThis, not window: a wait can outlive its page's window in a test (the jsdom
 * window is gone once its file ends), and must then end quietly rather than throw.
 */
function whenIdle(callback: () => void): void {
  const { requestIdleCallback } = globalThis as { requestIdleCallback?: Window['requestIdleCallback'] };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: 1000 });
  else setTimeout(callback, 50);
}
