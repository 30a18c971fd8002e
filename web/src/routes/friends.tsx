export default function FriendsScreen() {
  return <section className="screen" />;
}
