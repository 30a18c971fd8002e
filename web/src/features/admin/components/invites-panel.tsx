import { useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { useCreateInvite, useInvites, useRevokeInvite } from '../api/admin-server.ts';
import type { Invite } from '../../../lib/api/types.ts';

const USES = [1, 5, 10, 25, 100];
const DAYS = [1, 7, 14, 30];

function InviteItem({ invite }: { invite: Invite }) {
  const revoke = useRevokeInvite();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      setCopied(true);
    } catch {
      setError('Copying is not allowed here: select the link and copy it.');
    }
  };
  return (
    <li className="admin-invite card">
      <input readOnly value={invite.url} aria-label={`Invite link ${invite.code}`} onFocus={(e) => e.currentTarget.select()} />
      <p className="admin-user-facts">
        Used {invite.used} of {invite.uses} · until {new Date(invite.expiresAt).toLocaleDateString()}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(invite.code, { onError: (err) => setError(errorText(err, 'The invite could not be revoked.')) })}>
          Revoke
        </button>
      </div>
    </li>
  );
}

/** Invites: links that let a few people sign up while sign-ups are by invite. */
export function InvitesPanel() {
  const invites = useInvites();
  const create = useCreateInvite();
  const [uses, setUses] = useState(1);
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate({ uses, expiresInDays: days }, { onError: (err) => setError(errorText(err, 'The invite could not be made.')) });
  };
  return (
    <section className="admin-group" aria-labelledby="admin-invites">
      <h2 id="admin-invites" className="admin-group-title">
        Invites
      </h2>
      <form className="admin-invite-form card" onSubmit={onSubmit}>
        <label>
          People
          <select value={uses} onChange={(e) => setUses(Number(e.target.value))}>
            {USES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Valid for
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DAYS.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 day' : `${n} days`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? 'Making…' : 'Make invite'}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {invites.isError && (
        <p className="form-error" role="alert">
          {errorText(invites.error, 'The invites could not be loaded.')}
        </p>
      )}
      {invites.data?.length === 0 && <p className="admin-empty">No invites waiting to be used.</p>}
      {invites.data && invites.data.length > 0 && (
        <ul className="admin-invites">
          {invites.data.map((i) => (
            <InviteItem key={i.code} invite={i} />
          ))}
        </ul>
      )}
    </section>
  );
}
