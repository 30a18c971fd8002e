import { createContext, useContext, type RefObject } from 'react';

/**
 * The app's one scroller (`.app-main`; the window never scrolls), for what has to know it while
 * rendering: a windowed list places its rows by its scroll offset. Without it (a component
 * rendered on its own, as in unit tests) a windowed list draws every row.
 */
export const ScrollerContext = createContext<RefObject<HTMLElement | null> | null>(null);

export function useScroller(): RefObject<HTMLElement | null> | null {
  return useContext(ScrollerContext);
}
