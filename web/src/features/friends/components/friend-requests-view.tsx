import type { PublicUser } from '@memory-map/shared';
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

/** docs/product.md §9: accepted and rejected rows leave after 1.5 s. */
export const ANSWERED_ROW_MS = 1500;

type RequestStatus = 'idle' | 'loading' | 'accepted' | 'rejected' | 'error';

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
  const act = async (from: PublicUser, kind: RequestAnswer) => {
    if (!getToken()) {
      toast.show(NEED_LOGIN[kind], 'error');
      return;
    }
    setStatus((s) => ({ ...s, [from._id]: 'loading' }));
    try {
      await answer.mutateAsync({ userId: from._id, answer: kind });
    } catch {
      setStatus((s) => ({ ...s, [from._id]: 'error' }));
      return;
    }
    setStatus((s) => ({ ...s, [from._id]: kind === 'accept' ? 'accepted' : 'rejected' }));
    timers.current.set(
      from._id,
      setTimeout(() => {
        timers.current.delete(from._id);
        queryClient.setQueryData<PublicUser[]>(friendsKeys.pending(viewerId), (old) => old?.filter((u) => u._id !== from._id));
        void queryClient.invalidateQueries({ queryKey: friendsKeys.pending(viewerId) });
      }, ANSWERED_ROW_MS),
    );
  };

  const list = requests.data ?? [];
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
          {list.map((u) => (
            <PersonRow key={u._id} user={u}>
              <RequestActions status={status[u._id] ?? 'idle'} username={u.username} onAnswer={(kind) => void act(u, kind)} />
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
