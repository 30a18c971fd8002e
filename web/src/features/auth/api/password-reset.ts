import type { ResetPasswordInput, SignupInfo } from '@memory-map/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/password/forgot: 202 whatever the account (docs/design.md §18). */
export function askForResetLink(login: string): Promise<{ message: string }> {
  return api('/api/password/forgot', { method: 'POST', json: { login }, auth: false });
}

export function useAskForResetLink() {
  return useMutation({ mutationFn: askForResetLink });
}

/** POST /api/password/reset: the new password; every session of the account ends. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api('/api/password/reset', { method: 'POST', json: input, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** GET /api/signup-info: the sign-up mode, and whether this server sends reset links by e-mail. */
export function useSignupInfo() {
  return useQuery({
    queryKey: ['signup-info'],
    queryFn: ({ signal }) => api<SignupInfo>('/api/signup-info', { auth: false, signal }),
    staleTime: 60_000,
  });
}
