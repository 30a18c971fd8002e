import { useLayoutEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the screen of each history entry was scrolled to: the first anchored row in view and how far it sat below the top. */
interface Position {
  top: number;
  anchor: string | null;
  offset: number;
}

// Per history entry, for this tab's life: Back after a reload starts at the top, as the list does.
const positions = new Map<string, Position>();

/**
 * Windowed lists (components/windowed-list.tsx) keep only the rows near the screen in the DOM. Each
 * registers how far below the top of the scroller's content a row would start, so Back can return
 * to a row that is not rendered yet.
 */
type RowFinder = (anchor: string) => number | null;
const rowFinders = new Set<RowFinder>();

export function registerRowFinder(find: RowFinder): () => void {
  rowFinders.add(find);
  return () => {
    rowFinders.delete(find);
  };
}

function findRow(anchor: string): number | null {
  for (const find of rowFinders) {
    const top = find(anchor);
    if (top !== null) return top;
  }
  return null;
}

/**
 * The first `[data-scroll-anchor]` row whose bottom is below the scroller's top edge. Rows come in
 * document order, top to bottom, so a binary search measures a few of them, not hundreds.
 */
function firstAnchorInView(scroller: HTMLElement): { id: string; offset: number } | null {
  const top = scroller.getBoundingClientRect().top;
  const rows = scroller.querySelectorAll<HTMLElement>('[data-scroll-anchor]');
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.getBoundingClientRect().bottom > top) hi = mid;
    else lo = mid + 1;
  }
  const row = rows[lo];
  return row ? { id: row.dataset.scrollAnchor ?? '', offset: row.getBoundingClientRect().top - top } : null;
}

/**
 * Scroll restoration for the app's one scroller (`.app-main`; the window never scrolls, so React
 * Router's <ScrollRestoration> cannot do it): a new screen starts at the top, and Back or Forward
 * returns to where that entry was left. Lists mark their rows with `data-scroll-anchor`, and the
 * position comes back by row rather than by pixels: photos above may not have loaded yet, and a
 * windowed list knows the height of rows it has not drawn only as an estimate, so a pixel offset
 * alone could land on another memory.
 */
export function useScrollMemory(scroller: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (!saved) el.scrollTop = 0;
    else {
      el.scrollTop = saved.top;
      const row = saved.anchor ? el.querySelector<HTMLElement>(`[data-scroll-anchor="${CSS.escape(saved.anchor)}"]`) : null;
      if (row) el.scrollTop += row.getBoundingClientRect().top - el.getBoundingClientRect().top - saved.offset;
      else if (saved.anchor) {
        // Not in the DOM: a windowed list knows where it would be (and draws it once scrolled there).
        const top = findRow(saved.anchor);
        if (top !== null) el.scrollTop = top - saved.offset;
      }
    }
    // While scrolling only the pixel offset is kept (reading it costs nothing); the row is
    // measured once the scroll rests, so a long list is not searched on every frame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remember = () => {
      positions.set(key, { top: el.scrollTop, anchor: null, offset: 0 });
      clearTimeout(timer);
      timer = setTimeout(() => {
        const anchor = firstAnchorInView(el);
        positions.set(key, { top: el.scrollTop, anchor: anchor?.id ?? null, offset: anchor?.offset ?? 0 });
      }, 150);
    };
    el.addEventListener('scroll', remember, { passive: true });
    return () => {
      el.removeEventListener('scroll', remember);
      clearTimeout(timer);
    };
    // Once per history entry: a screen's own re-renders must not move it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
