import { ACCOUNT_MESSAGES } from '@memory-map/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import type { LoginState } from '../../../config/route-state.ts';
import { errorText } from '../../../lib/api-client.ts';
import { forgetUserOnDevice } from '../../../lib/outbox/index.ts';
import { clearSession, getStoredUser } from '../../../lib/session.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const DELETE_FAILED = 'Your account could not be deleted. Please try again.';
export const ACCOUNT_DELETED = 'Your account and everything in it have been deleted.';

/**
 * Settings → Your data → Delete account (docs/design.md §11): a confirmation that says what goes
 * and asks for the password; the server checks it (a wrong one deletes nothing). Afterwards this
 * device forgets the session and its cached data, and the login screen says it is done.
 */
export function DeleteAccount({ onDeleted }: { onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = { title: useId(), password: useId(), text: useId() };
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = remove.isPending;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    setError(null);
    remove.mutate(password, {
      onSuccess: async () => {
        // The screen must not send the now signed-out person to the login screen on its own
        // (without the notice) before this does.
        onDeleted?.();
        // The account is gone: its unsent writes and drafts could never be sent; they go too.
        const userId = getStoredUser()?._id;
        if (userId) await forgetUserOnDevice(userId);
        clearSession();
        // Nothing of the account stays on this device either.
        queryClient.clear();
        const state: LoginState = { notice: ACCOUNT_DELETED };
        navigate(paths.login, { replace: true, state });
      },
      onError: (err) => {
        setError(errorText(err, DELETE_FAILED));
        passwordRef.current?.select();
      },
    });
  };

  return (
    <>
      <button type="button" className="btn btn-danger-outline btn-block" onClick={() => setOpen(true)}>
        Delete account
      </button>
      {open && (
        <ModalDialog
          className="dialog-backdrop"
          role="alertdialog"
          labelledBy={ids.title}
          describedBy={ids.text}
          initialFocus={passwordRef}
          onDismiss={close}
        >
          <form className="dialog delete-account-dialog" onSubmit={submit} noValidate>
            <h2 id={ids.title}>Delete your account?</h2>
            <p id={ids.text}>
              This deletes your profile, all your memories and their photos, your friendships, friend requests and share links, for good.
              Memories your friends made stay theirs. Download your data first to keep a copy.
            </p>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <div className="field">
              <label htmlFor={ids.password}>Your password</label>
              <input
                id={ids.password}
                ref={passwordRef}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={busy}
              />
            </div>
            <div className="dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? 'Deleting...' : 'Delete my account'}
              </button>
            </div>
          </form>
        </ModalDialog>
      )}
    </>
  );
}
