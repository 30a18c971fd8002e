import { AUTH_MESSAGES, USER_MESSAGES, passwordProblem, usernameSchema } from '@memory-map/shared';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';
import { useUpdateAccount } from '../api/update-account.ts';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** Client checks in the order docs/product.md §5 gives them; null when the form may be sent. */
export function editProfileProblem(username: string, password: string, currentPassword = ''): string | null {
  if (!username.trim()) return AUTH_MESSAGES.usernameEmpty;
  const parsed = usernameSchema.safeParse(username);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? AUTH_MESSAGES.usernameRule;
  if (password) return passwordProblem(password) ?? (currentPassword ? null : USER_MESSAGES.currentPasswordRequired);
  return null;
}

export function EditProfileForm({ currentUsername, onBack }: { currentUsername: string; onBack: () => void }) {
  const ids = { username: useId(), password: useId(), passwordHint: useId(), current: useId() };
  const [username, setUsername] = useState(currentUsername);
  const [password, setPassword] = useState('');
  // Asked only with a new password: the server then checks it, so a session left open on a
  // borrowed phone cannot take the account (docs/design.md §5, update_user).
  const [currentPassword, setCurrentPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const update = useUpdateAccount();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!getToken()) {
      setFeedback({ kind: 'error', text: 'You must be logged in.' });
      return;
    }
    const problem = editProfileProblem(username, password, currentPassword);
    if (problem) {
      setFeedback({ kind: 'error', text: problem });
      return;
    }
    setFeedback(null);
    update.mutate(
      { newUsername: username.trim(), newPassword: password || undefined, currentPassword: password ? currentPassword : undefined },
      {
        // The viewer's record takes the answer in the mutation itself (api/update-account.ts).
        onSuccess: () => {
          setPassword('');
          setCurrentPassword('');
          setFeedback({ kind: 'success', text: 'Profile updated!' });
        },
        onError: (err) =>
          setFeedback({ kind: 'error', text: err instanceof ApiError && err.isNetworkError && !err.isOffline ? 'Server error.' : errorText(err, 'Update failed.') }),
      },
    );
  };

  const busy = update.isPending;
  return (
    <form className="profile-panel card" onSubmit={submit} noValidate aria-label="Edit Profile">
      <h2 className="profile-panel-title">Edit Profile</h2>
      <div className="field">
        <label htmlFor={ids.username}>New username</label>
        <input
          id={ids.username}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={30}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.password}>New password (optional)</label>
        <div className="profile-password">
          <input
            id={ids.password}
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            aria-describedby={ids.passwordHint}
          />
          <button type="button" className="profile-password-toggle" onClick={() => setShowPassword((v) => !v)} aria-pressed={showPassword}>
            {showPassword ? 'Hide' : 'Show'}
          </button>
        </div>
        {/* A line under the field, not a placeholder: a placeholder this long is cut off on a phone. */}
        <span className="hint" id={ids.passwordHint}>
          {password ? 'At least 6 characters, with one special character such as ! or ?' : 'Leave blank to keep your current password'}
        </span>
      </div>
      {password && (
        <div className="field">
          <label htmlFor={ids.current}>Current password</label>
          <input
            id={ids.current}
            type={showPassword ? 'text' : 'password'}
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </div>
      )}
      {feedback && (
        <p className={feedback.kind === 'error' ? 'form-error' : 'form-success'} role="alert">
          {feedback.text}
        </p>
      )}
      <div className="profile-panel-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
