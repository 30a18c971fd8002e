import { useState } from 'react';
import { Link } from 'react-router';
import { paths, personPath } from '../../../config/paths.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InboxIcon, UserPlusIcon } from '../../../components/icons-extra.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { Toast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { getToken, useSession } from '../../../lib/session.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useDeleteFriend } from '../api/delete-friend.ts';
import { usePendingRequests } from '../api/pending-requests.ts';
import { useFriends } from '../api/query-friends.ts';
import { CirclesSection } from './circles-section.tsx';
import { CountBadge, PersonRow } from './person-row.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import './friends.css';
import { LoadProblem } from '../../../components/load-problem.tsx';
import type { PublicUser } from '../../../lib/api/types.ts';

export function friendCountText(n: number): string {
  return n === 1 ? '1 friend' : `${n} friends`;
}

export function FriendsView() {
  const { token } = useSession();
  const friends = useFriends();
  const pending = usePendingRequests();
  const removal = useDeleteFriend();
  const toast = useTimedMessage();
  const [search, setSearch] = useState('');
  const [toRemove, setToRemove] = useState<PublicUser | null>(null);

  if (!token) {
    return (
      <section className="screen friends-screen">
        <ScreenTitle title="Friends" />
        <p className="form-error" role="alert">
          You must be logged in to view friends
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block">
          Log In
        </Link>
        <Toast message={toast.message} />
      </section>
    );
  }

  const list = friends.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? list.filter((f) => f.username.toLowerCase().includes(needle)) : list;

  const confirmRemove = () => {
    const target = toRemove;
    if (!target) return;
    if (!getToken()) {
      setToRemove(null);
      toast.show('You must be logged in to remove friends', 'error');
      return;
    }
    // What a removal changes (the list, the viewer's record, the memories, the circles) is the
    // mutation's own work (lib/effects/friendship.ts); the screen only closes its dialog.
    removal.mutate(target._id, {
      onSuccess: () => setToRemove(null),
      onError: (err) => {
        setToRemove(null);
        toast.show(errorText(err, 'Failed to remove friend'), 'error');
      },
    });
  };

  return (
    <section className="screen friends-screen">
      <ScreenTitle title="Friends" />
      <SearchBox value={search} onChange={setSearch} placeholder="Search for friend(s)..." />
      <nav className="friends-actions" aria-label="Find people">
        <Link to={paths.addFriend} className="friends-action">
          <UserPlusIcon size={20} />
          <span>Add Friend</span>
        </Link>
        <Link to={paths.friendRequests} className="friends-action">
          <InboxIcon size={20} />
          <span>Friend Requests</span>
          <CountBadge count={pending.data?.length ?? 0} label="pending" />
        </Link>
      </nav>

      <div className="friends-heading">
        <h2>Social Circle</h2>
        {friends.isSuccess && <span className="friends-count">{friendCountText(list.length)}</span>}
      </div>

      {friends.isPending ? (
        <LoadingDots label="Loading friends" />
      ) : friends.isError ? (
        <LoadProblem message="Failed to load friends. Please try again later." onRetry={() => void friends.refetch()} />
      ) : list.length === 0 ? (
        <div className="empty friends-empty">
          <p>You don't have any friends yet</p>
          <Link to={paths.addFriend} className="btn btn-primary">
            Find Friends
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <p className="empty">No friends match “{search.trim()}”</p>
      ) : (
        <ul className="list" aria-label="Friends">
          {shown.map((f) => (
            <PersonRow key={f._id} user={f} to={personPath(f._id)}>
              <button type="button" className="btn btn-secondary friends-remove" aria-label={`Remove ${f.username}`} onClick={() => setToRemove(f)}>
                Remove
              </button>
            </PersonRow>
          ))}
        </ul>
      )}

      {friends.isSuccess && <CirclesSection friends={list} onMessage={toast.show} />}

      <ConfirmDialog
        open={toRemove !== null}
        title="Remove Friend"
        message={`Are you sure you want to remove ${toRemove?.username ?? ''} from your friends?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removal.isPending}
        danger
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      />
      <Toast message={toast.message} />
    </section>
  );
}
