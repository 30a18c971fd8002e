import { AUTH_MESSAGES, ADMIN_MESSAGES, passwordProblem } from '@memory-map/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { LoginState } from '../../../config/route-state.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { AuthLogo } from './auth-logo.tsx';
import { PasswordChecklist, PasswordMatch } from './password-checklist.tsx';
import './auth.css';

export const RESET_FAILED = 'Your password could not be changed. Please try again.';
export const PASSWORD_CHANGED = 'Your password has been changed. Log in with the new one.';

/** /reset-password?token=…: the link from the e-mail or from an admin (docs/design.md §18). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = reset.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = !password || !confirmPassword ? AUTH_MESSAGES.fillAllFields : (passwordProblem(password) ?? (password !== confirmPassword ? AUTH_MESSAGES.passwordsDoNotMatch : null));
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () => navigate(paths.login, { replace: true, state: { notice: PASSWORD_CHANGED } satisfies LoginState }),
        onError: (err) => setError(errorText(err, RESET_FAILED)),
      },
    );
  }

  return (
    <section className="screen auth-screen">
      <AuthLogo />
      <form className="auth-card card" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a New Password</h1>
        {!token ? (
          <div className="form-error" role="alert">
            {ADMIN_MESSAGES.resetInvalid}
          </div>
        ) : (
          <>
            {error && (
              <div className="form-error" role="alert">
                {error}
              </div>
            )}
            <div className="field">
              <label htmlFor="reset-password">New Password</label>
              <input id="reset-password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => { setError(null); setPassword(e.target.value); }} aria-describedby="register-password-rules" />
              <PasswordChecklist password={password} />
            </div>
            <div className="field">
              <label htmlFor="reset-confirm">Confirm Password</label>
              <input id="reset-confirm" name="confirmPassword" type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => { setError(null); setConfirmPassword(e.target.value); }} aria-describedby="register-confirm-status" />
              <PasswordMatch password={password} confirmPassword={confirmPassword} />
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving...' : 'Save New Password'}
            </button>
          </>
        )}
        <p className="auth-switch">
          <Link to={paths.forgotPassword}>Ask for a new link</Link> · <Link to={paths.login}>Log In</Link>
        </p>
      </form>
    </section>
  );
}
