import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { registerRowFinder } from '../lib/scroll-memory.ts';
import { useScroller } from '../lib/scroller.ts';
import './windowed-list.css';

/** What a row must put on its outermost element (an `<article>`, the feed pattern's rows). */
export interface RowAttributes {
  /** Measures the row (its height varies: photos, clamped text) and lets the list place it. */
  ref: (el: HTMLElement | null) => void;
  'data-index': number;
  'aria-posinset': number;
  /** -1 while more may load: the count is not known yet. */
  'aria-setsize': number;
}

export interface WindowedListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderRow: (item: T, row: RowAttributes) => ReactNode;
  /** A row's height before it is drawn, in px. */
  estimateSize: number;
  gap: number;
  /** More rows may still load (infinite scroll below the list). */
  hasMore: boolean;
  busy: boolean;
  label: string;
  /** Names the list for the heights kept between visits ('feed', 'search'). */
  cacheKey: string;
  /** Rows drawn beyond each edge of the screen. */
  overscan?: number;
}

// Heights measured, by list and row key, for this tab's life: Back to a long feed places every
// row it had drawn where it was, so a row is found by its offset before it is drawn again.
const measuredHeights = new Map<string, Map<string | number | bigint, number>>();

/** How far below the top of the scroller's content `el` starts. */
function offsetIn(scroller: HTMLElement, el: HTMLElement): number {
  return el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * A long list with only the rows near the screen in the DOM (@tanstack/react-virtual, on the
 * app's scroller). Rows are measured as drawn. It is an ARIA feed: each row says its place and
 * the count (or -1 while more may load), so a screen reader announces "3 of 40" although most
 * rows are not in the DOM. Decisions and figures: docs/decisions/082.
 */
export function WindowedList<T>({ items, itemKey, renderRow, estimateSize, gap, hasMore, busy, label, cacheKey, overscan = 3 }: WindowedListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  // Known from the first render, so the list is attached to it in the same commit that Back
  // restores the scroll position in (app/layout.tsx, lib/scroll-memory.ts). Outside the app's
  // layout (unit tests: jsdom has no layout anyway) every row is drawn.
  const scrollerRef = useScroller();
  const [margin, setMargin] = useState(0);
  // The row holding focus stays drawn, wherever the list scrolls: focus is never dropped to <body>.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);

  const keys = useMemo(() => items.map(itemKey), [items, itemKey]);
  const indexOfKey = useMemo(() => new Map(keys.map((k, i) => [k, i])), [keys]);
  const getItemKey = useCallback((i: number) => keys[i] ?? i, [keys]);
  const focusedIndex = focusedKey === null ? undefined : indexOfKey.get(focusedKey);
  const count = items.length;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawn = defaultRangeExtractor(range);
      if (focusedIndex === undefined) return drawn;
      // With its neighbours: Tab and Shift+Tab from it reach the next card, scrolled into view.
      const kept = [focusedIndex - 1, focusedIndex, focusedIndex + 1].filter((i) => i >= 0 && i < count && !drawn.includes(i));
      return kept.length ? [...drawn, ...kept].sort((a, b) => a - b) : drawn;
    },
    [focusedIndex, count],
  );
  const [initialMeasurementsCache] = useState(() =>
    [...(measuredHeights.get(cacheKey) ?? [])].map(([key, size]) => ({ key, size, index: 0, start: 0, end: size, lane: 0 })),
  );

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollerRef?.current ?? null,
    estimateSize: () => estimateSize,
    getItemKey,
    rangeExtractor,
    gap,
    overscan,
    scrollMargin: margin,
    initialMeasurementsCache,
    // Rows are moved by the library between renders; React renders only when the drawn range changes.
    directDomUpdates: true,
  });

  // Where a row starts in the list: measured heights, estimates for rows never drawn.
  const startOf = useCallback(
    (order: readonly (string | number | bigint)[], index: number) => {
      let start = 0;
      for (let i = 0; i < index; i++) start += (virtualizer.itemSizeCache.get(order[i]!) ?? estimateSize) + gap;
      return start;
    },
    [virtualizer, estimateSize, gap],
  );
  // The scroller, and where the list starts in it: what is above (filters, the outbox, a problem
  // banner) changes height without this list rendering again, so it is watched.
  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = scrollerRef?.current;
    if (!list || !parent || typeof ResizeObserver === 'undefined') return;
    let last = offsetIn(parent, list);
    setMargin(last);
    const observer = new ResizeObserver(() => {
      const next = offsetIn(parent, list);
      if (next === last) return;
      // Content above grew or shrank while the reader is down in the list: keep their row still.
      if (parent.scrollTop > last) parent.scrollTop += next - last;
      last = next;
      setMargin(next);
    });
    for (let node: HTMLElement | null = list.parentElement; node && node !== parent; node = node.parentElement) observer.observe(node);
    return () => observer.disconnect();
  }, [scrollerRef]);

  // Heights outlive the screen: Back finds the row it left at its true offset.
  useLayoutEffect(() => {
    const sizes = virtualizer.itemSizeCache;
    return () => {
      measuredHeights.set(cacheKey, new Map(sizes));
    };
  }, [virtualizer, cacheKey]);

  useLayoutEffect(
    () =>
      registerRowFinder((anchor) => {
        const index = indexOfKey.get(anchor);
        const list = listRef.current;
        const parent = scrollerRef?.current;
        if (index === undefined || !list || !parent) return null;
        return offsetIn(parent, list) + startOf(keys, index);
      }),
    [indexOfKey, keys, startOf, scrollerRef],
  );

  // New rows arriving above the reader (a live update puts a new memory first) move nothing on
  // screen: the row at the top of the screen stays where it was.
  const previousKeys = useRef(keys);
  useLayoutEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = keys;
    const scroller = scrollerRef?.current;
    if (before === keys || !scroller) return;
    const offset = scroller.scrollTop - margin;
    if (offset <= 0) return;
    let start = 0;
    for (const key of before) {
      const size = virtualizer.itemSizeCache.get(key) ?? estimateSize;
      if (start + size > offset) {
        const index = indexOfKey.get(key);
        const moved = index === undefined ? 0 : startOf(keys, index) - start;
        if (moved !== 0) virtualizer.scrollToOffset(scroller.scrollTop + moved);
        return;
      }
      start += size + gap;
    }
  }, [keys, scrollerRef, margin, virtualizer, indexOfKey, estimateSize, gap, startOf]);

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    let row = e.target as HTMLElement;
    while (row.parentElement && row.parentElement !== e.currentTarget) row = row.parentElement;
    const key = row.dataset.index === undefined ? undefined : keys[Number(row.dataset.index)];
    if (key !== undefined && key !== focusedKey) setFocusedKey(key);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedKey(null);
  };

  const setSize = hasMore ? -1 : items.length;
  const attributes = (index: number): RowAttributes => ({
    ref: virtualizer.measureElement,
    'data-index': index,
    'aria-posinset': index + 1,
    'aria-setsize': setSize,
  });

  if (!scrollerRef) {
    return (
      <div ref={listRef} role="feed" aria-label={label} aria-busy={busy} className="windowed-list-plain" style={{ gap }}>
        {items.map((item, index) => renderRow(item, { ...attributes(index), ref: () => {} }))}
      </div>
    );
  }
  return (
    <div
      ref={(el) => {
        listRef.current = el;
        virtualizer.containerRef(el);
      }}
      role="feed"
      aria-label={label}
      aria-busy={busy}
      className="windowed-list"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().map((row) => renderRow(items[row.index]!, attributes(row.index)))}
    </div>
  );
}
