export default function FeedsScreen() {
  return <section className="screen" />;
}
