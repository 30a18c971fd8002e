import type { AuthResponse, LoginInput } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/profile/login — no token (docs/product.md §7). */
export function loginUser(input: LoginInput): Promise<AuthResponse> {
  return api<AuthResponse>('/api/profile/login', { method: 'POST', json: input, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
