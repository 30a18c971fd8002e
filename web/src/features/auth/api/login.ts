import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AuthResponse, LoginInput } from '../../../lib/api/types.ts';

/** POST /api/profile/login — no token (docs/product.md §7). */
export function loginUser(input: LoginInput): Promise<AuthResponse> {
  return data(api.POST('/api/profile/login', { body: input }));
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
