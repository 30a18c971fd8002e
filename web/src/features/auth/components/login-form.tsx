import { AUTH_MESSAGES, SUBMIT_WAITING_ATTRIBUTE } from '@memory-map/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { LoginState } from '../../../config/route-state.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { AuthLogo } from './auth-logo.tsx';
import { useStartSession } from './use-start-session.ts';
import './auth.css';

export const LOGIN_FAILED = 'Login failed. Please try again.';

/**
 * What was typed into the sign-in form the page came drawn with (web/build/route-pages.ts), before
 * the app ran; '' when there is none. The app's first render starts from it: React takes the
 * drawn inputs over with the value it renders, and would empty them otherwise.
 */
function drawnValue(id: string): string {
  // Drawing the page at build time renders this form too, where there is no document.
  if (typeof document === 'undefined') return '';
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

export function LoginForm() {
  const [username, setUsername] = useState(() => drawnValue('login-username'));
  const [password, setPassword] = useState(() => drawnValue('login-password'));
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const startSession = useStartSession();
  const busy = login.isPending;
  const form = useRef<HTMLFormElement>(null);

  // Sent on the drawn page before the app ran (the first-paint script held it back): send it now.
  useEffect(() => {
    const html = document.documentElement;
    if (!html.hasAttribute(SUBMIT_WAITING_ATTRIBUTE)) return;
    html.removeAttribute(SUBMIT_WAITING_ATTRIBUTE);
    form.current?.requestSubmit();
  }, []);
  const notice = (useLocation().state as LoginState | null)?.notice;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // docs/product.md §5: both required; shown as an inline alert rather than a blocking window.alert.
    if (!username.trim() || !password) {
      setError(AUTH_MESSAGES.loginMissing);
      return;
    }
    setError(null);
    login.mutate(
      { username: username.trim(), password },
      { onSuccess: startSession, onError: (err) => setError(errorText(err, LOGIN_FAILED)) },
    );
  }

  return (
    <section className="screen auth-screen">
      <AuthLogo />
      <form ref={form} className="auth-card card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Log In</h1>
        {notice && !error && (
          <div className="form-success" role="status">
            {notice}
          </div>
        )}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input id="login-username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <p className="auth-forgot">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? 'Logging In...' : 'Log In'}
        </button>
        <p className="auth-switch">
          Don&apos;t have an account? <Link to={paths.register}>Register</Link>
        </p>
      </form>
    </section>
  );
}
