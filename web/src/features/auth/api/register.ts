import type { AuthResponse, RegisterInput } from '@memory-map/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/register — no token (docs/product.md §7). */
export function registerUser(input: RegisterInput): Promise<AuthResponse> {
  return api<AuthResponse>('/api/register', { method: 'POST', json: input, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
