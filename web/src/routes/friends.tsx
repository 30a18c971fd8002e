import { FriendsView } from '../features/friends/components/friends-view.tsx';

export default function FriendsScreen() {
  return <FriendsView />;
}
