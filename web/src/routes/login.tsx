export default function LoginScreen() {
  return <section className="screen" />;
}
