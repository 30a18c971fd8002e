import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AnswerOf } from '../../../lib/api/types.ts';

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

export function useUpdateNames() {
  return useMutation({ mutationFn: updateNames });
}
