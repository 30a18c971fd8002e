import { FRIEND_MESSAGES } from '@memory-map/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CheckIcon, ClockIcon, InboxIcon, UserPlusIcon } from '../../../components/icons-extra.tsx';
import { InfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingDots, Spinner } from '../../../components/spinner.tsx';
import { Toast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { getToken, idsOf, useSession, type StoredUser } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useAllUsers } from '../api/query-all-users.ts';
import { useSendFriendRequest } from '../api/send-request.ts';
import { PersonRow } from './person-row.tsx';
import { paths } from '../../../config/paths.ts';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import './friends.css';
import { LoadProblem } from '../../../components/load-problem.tsx';
import type { PublicUser } from '../../../lib/api/types.ts';

/** docs/product.md §2 row states. */
export type RowStatus = 'idle' | 'loading' | 'pending' | 'friends' | 'received' | 'error';

/** The initial status from the stored user record (docs/product.md §2): friends, then sent, then received. */
export function relationFromStoredUser(user: StoredUser | null, id: string): RowStatus {
  if (!user) return 'idle';
  if (idsOf(user.friends).includes(id)) return 'friends';
  if (idsOf(user.friendRequests?.sent).includes(id)) return 'pending';
  if (idsOf(user.friendRequests?.received).includes(id)) return 'received';
  return 'idle';
}

const INFO: Partial<Record<RowStatus, string>> = {
  friends: FRIEND_MESSAGES.alreadyFriends,
  pending: FRIEND_MESSAGES.alreadySent,
  received: FRIEND_MESSAGES.alreadyReceived,
};

/** Text the search waits for before asking the server (docs/product.md §2 Add Friend: searched as you type). */
export const SEARCH_DEBOUNCE_MS = 250;

export function AddFriendView() {
  const { token, user } = useSession();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAllUsers(q);
  // Refreshes the stored record, so requests answered since login show their real status.
  useCurrentUser();
  const send = useSendFriendRequest();
  const toast = useTimedMessage();
  const [overrides, setOverrides] = useState<Record<string, RowStatus>>({});
  const [confirming, setConfirming] = useState<PublicUser | null>(null);

  const list = useMemo(() => {
    const seen = new Set<string>();
    const out: PublicUser[] = [];
    for (const page of users.data?.pages ?? []) {
      for (const u of page.users) {
        if (u._id === user?._id || seen.has(u._id)) continue;
        seen.add(u._id);
        out.push(u);
      }
    }
    return out;
  }, [users.data, user?._id]);

  if (!token) {
    return (
      <section className="screen friends-screen">
        <ScreenTitle title="Add Friend" backTo={paths.friends} backLabel="Friends" />
        <p className="form-error" role="alert">
          You must be logged in to view users
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block">
          Log In
        </Link>
        <Toast message={toast.message} />
      </section>
    );
  }

  const statusOf = (id: string): RowStatus => {
    const stored = relationFromStoredUser(user, id);
    return stored !== 'idle' ? stored : (overrides[id] ?? 'idle');
  };
  const setStatus = (id: string, status: RowStatus) => setOverrides((o) => ({ ...o, [id]: status }));

  const askToSend = (target: PublicUser) => {
    if (!getToken()) {
      toast.show('You must be logged in to send friend requests', 'error');
      return;
    }
    setConfirming(target);
  };

  // Each row awaits its own call, so requests sent while another is still in flight each reach
  // their own end state (docs/product.md §4); the stored sent list is updated by the mutation itself.
  const confirmSend = async () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    if (!getToken()) {
      toast.show('You must be logged in to send friend requests', 'error');
      return;
    }
    setStatus(target._id, 'loading');
    try {
      await send.mutateAsync(target._id);
    } catch (err) {
      setStatus(target._id, 'error');
      toast.show(errorText(err, 'Failed to send friend request'), 'error');
      return;
    }
    setStatus(target._id, 'pending');
  };

  const showInfo = (status: RowStatus) => {
    const text = INFO[status];
    if (text) toast.show(text);
  };

  const searching = q !== '';
  return (
    <section className="screen friends-screen">
      <ScreenTitle title="Add Friend" backTo={paths.friends} backLabel="Friends" />
      <SearchBox
        value={search}
        onChange={setSearch}
        placeholder="Search by username"
        label="Search users"
        busy={users.isFetching && !users.isFetchingNextPage && !users.isPending}
      />
      {users.isPending ? (
        <LoadingDots label="Loading users" />
      ) : users.isError && list.length === 0 ? (
        <LoadProblem message="Failed to load users. Please try again later." onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty">{searching ? 'No users match your search' : 'No users found'}</p>
      ) : (
        <>
          <ul className="list" aria-label="Users">
            {list.map((u) => {
              const status = statusOf(u._id);
              const control = <StatusControl status={status} username={u.username} onSend={() => askToSend(u)} onInfo={() => showInfo(status)} />;
              const isChip = status === 'pending' || status === 'friends' || status === 'received';
              return (
                <PersonRow key={u._id} user={u} onClick={() => showInfo(status)} below={isChip ? control : undefined}>
                  {isChip ? undefined : control}
                </PersonRow>
              );
            })}
          </ul>
          <InfiniteScroll
            hasMore={Boolean(users.hasNextPage)}
            loading={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
            label="Loading more users"
          />
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Send Friend Request"
        message={`Are you sure you want to send a friend request to ${confirming?.username ?? ''}?`}
        confirmLabel="Send Request"
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(null)}
      />
      <Toast message={toast.message} />
    </section>
  );
}

function StatusControl({
  status,
  username,
  onSend,
  onInfo,
}: {
  status: RowStatus;
  username: string;
  onSend: () => void;
  onInfo: () => void;
}) {
  const info = (e: React.MouseEvent) => {
    e.stopPropagation();
    onInfo();
  };
  switch (status) {
    case 'loading':
      return (
        <span className="friends-status">
          <Spinner label={`Sending request to ${username}`} />
        </span>
      );
    case 'pending':
      return (
        <button type="button" className="friends-chip friends-chip-pending" onClick={info}>
          <ClockIcon size={16} />
          Request Sent
        </button>
      );
    case 'friends':
      return (
        <button type="button" className="friends-chip friends-chip-friends" onClick={info}>
          <CheckIcon size={16} />
          Friends
        </button>
      );
    case 'received':
      return (
        <button type="button" className="friends-chip friends-chip-received" onClick={info}>
          <InboxIcon size={16} />
          Respond to Request
        </button>
      );
    default:
      return (
        <button
          type="button"
          className="btn btn-primary friends-send"
          aria-label={`Send friend request to ${username}`}
          onClick={(e) => {
            e.stopPropagation();
            onSend();
          }}
        >
          <UserPlusIcon size={18} />
          {status === 'error' ? 'Retry' : 'Add'}
        </button>
      );
  }
}
