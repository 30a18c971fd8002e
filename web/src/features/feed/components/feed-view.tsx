import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { InfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { feedPinType } from '../../../lib/pin-type.ts';
import { useSession } from '../../../lib/session.ts';
import { uniquePins, useFeed } from '../api/query-feed.ts';
import { ALL_FILTERS, FeedFilterPanel, type FeedFilters } from './feed-filters.tsx';
import { FeedItem } from './feed-item.tsx';
import { OnThisDayCard } from './on-this-day-card.tsx';
import './feed.css';
import { LoadProblem } from '../../../components/load-problem.tsx';

const FEED_FAILED = 'Failed to load feed. Please try again later.';
export const FEED_EMPTY = 'No pins match your current filters. Try adjusting your filters or add more memories!';

export function FeedView() {
  const { token } = useSession();
  const feed = useFeed();
  const [filters, setFilters] = useState<FeedFilters>(ALL_FILTERS);
  const pins = useMemo(() => uniquePins(feed.data?.pages), [feed.data]);
  const shown = useMemo(() => pins.filter((p) => filters[feedPinType(p)]), [pins, filters]);

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

  const failedFirst = feed.isError && pins.length === 0;
  return (
    <section className="screen feed-screen">
      <ScreenTitle title="Feed" />
      <FeedFilterPanel value={filters} onChange={setFilters} />
      {/* One's own memories: hidden with them when 'Your Memories' is filtered out. */}
      {filters.own && <OnThisDayCard />}
      {feed.isPending ? (
        <LoadingDots label="Loading feed" />
      ) : failedFirst ? (
        <LoadProblem message={FEED_FAILED} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          {/* A refresh that failed leaves the cached memories on screen, with the error above them. */}
          {feed.isRefetchError && (
            <LoadProblem className="feed-problem-stale" message={FEED_FAILED} onRetry={() => void feed.refetch()} />
          )}
          {shown.length > 0 && (
            <div className="feed-list">
              {shown.map((pin) => (
                <FeedItem key={pin.id} pin={pin} />
              ))}
            </div>
          )}
          {feed.isFetchNextPageError ? (
            <LoadProblem message={FEED_FAILED} onRetry={() => void feed.fetchNextPage()} />
          ) : (
            <InfiniteScroll
              hasMore={Boolean(feed.hasNextPage)}
              loading={feed.isFetchingNextPage}
              onLoadMore={() => void feed.fetchNextPage()}
              label="Loading more memories"
            />
          )}
          {shown.length === 0 && !feed.hasNextPage && <p className="empty feed-empty">{FEED_EMPTY}</p>}
        </>
      )}
    </section>
  );
}
