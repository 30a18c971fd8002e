import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

const sessionsKey = (viewerId: string | null) => ['sessions', viewerId] as const;

/** GET /api/sessions: where the viewer is signed in (docs/design.md §18). */
export function useMySessions() {
  const viewerId = useSession().user?._id ?? null;
  return useQuery({ queryKey: sessionsKey(viewerId), queryFn: ({ signal }) => data(api.GET('/api/sessions', { signal })) });
}

/** DELETE /api/sessions/{id}, or DELETE /api/sessions (every one but this). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const viewerId = useSession().user?._id ?? null;
  return useMutation({
    mutationFn: (id: string | 'others') => data(id === 'others' ? api.DELETE('/api/sessions') : api.DELETE('/api/sessions/{id}', { params: { path: { id } } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(viewerId) }),
  });
}
