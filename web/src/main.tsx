import { LEAVING_ATTRIBUTE } from '@memory-map/shared';
import { reloadWhenAChunkIsGone } from './lib/service-worker.ts';
import './styles/global.css';

// The page's first script (shared/src/first-paint.ts) may have sent the visitor on to another
// screen's page already (someone signed in on /login): nothing starts on the page being left.
if (!document.documentElement.hasAttribute(LEAVING_ATTRIBUTE)) {
  reloadWhenAChunkIsGone();
  afterFirstPaint(() => void import('./app/start.tsx').then(({ startApp }) => startApp()));
}

/**
 * The page arrives drawn (web/build/route-pages.ts), and the app starts once the browser has
 * painted it (docs/decisions/090-web-delivery.md, "Paint, then start"). A main bundle already
 * there when the page was parsed — from the service worker or the HTTP cache on a later visit,
 * and often on a fast network — ran before that paint and held it back by its whole evaluation.
 * The app's code is preloaded with the page all the same, so waiting a frame costs no request.
 */
function afterFirstPaint(start: () => void) {
  // A page opened in the background paints nothing, nor runs animation frames, until it is shown.
  if (document.visibilityState !== 'visible') return start();
  // An animation frame runs just before the paint; a task queued from it, just after.
  requestAnimationFrame(() => setTimeout(start, 0));
}
