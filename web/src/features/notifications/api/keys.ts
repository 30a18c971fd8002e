/** Query keys of the notifications (docs/design.md §14): the list and the bell's count. */
export const notificationKeys = {
  all: (viewerId: string | null) => ['notifications', viewerId] as const,
  list: (viewerId: string | null) => ['notifications', viewerId, 'list'] as const,
  unread: (viewerId: string | null) => ['notifications', viewerId, 'unread'] as const,
};
