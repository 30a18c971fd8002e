import { FeedView } from '../features/feed/components/feed-view.tsx';

export default function FeedsScreen() {
  return <FeedView />;
}
