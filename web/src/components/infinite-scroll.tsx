import { useEffect, useRef } from 'react';
import { Spinner } from './spinner.tsx';
import './infinite-scroll.css';

export interface InfiniteScrollProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** How early to start loading, before the end of the list scrolls into view. */
  rootMargin?: string;
  label?: string;
}

/**
 * A sentinel at the end of a list: when it comes near the viewport the next page is loaded. A new
 * observer is made after every page, and an observer reports the current state when it starts,
 * so a page too short to fill the screen (or one filtered empty) still leads to the next.
 */
export function InfiniteScroll({ hasMore, loading, onLoadMore, rootMargin = '300px', label = 'Loading more' }: InfiniteScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });
  const supported = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || !supported) return;
    // The margin only reaches beyond the scrolling element when that element is the root.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMoreRef.current();
      },
      { root: scrollParent(el), rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, rootMargin, supported]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="infinite-scroll">
      {loading ? (
        <Spinner label={label} />
      ) : (
        !supported && (
          <button type="button" className="btn btn-secondary" onClick={onLoadMore}>
            Load more
          </button>
        )
      )}
    </div>
  );
}

function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}
