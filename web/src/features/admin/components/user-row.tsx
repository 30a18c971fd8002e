import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useDeleteUser, useMakeResetLink, usePatchUser } from '../api/admin-users.ts';
import { formatBytes, lastSeenText } from '../lib/format.ts';
import type { AdminUser } from '../../../lib/api/types.ts';

const FAILED = 'That did not work. Please try again.';

/** One account in the Admin screen: what it holds, and what an admin may do to it. */
export function UserRow({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const patch = usePatchUser();
  const remove = useDeleteUser();
  const resetLink = useMakeResetLink();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = patch.isPending || remove.isPending || resetLink.isPending;
  const change = (p: { disabled?: boolean; isAdmin?: boolean }) => {
    setError(null);
    patch.mutate({ id: user._id, patch: p }, { onError: (err) => setError(errorText(err, FAILED)) });
  };

  return (
    <li className={user.disabled ? 'admin-user card disabled' : 'admin-user card'}>
      <div className="admin-user-head">
        <p className="admin-user-name">
          {user.username}
          {isMe && <span className="admin-badge">You</span>}
          {user.isAdmin && <span className="admin-badge">Admin</span>}
          {user.disabled && <span className="admin-badge danger">Disabled</span>}
        </p>
        <p className="admin-user-mail">{user.email}</p>
        <p className="admin-user-facts">
          {user.memories} {user.memories === 1 ? 'memory' : 'memories'} · {formatBytes(user.storageBytes)} · {lastSeenText(user.lastSeenAt)}
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {resetLink.data && (
        <div className="admin-link" role="status">
          <p>Reset link for {user.username} (works for one hour, once):</p>
          <input readOnly value={resetLink.data.url} aria-label={`Reset link for ${user.username}`} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <div className="admin-actions">
        {!isMe && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => change({ disabled: !user.disabled })}>
            {user.disabled ? 'Enable' : 'Disable'}
          </button>
        )}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => change({ isAdmin: !user.isAdmin })}>
          {user.isAdmin ? 'Remove admin' : 'Make admin'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => { setError(null); resetLink.mutate(user._id, { onError: (err) => setError(errorText(err, FAILED)) }); }}>
          Reset link
        </button>
        {!isMe && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${user.username}?`}
        message={`Their ${user.memories === 1 ? 'memory' : `${user.memories} memories`}, photos, friendships and sessions are deleted for good.`}
        confirmLabel="Delete account"
        busyLabel="Deleting…"
        busy={remove.isPending}
        danger
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(user._id, {
            onSuccess: () => setConfirmDelete(false),
            onError: (err) => {
              setConfirmDelete(false);
              setError(errorText(err, FAILED));
            },
          })
        }
      />
    </li>
  );
}
