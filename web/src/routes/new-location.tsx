export default function NewLocationScreen() {
  return <section className="screen" />;
}
