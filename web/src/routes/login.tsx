import { LoginForm } from '../features/auth/components/login-form.tsx';

export default function LoginScreen() {
  return <LoginForm />;
}
