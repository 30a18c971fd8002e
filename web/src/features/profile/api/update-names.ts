import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AnswerOf } from '../../../lib/api/types.ts';
import { profileChanged } from '../../../lib/effects/profile.ts';
import { useSession } from '../../../lib/session.ts';

export interface UpdateNamesInput {
  userId: string;
  firstName: string;
  lastName: string;
}

/**
 * PUT /update_user {userId, firstName, lastName}: no /api prefix and no token (docs/product.md §7); the
 * session cookie set at login authenticates it, and the server accepts it only from our origin.
 */
export function updateNames(input: UpdateNamesInput): Promise<AnswerOf<'putUpdateUser'>> {
  return data(api.PUT('/update_user', { body: input }));
}

/** The viewer's record takes the saved names (lib/effects/profile.ts). */
export function useUpdateNames() {
  const { user } = useSession();
  const viewerId = user?._id ?? null;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNames,
    onSuccess: (_data, input) => {
      // The server accepts only one's own id; a success for another id is not ours to store.
      if (input.userId === viewerId) profileChanged(queryClient, viewerId, { firstName: input.firstName, lastName: input.lastName });
    },
  });
}
