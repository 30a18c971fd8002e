import type { QueryClient } from '@tanstack/react-query';
import { patchCurrentUser } from '../current-user.ts';
import type { StoredUser } from '../session.ts';

/**
 * The viewer's own profile changed (names, picture, or the whole record the server answered a
 * save with): the `currentUser` query takes it at once, and with it the stored record
 * (lib/current-user.ts), so every screen showing the name or the picture shows the new one.
 */
export function profileChanged(queryClient: QueryClient, viewerId: string | null, fields: Partial<StoredUser>): void {
  patchCurrentUser(queryClient, viewerId, (user) => ({ ...user, ...fields }));
}
