import { ADMIN_MESSAGES } from '@memory-map/shared';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import { InvitesPanel } from './invites-panel.tsx';
import { ServerPanel } from './server-panel.tsx';
import { UsersPanel } from './users-panel.tsx';
import './admin.css';

/** The Admin screen (docs/design.md §18), reached from Settings by admins. */
export function AdminView() {
  const { token, user } = useSession();
  const me = useCurrentUser();
  if (!token) return <Navigate to={paths.login} replace />;
  const isAdmin = me.data?.isAdmin ?? user?.isAdmin;
  if (me.isPending && isAdmin === undefined) return <p className="screen admin-empty">Loading…</p>;
  if (!isAdmin) {
    return (
      <section className="screen centered">
        <h1>Admin</h1>
        <p>{ADMIN_MESSAGES.adminOnly}.</p>
        <Link to={paths.profile}>Back to Profile</Link>
      </section>
    );
  }
  return (
    <section className="screen admin-screen">
      <h1 className="admin-title">Admin</h1>
      <ServerPanel />
      <InvitesPanel />
      <UsersPanel myId={user?._id ?? null} />
      <Link className="btn btn-secondary btn-block" to={paths.profile}>
        Back to Profile
      </Link>
    </section>
  );
}
