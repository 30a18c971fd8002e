/** Every route of SPEC.md §2, in one place; screens link with these, never with string literals. */
export const paths = {
  root: '/',
  register: '/register',
  login: '/login',
  landing: '/landing',
  friends: '/friends',
  feeds: '/feeds',
  profile: '/profile',
  newLocation: '/new-location',
  updateLocation: '/update-location',
  addFriend: '/add-friend',
  friendRequests: '/friend-requests',
  userProfile: '/user-profile',
} as const;

/** The bottom navigation is hidden only on these (SPEC.md §2). */
export const PATHS_WITHOUT_NAV: readonly string[] = [paths.login, paths.register];
