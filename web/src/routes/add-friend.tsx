import { AddFriendView } from '../features/friends/components/add-friend-view.tsx';

export default function AddFriendScreen() {
  return <AddFriendView />;
}
