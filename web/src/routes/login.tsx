import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { useSession } from '../lib/session.ts';

/**
 * Someone who already holds a token has nothing to do here and goes straight to the map; so does
 * '/' (which docs/product.md §2 keeps redirecting to /login), e.g. from the not-found screen's link.
 */
export default function LoginScreen() {
  const { token } = useSession();
  if (token) return <Navigate to={paths.landing} replace />;
  return <LoginForm />;
}
