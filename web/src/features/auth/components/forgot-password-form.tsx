import { ADMIN_MESSAGES } from '@memory-map/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAskForResetLink, useSignupInfo } from '../api/password-reset.ts';
import { AuthLogo } from './auth-logo.tsx';
import './auth.css';

export const FORGOT_FAILED = 'The reset link could not be requested. Please try again.';
export const ASK_AN_ADMIN = 'This server does not send e-mail. Ask an admin of this server for a password reset link: they can make one for you in the Admin screen.';
export const LINK_ON_ITS_WAY = 'If that account exists, a reset link is on its way to its e-mail address. It works for one hour.';

/** Forgot password (docs/design.md §18): a reset link by e-mail, or, without SMTP, where to get one. */
export function ForgotPasswordForm() {
  const info = useSignupInfo();
  const ask = useAskForResetLink();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const busy = ask.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!login.trim()) {
      setError(ADMIN_MESSAGES.resetLogin);
      return;
    }
    setError(null);
    ask.mutate(login.trim(), { onSuccess: () => setSent(true), onError: (err) => setError(errorText(err, FORGOT_FAILED)) });
  }

  const byEmail = info.data?.resetByEmail;
  return (
    <section className="screen auth-screen">
      <AuthLogo />
      <form className="auth-card card" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot Password</h1>
        {info.isPending && <p className="auth-note" role="status">Checking how this server resets passwords…</p>}
        {info.isError && (
          <div className="form-error" role="alert">
            {errorText(info.error, FORGOT_FAILED)}
          </div>
        )}
        {byEmail === false && <p className="auth-note">{ASK_AN_ADMIN}</p>}
        {byEmail && sent && (
          <div className="form-success" role="status">
            {LINK_ON_ITS_WAY}
          </div>
        )}
        {byEmail && !sent && (
          <>
            <p className="auth-note">Enter your username or e-mail address and we will send you a link to choose a new password.</p>
            {error && (
              <div className="form-error" role="alert">
                {error}
              </div>
            )}
            <div className="field">
              <label htmlFor="forgot-login">Username or e-mail</label>
              <input id="forgot-login" name="login" autoComplete="username" autoCapitalize="none" spellCheck={false} value={login} onChange={(e) => { setError(null); setLogin(e.target.value); }} />
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
              {busy ? 'Sending...' : 'Send Reset Link'}
            </button>
          </>
        )}
        <p className="auth-switch">
          Remembered it? <Link to={paths.login}>Log In</Link>
        </p>
      </form>
    </section>
  );
}
