import { APP_STARTED_ATTRIBUTE } from '@memory-map/shared';
import { useLayoutEffect } from 'react';

/**
 * Marks the page once a screen of the app is on screen, in the commit that puts it there: from then
 * on its forms answer, and the first-paint script stops holding back what is sent
 * (shared/src/first-paint.ts). It sits beside the screen inside the layout's Suspense boundary,
 * because the drawn sign-in form is taken over (hydrated) with that boundary, after the app's first
 * commit; a submit in between would reach no handler (React does not replay it).
 */
export function FirstRenderMark() {
  useLayoutEffect(() => document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, ''), []);
  return null;
}
