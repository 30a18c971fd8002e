import { useId, useState } from 'react';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateNames } from '../api/update-names.ts';
import './profile.css';

type Result = { ok: boolean; text: string } | null;

/** /user-profile: first and last name through PUT /update_user (docs/product.md §2, §7). */
export function UserProfileForm() {
  const { user } = useSession();
  // The server's record when it answers (names may have changed on another device), the stored one until then.
  const me = useCurrentUser();
  const ids = { userId: useId(), first: useId(), last: useId() };
  // null: not typed in yet, so the field shows the freshest known value.
  const [typed, setTyped] = useState<{ userId: string | null; firstName: string | null; lastName: string | null }>({
    userId: null,
    firstName: null,
    lastName: null,
  });
  const known = me.data ?? user;
  const userId = typed.userId ?? known?._id ?? '';
  const firstName = typed.firstName ?? known?.firstName ?? '';
  const lastName = typed.lastName ?? known?.lastName ?? '';
  const setUserId = (v: string) => setTyped((t) => ({ ...t, userId: v }));
  const setFirstName = (v: string) => setTyped((t) => ({ ...t, firstName: v }));
  const setLastName = (v: string) => setTyped((t) => ({ ...t, lastName: v }));
  const [result, setResult] = useState<Result>(null);
  const update = useUpdateNames();


  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = { userId: userId.trim(), firstName: firstName.trim(), lastName: lastName.trim() };
    // docs/product.md §5: all three inputs non-empty; nothing is sent otherwise.
    if (!input.userId || !input.firstName || !input.lastName) {
      setResult({ ok: false, text: 'Please fill out all fields.' });
      return;
    }
    setResult(null);
    update.mutate(input, {
      // The viewer's record takes the names in the mutation itself (api/update-names.ts).
      onSuccess: () => setResult({ ok: true, text: 'Profile updated successfully!' }),
      onError: () => setResult({ ok: false, text: 'Update failed!' }),
    });
  };

  const busy = update.isPending;
  return (
    <section className="screen user-profile-screen">
      <ScreenTitle title="Edit User Profile" />
      <form className="card" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.userId}>User ID</label>
          <input id={ids.userId} value={userId} onChange={(e) => setUserId(e.target.value)} required autoComplete="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor={ids.first}>First Name</label>
          <input id={ids.first} value={firstName} onChange={(e) => setFirstName(e.target.value)} required autoComplete="given-name" maxLength={50} />
        </div>
        <div className="field">
          <label htmlFor={ids.last}>Last Name</label>
          <input id={ids.last} value={lastName} onChange={(e) => setLastName(e.target.value)} required autoComplete="family-name" maxLength={50} />
        </div>
        {result && (
          <p className={result.ok ? 'form-success' : 'form-error'} role="alert">
            {result.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Updating...' : 'Update Profile'}
        </button>
      </form>
    </section>
  );
}
