export default function RegisterScreen() {
  return <section className="screen" />;
}
