import { useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { useEndSessions, useMySessions } from '../api/sessions.ts';
import { deviceName } from '../lib/device-name.ts';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Your sessions (docs/design.md §18): each device signed in, its last use; end one, or all others. */
export function SessionsPanel() {
  const sessions = useMySessions();
  const end = useEndSessions();
  const [error, setError] = useState<string | null>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const onError = (err: unknown) => setError(errorText(err, 'The session could not be ended. Please try again.'));
  return (
    <div className="profile-sessions card">
      {sessions.isPending && <p className="profile-sessions-note">Loading your sessions…</p>}
      {sessions.isError && (
        <p className="form-error" role="alert">
          {errorText(sessions.error, 'Your sessions could not be loaded.')}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {sessions.data && (
        <ul className="profile-sessions-list">
          {sessions.data.map((s) => (
            <li key={s.id}>
              <div>
                <p className="profile-sessions-device">
                  {deviceName(s.userAgent)}
                  {s.current && <span className="profile-sessions-current">This device</span>}
                </p>
                <p className="profile-sessions-note">
                  Last active {when(s.lastSeenAt)} · signed in {when(s.createdAt)}
                </p>
              </div>
              {!s.current && (
                <button type="button" className="btn btn-secondary" disabled={end.isPending} onClick={() => { setError(null); end.mutate(s.id, { onError }); }}>
                  End
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button type="button" className="btn btn-secondary btn-block" disabled={end.isPending} onClick={() => { setError(null); end.mutate('others', { onError }); }}>
          Sign out everywhere else
        </button>
      )}
      {sessions.data && others.length === 0 && <p className="profile-sessions-note">You are signed in on this device only.</p>}
    </div>
  );
}
