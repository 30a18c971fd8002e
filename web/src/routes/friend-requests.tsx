import { FriendRequestsView } from '../features/friends/components/friend-requests-view.tsx';

export default function FriendRequestsScreen() {
  return <FriendRequestsView />;
}
