import { AUTH_MESSAGES, emailSchema, passwordProblem, usernameSchema } from '@memory-map/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useRegister } from '../api/register.ts';
import { AuthLogo } from './auth-logo.tsx';
import { PasswordChecklist, PasswordMatch } from './password-checklist.tsx';
import { useStartSession } from './use-start-session.ts';
import './auth.css';
import type { RegisterInput } from '../../../lib/api/types.ts';

export const REGISTER_FAILED = 'Registration failed. Please try again.';

/**
 * The client-side rules of docs/product.md §5 in the order the spec lists them, then the server's own
 * username and e-mail rules (docs/design.md §5), so bad input gets a message and sends nothing.
 */
export function registrationProblem(values: RegisterInput): string | null {
  const { username, email, password, confirmPassword } = values;
  if (!username.trim() || !email.trim() || !password || !confirmPassword) return AUTH_MESSAGES.fillAllFields;
  const pw = passwordProblem(password);
  if (pw) return pw;
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  const name = usernameSchema.safeParse(username);
  if (!name.success) return name.error.issues[0]?.message ?? AUTH_MESSAGES.usernameRule;
  if (!emailSchema.safeParse(email).success) return AUTH_MESSAGES.emailInvalid;
  return null;
}

export function RegisterForm() {
  const [values, setValues] = useState<RegisterInput>({ username: '', email: '', password: '', confirmPassword: '' });
  // An invite link from an admin: /register?invite=CODE (docs/design.md §18).
  const inviteCode = useSearchParams()[0].get('invite')?.trim() || undefined;
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  const startSession = useStartSession();
  const busy = register.isPending;

  // The message was about what had been typed; once that changes it no longer applies (the live
  // password rules keep guiding meanwhile).
  const set = (field: keyof RegisterInput) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setError(null);
    setValues((v) => ({ ...v, [field]: e.target.value }));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = registrationProblem(values);
    setError(problem);
    if (problem) return;
    register.mutate(
      { ...values, username: values.username.trim(), email: values.email.trim(), inviteCode },
      { onSuccess: startSession, onError: (err) => setError(errorText(err, REGISTER_FAILED)) },
    );
  }

  return (
    <section className="screen auth-screen">
      <AuthLogo />
      <form className="auth-card card" onSubmit={onSubmit} noValidate aria-labelledby="register-title">
        <h1 id="register-title">Sign Up</h1>
        {inviteCode && <p className="auth-note">You have been invited. Choose a username and password to join.</p>}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="register-username">Username</label>
          <input id="register-username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.username} onChange={set('username')} />
        </div>
        <div className="field">
          <label htmlFor="register-email">Email</label>
          <input id="register-email" name="email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" value={values.email} onChange={set('email')} />
        </div>
        <div className="field">
          <label htmlFor="register-password">Password</label>
          <input id="register-password" name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} aria-describedby="register-password-rules" />
          <PasswordChecklist password={values.password} />
        </div>
        <div className="field">
          <label htmlFor="register-confirm">Confirm Password</label>
          <input id="register-confirm" name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} aria-describedby="register-confirm-status" />
          <PasswordMatch password={values.password} confirmPassword={values.confirmPassword} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing Up...' : 'Sign Up'}
        </button>
        <p className="auth-switch">
          Already have an account? <Link to={paths.login}>Log In</Link>
        </p>
      </form>
    </section>
  );
}
