export default function ProfileScreen() {
  return <section className="screen" />;
}
