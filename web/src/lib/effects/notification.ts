import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys.ts';
import { refresh } from './refresh.ts';

/** A notification came or was read: the bell's count and, if it is open, the notifications screen. */
export function notificationsChanged(queryClient: QueryClient, viewerId: string | null): Promise<void> {
  return refresh(queryClient, notificationKeys.all(viewerId));
}

/**
 * The viewer read their notifications: the bell's count only. The list on screen keeps its marks
 * until the next visit (docs/design.md §14), so it is not asked again.
 */
export function notificationsRead(queryClient: QueryClient, viewerId: string | null): Promise<void> {
  return refresh(queryClient, notificationKeys.unread(viewerId));
}
