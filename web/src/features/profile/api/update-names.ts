import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface UpdateNamesInput {
  userId: string;
  firstName: string;
  lastName: string;
}

/**
 * PUT /update_user {userId, firstName, lastName}: no /api prefix and no token (docs/product.md §7); the
 * session cookie set at login authenticates it, and the server accepts it only from our origin.
 */
export function updateNames(input: UpdateNamesInput): Promise<unknown> {
  return api('/update_user', { method: 'PUT', json: input, auth: false });
}

export function useUpdateNames() {
  return useMutation({ mutationFn: updateNames });
}
