export default function FriendRequestsScreen() {
  return <section className="screen" />;
}
