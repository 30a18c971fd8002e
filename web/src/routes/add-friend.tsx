export default function AddFriendScreen() {
  return <section className="screen" />;
}
