import type { SessionInfo } from '@memory-map/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

const sessionsKey = (viewerId: string | null) => ['sessions', viewerId] as const;

/** GET /api/sessions: where the viewer is signed in (docs/design.md §18). */
export function useMySessions() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: sessionsKey(viewerId), queryFn: ({ signal }) => api<SessionInfo[]>('/api/sessions', { signal }) });
}

/** DELETE /api/sessions/{id}, or DELETE /api/sessions (every one but this). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const viewerId = useSession().user?._id ?? null;
  return useMutation({
    mutationFn: (id: string | 'others') => api<null>(id === 'others' ? '/api/sessions' : `/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(viewerId) }),
  });
}
