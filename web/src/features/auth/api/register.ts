import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client.ts';
import type { AuthResponse, RegisterInput } from '../../../lib/api/types.ts';

/** POST /api/register — no token (docs/product.md §7). */
export function registerUser(input: RegisterInput): Promise<AuthResponse> {
  return data(api.POST('/api/register', { body: input }));
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
