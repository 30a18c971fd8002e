import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { InfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { WindowedList } from '../../../components/windowed-list.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { feedPinType } from '../../../lib/pin-type.ts';
import { usePendingMemories } from '../../../lib/outbox/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSession } from '../../../lib/session.ts';
import { uniquePins, useFeed, type FeedPage } from '../api/query-feed.ts';
import { useSearchMemories } from '../api/search-memories.ts';
import { queryWords } from '../lib/highlight.ts';
import { ALL_FILTERS, FeedFilterPanel, type FeedFilters } from './feed-filters.tsx';
import { FeedItem } from './feed-item.tsx';
import { OnThisDayCard } from './on-this-day-card.tsx';
import { PendingList } from './pending-list.tsx';
import './feed.css';
import type { Pin } from '../../../lib/api/types.ts';

const FEED_FAILED = 'Failed to load feed. Please try again later.';
export const FEED_EMPTY = 'No pins match your current filters. Try adjusting your filters or add more memories!';
export const SEARCH_FAILED = 'Search failed. Please try again.';
export const searchEmpty = (q: string) => `No memories match “${q}”.`;

export function FeedView() {
  const { token } = useSession();
  const [filters, setFilters] = useState<FeedFilters>(ALL_FILTERS);
  const [query, setQuery] = useState('');
  const searched = useDebouncedValue(query.trim(), 300);
  const searching = query.trim() !== '' && searched !== '';
  const feed = useFeed();
  const results = useSearchMemories(searching ? searched : '');
  const words = useMemo(() => (searching ? queryWords(searched) : []), [searching, searched]);

  if (!token) {
    return (
      <section className="screen feed-screen">
        <ScreenTitle title="Feed" />
        <p className="form-error" role="alert">
          You must be logged in to view the feed
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block">
          Log In
        </Link>
      </section>
    );
  }

  return (
    <section className="screen feed-screen">
      <ScreenTitle title="Feed" />
      <SearchBox
        value={query}
        onChange={setQuery}
        placeholder="Search your memories..."
        label="Search memories"
        busy={searching && results.isFetching && !results.isFetchingNextPage}
      />
      <FeedFilterPanel value={filters} onChange={setFilters} />
      {/* One's own memories: hidden with them when 'Your Memories' is filtered out, and while searching. */}
      {!searching && filters.own && <OnThisDayCard />}
      {!searching && filters.own && <PendingList />}
      {searching ? (
        <PinStream
          key="search"
          name="search"
          query={results}
          filters={filters}
          highlight={words}
          failedText={SEARCH_FAILED}
          emptyText={searchEmpty(searched)}
          loadingLabel="Searching"
        />
      ) : (
        <PinStream key="feed" name="feed" query={feed} filters={filters} failedText={FEED_FAILED} emptyText={FEED_EMPTY} loadingLabel="Loading feed" />
      )}
    </section>
  );
}

interface PinStreamProps {
  /** Names the list's kept row heights. */
  name: string;
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  filters: FeedFilters;
  highlight?: string[];
  failedText: string;
  emptyText: string;
  loadingLabel: string;
}

const pinId = (pin: Pin) => pin.id;

/** A paged list of memories (the feed, or search results), filtered by type, loading more at the end. */
function PinStream({ name, query, filters, highlight, failedText, emptyText, loadingLabel }: PinStreamProps) {
  // A page that comes is drawn in the background, in slices the phone can answer a tap between
  // (docs/decisions/090-web-delivery.md): the query hands its answer over synchronously, and
  // drawing twenty cards at once held the main thread for one long task.
  const data = useDeferredValue(query.data);
  const pins = useMemo(() => uniquePins(data?.pages), [data]);
  const { deleting } = usePendingMemories();
  // A memory whose delete waits in the outbox is gone for its author already.
  const shown = useMemo(() => pins.filter((p: Pin) => filters[feedPinType(p)] && !deleting.has(p.id)), [pins, filters, deleting]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setExpanded((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  // The first page is in but not drawn yet: still loading, never "no memories" for a moment.
  if (query.isPending || (data === undefined && query.data !== undefined)) return <LoadingDots label={loadingLabel} />;
  if (query.isError && pins.length === 0) return <LoadProblem message={failedText} onRetry={() => void query.refetch()} />;
  return (
    <>
      {/* A refresh that failed leaves the cached memories on screen, with the error above them. */}
      {query.isRefetchError && <LoadProblem className="feed-problem-stale" message={failedText} onRetry={() => void query.refetch()} />}
      {shown.length > 0 && (
        <WindowedList
          items={shown}
          itemKey={pinId}
          cacheKey={name}
          label="Memories"
          busy={query.isFetchingNextPage}
          hasMore={Boolean(query.hasNextPage)}
          // A card without a photo is ~180 px at 390 px wide, one with a photo ~450.
          estimateSize={320}
          gap={14}
          renderRow={(pin, row) => (
            <FeedItem key={pin.id} pin={pin} highlight={highlight} expanded={expanded.has(pin.id)} onToggle={toggle} row={row} />
          )}
        />
      )}
      {query.isFetchNextPageError ? (
        <LoadProblem message={failedText} onRetry={() => void query.fetchNextPage()} />
      ) : (
        <InfiniteScroll
          hasMore={Boolean(query.hasNextPage)}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          label="Loading more memories"
        />
      )}
      {shown.length === 0 && !query.hasNextPage && <p className="empty feed-empty">{emptyText}</p>}
    </>
  );
}
