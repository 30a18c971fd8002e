import { useState } from 'react';
import { errorText } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAdminUsers } from '../api/admin-users.ts';
import { UserRow } from './user-row.tsx';

/** Accounts, searched by name or e-mail. */
export function UsersPanel({ myId }: { myId: string | null }) {
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim());
  const users = useAdminUsers(query);
  return (
    <section className="admin-group" aria-labelledby="admin-users">
      <h2 id="admin-users" className="admin-group-title">
        People
      </h2>
      <div className="field">
        <label htmlFor="admin-search" className="sr-only">
          Search people
        </label>
        <input id="admin-search" type="search" placeholder="Search by name or e-mail" value={q} onChange={(e) => setQ(e.target.value)} autoCapitalize="none" spellCheck={false} />
      </div>
      {users.isPending && <p className="admin-empty">Loading people…</p>}
      {users.isError && (
        <p className="form-error" role="alert">
          {errorText(users.error, 'The list of people could not be loaded.')}
        </p>
      )}
      {users.data?.length === 0 && <p className="admin-empty">{query ? `Nobody matches “${query}”.` : 'Nobody here yet.'}</p>}
      {users.data && users.data.length > 0 && (
        <ul className="admin-users">
          {users.data.map((u) => (
            <UserRow key={u._id} user={u} isMe={u._id === myId} />
          ))}
        </ul>
      )}
    </section>
  );
}
