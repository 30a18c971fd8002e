/** Query keys of the Admin screen; the admin's id is part of each, so nothing shows to the next person. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (viewerId: string | null, q: string) => ['admin', viewerId, 'users', q] as const,
  stats: (viewerId: string | null) => ['admin', viewerId, 'stats'] as const,
  settings: (viewerId: string | null) => ['admin', viewerId, 'settings'] as const,
  invites: (viewerId: string | null) => ['admin', viewerId, 'invites'] as const,
};
