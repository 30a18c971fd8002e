import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../lib/api/types.ts';
import { useSession } from '../../../lib/session.ts';
import { peopleKeys } from './keys.ts';

/** GET /api/get_user/{id}: picture, username, and e-mail where docs/design.md §6 allows. */
export function fetchPerson(id: string, signal?: AbortSignal): Promise<PublicUser> {
  return data(api.GET('/api/get_user/{id}', { params: { path: { id } }, signal }));
}

export function usePerson(id: string) {
  const { token, user } = useSession();
  return useQuery({
    queryKey: peopleKeys.person(user?._id ?? null, id),
    queryFn: ({ signal }) => fetchPerson(id, signal),
    enabled: Boolean(token),
  });
}
