export default function LandingScreen() {
  return <section className="screen" />;
}
