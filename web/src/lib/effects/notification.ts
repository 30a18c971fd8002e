import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys.ts';
import { refresh } from './refresh.ts';

/** A notification came or was read: the bell's count and, if it is open, the notifications screen. */
export function notificationsChanged(queryClient: QueryClient, viewerId: string | null): Promise<void> {
  return refresh(queryClient, notificationKeys.all(viewerId));
}
