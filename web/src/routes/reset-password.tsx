import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordScreen() {
  return <ResetPasswordForm />;
}
