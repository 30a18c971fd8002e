import type { RegistrationMode } from '@memory-map/shared';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { useAdminSettings, useAdminStats, useSaveSettings } from '../api/admin-server.ts';
import { formatBytes } from '../lib/format.ts';

const MODES: Array<[RegistrationMode, string, string]> = [
  ['open', 'Open', 'Anyone who finds this server can sign up.'],
  ['invite', 'By invite', 'Only people with an invite link can sign up.'],
  ['closed', 'Closed', 'Nobody can sign up.'],
];

/** The server at a glance, and who may sign up. */
export function ServerPanel() {
  const stats = useAdminStats();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const [error, setError] = useState<string | null>(null);
  const mode = save.isPending ? save.variables?.registration : settings.data?.registration;
  return (
    <>
      <section className="admin-group" aria-labelledby="admin-stats">
        <h2 id="admin-stats" className="admin-group-title">
          This server
        </h2>
        {stats.isError && (
          <p className="form-error" role="alert">
            {errorText(stats.error, 'The numbers could not be loaded.')}
          </p>
        )}
        <dl className="admin-stats card" aria-busy={stats.isPending}>
          <div>
            <dt>People</dt>
            <dd>{stats.data?.users ?? '…'}</dd>
          </div>
          <div>
            <dt>Memories</dt>
            <dd>{stats.data?.memories ?? '…'}</dd>
          </div>
          <div>
            <dt>Photos</dt>
            <dd>{stats.data?.photos ?? '…'}</dd>
          </div>
          <div>
            <dt>Storage</dt>
            <dd>{stats.data ? formatBytes(stats.data.storageBytes) : '…'}</dd>
          </div>
        </dl>
        {stats.data && <p className="admin-empty">Version {stats.data.version}</p>}
      </section>
      <section className="admin-group" aria-labelledby="admin-signup">
        <h2 id="admin-signup" className="admin-group-title">
          Sign-ups
        </h2>
        <fieldset className="admin-modes card" disabled={!settings.data}>
          <legend className="sr-only">Who may sign up</legend>
          {MODES.map(([value, label, help]) => (
            <label key={value} className={mode === value ? 'admin-mode active' : 'admin-mode'}>
              <input
                type="radio"
                name="registration"
                value={value}
                checked={mode === value}
                onChange={() => {
                  setError(null);
                  save.mutate({ registration: value }, { onError: (err) => setError(errorText(err, 'The sign-up mode could not be saved.')) });
                }}
              />
              <span>
                <strong>{label}</strong>
                <span className="admin-mode-help">{help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </>
  );
}
