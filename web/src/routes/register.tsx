import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import { useSession } from '../lib/session.ts';

export default function RegisterScreen() {
  const { token } = useSession();
  // Someone already signed in has no account to make: straight to the map (docs/product.md §2, screens check the token).
  if (token) return <Navigate to={paths.landing} replace />;
  return <RegisterForm />;
}
