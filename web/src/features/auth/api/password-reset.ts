import { useMutation, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AnswerOf, BodyOf } from '../../../lib/api/types.ts';

/** POST /api/password/forgot: 202 whatever the account (docs/design.md §18). */
export function askForResetLink(login: string): Promise<AnswerOf<'postApiPasswordForgot'>> {
  return data(api.POST('/api/password/forgot', { body: { login } }));
}

export function useAskForResetLink() {
  return useMutation({ mutationFn: askForResetLink });
}

/** POST /api/password/reset: the new password; every session of the account ends. */
export function resetPassword(input: BodyOf<'postApiPasswordReset'>): Promise<AnswerOf<'postApiPasswordReset'>> {
  return data(api.POST('/api/password/reset', { body: input }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** GET /api/signup-info: the sign-up mode, and whether this server sends reset links by e-mail. */
export function useSignupInfo() {
  return useQuery({
    queryKey: ['signup-info'],
    queryFn: ({ signal }) => data(api.GET('/api/signup-info', { signal })),
    staleTime: 60_000,
  });
}
