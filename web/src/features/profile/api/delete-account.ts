import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/account {password}: 204, and the account with everything in it is gone. */
export async function deleteAccount(password: string): Promise<void> {
  await api.DELETE('/api/account', { body: { password } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
