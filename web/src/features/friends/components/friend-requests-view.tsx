import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon, CloseIcon } from '../../../components/icons-extra.tsx';
import { LoadingDots, Spinner } from '../../../components/spinner.tsx';
import { Toast } from '../../../components/toast.tsx';
import { getToken, useSession } from '../../../lib/session.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { friendsKeys } from '../api/keys.ts';
import { usePendingRequests } from '../api/pending-requests.ts';
import { useAnswerFriendRequest, type RequestAnswer } from '../api/respond-request.ts';
import { PersonRow } from './person-row.tsx';
import { paths } from '../../../config/paths.ts';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import './friends.css';
import { LoadProblem } from '../../../components/load-problem.tsx';
import type { PublicUser } from '../../../lib/api/types.ts';

/** docs/product.md §9: accepted and rejected rows leave after 1.5 s. */
export const ANSWERED_ROW_MS = 1500;

type RequestStatus = 'idle' | 'loading' | 'accepted' | 'rejected' | 'error';

/** A row being answered or showing its answer, and where it stood when it was answered. */
interface KeptRow {
  user: PublicUser;
  index: number;
}

/**
 * The list as the server last sent it, plus the rows still being answered or showing their
 * answer, each back in its place. The list is fetched again whenever an answered row leaves (or
 * a new request arrives), and by then the server has done the other answers in flight too: without
 * this, a row still waiting for its own answer, or showing "Accepted" for its 1.5 s, would vanish
 * with that refresh instead of reaching its own end state.
 */
function withKeptRows(list: PublicUser[], kept: Record<string, KeptRow>): PublicUser[] {
  const shown = [...list];
  const missing = Object.values(kept)
    .filter((k) => !list.some((u) => u._id === k.user._id))
    .sort((a, b) => a.index - b.index);
  for (const k of missing) shown.splice(Math.min(k.index, shown.length), 0, k.user);
  return shown;
}

const NEED_LOGIN: Record<RequestAnswer, string> = {
  accept: 'You must be logged in to accept friend requests',
  reject: 'You must be logged in to reject friend requests',
};

export function FriendRequestsView() {
  const { token, user } = useSession();
  const viewerId = user?._id ?? null;
  const requests = usePendingRequests();
  const answer = useAnswerFriendRequest();
  const queryClient = useQueryClient();
  const toast = useTimedMessage();
  const [status, setStatus] = useState<Record<string, RequestStatus>>({});
  const [kept, setKept] = useState<Record<string, KeptRow>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // An answered row leaves the cached list when its 1.5 s are up, or at once if the screen closes first.
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      if (pendingTimers.size === 0) return;
      for (const t of pendingTimers.values()) clearTimeout(t);
      pendingTimers.clear();
      void queryClient.invalidateQueries({ queryKey: friendsKeys.pending(viewerId) });
    };
  }, [queryClient, viewerId]);

  if (!token) {
    return (
      <section className="screen friends-screen">
        <ScreenTitle title="Friend Requests" backTo={paths.friends} backLabel="Friends" />
        <p className="form-error" role="alert">
          You must be logged in to view friend requests
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block">
          Log In
        </Link>
        <Toast message={toast.message} />
      </section>
    );
  }

  // Each row awaits its own call, so rows answered while another is still in flight each reach
  // their own end state (docs/product.md §4); the stored record is updated by the mutation itself.
  const unkeep = (id: string) =>
    setKept((k) => {
      const { [id]: _gone, ...rest } = k;
      return rest;
    });

  const act = async (from: PublicUser, index: number, kind: RequestAnswer) => {
    if (!getToken()) {
      toast.show(NEED_LOGIN[kind], 'error');
      return;
    }
    setStatus((s) => ({ ...s, [from._id]: 'loading' }));
    setKept((k) => ({ ...k, [from._id]: { user: from, index } }));
    try {
      await answer.mutateAsync({ userId: from._id, answer: kind });
    } catch {
      // A failed answer shows what the server says: the row stays only while it still lists it.
      setStatus((s) => ({ ...s, [from._id]: 'error' }));
      unkeep(from._id);
      return;
    }
    setStatus((s) => ({ ...s, [from._id]: kind === 'accept' ? 'accepted' : 'rejected' }));
    timers.current.set(
      from._id,
      setTimeout(() => {
        timers.current.delete(from._id);
        unkeep(from._id);
        queryClient.setQueryData<PublicUser[]>(friendsKeys.pending(viewerId), (old) => old?.filter((u) => u._id !== from._id));
        void queryClient.invalidateQueries({ queryKey: friendsKeys.pending(viewerId) });
      }, ANSWERED_ROW_MS),
    );
  };

  const list = withKeptRows(requests.data ?? [], kept);
  return (
    <section className="screen friends-screen">
      <ScreenTitle title="Friend Requests" backTo={paths.friends} backLabel="Friends" />
      {requests.isPending ? (
        <LoadingDots label="Loading friend requests" />
      ) : requests.isError ? (
        <LoadProblem message="Failed to load friend requests. Please try again later." onRetry={() => void requests.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty">No pending friend requests</p>
      ) : (
        <ul className="list" aria-label="Friend requests">
          {list.map((u, index) => (
            <PersonRow key={u._id} user={u}>
              <RequestActions status={status[u._id] ?? 'idle'} username={u.username} onAnswer={(kind) => void act(u, index, kind)} />
            </PersonRow>
          ))}
        </ul>
      )}
      <Toast message={toast.message} />
    </section>
  );
}

function RequestActions({ status, username, onAnswer }: { status: RequestStatus; username: string; onAnswer: (a: RequestAnswer) => void }) {
  if (status === 'loading') return <Spinner label={`Answering ${username}`} />;
  if (status === 'accepted') return <span className="friends-result friends-result-ok">Accepted</span>;
  if (status === 'rejected') return <span className="friends-result">Rejected</span>;
  return (
    <>
      {status === 'error' && (
        <span className="friends-result friends-result-error" role="alert">
          Error
        </span>
      )}
      <button type="button" className="friends-answer friends-accept" aria-label={`Accept ${username}`} onClick={() => onAnswer('accept')}>
        <CheckIcon size={20} />
      </button>
      <button type="button" className="friends-answer friends-reject" aria-label={`Reject ${username}`} onClick={() => onAnswer('reject')}>
        <CloseIcon size={20} />
      </button>
    </>
  );
}
