export default function UserProfileScreen() {
  return <section className="screen" />;
}
