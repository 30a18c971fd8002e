export default function UpdateLocationScreen() {
  return <section className="screen" />;
}
