import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { SelfUser } from '../../../lib/api/types.ts';
import { profileChanged } from '../../../lib/effects/profile.ts';
import { useSession } from '../../../lib/session.ts';

export interface UpdateAccountInput {
  newUsername: string;
  /** Left out when blank: the password stays as it is. */
  newPassword?: string;
  /** Sent with a new password; the server checks it (the original client sends none). */
  currentPassword?: string;
}

/** PUT /api/update_user {newUsername, newPassword?, currentPassword?}; answers the updated user. */
export async function updateAccount(input: UpdateAccountInput): Promise<SelfUser> {
  const body: UpdateAccountInput = { newUsername: input.newUsername };
  if (input.newPassword) body.newPassword = input.newPassword;
  if (input.newPassword && input.currentPassword) body.currentPassword = input.currentPassword;
  // docs/product.md §7 lets a client read `user` or `updatedUser`; this server's schema sends `user`.
  return (await data(api.PUT('/api/update_user', { body }))).user;
}

/** The viewer's record becomes the one the server answered (lib/effects/profile.ts). */
export function useUpdateAccount() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (saved) => profileChanged(queryClient, user?._id ?? null, saved),
  });
}
