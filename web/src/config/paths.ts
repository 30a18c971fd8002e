/** Every route of docs/product.md §2, in one place; screens link with these, never with string literals. */
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
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  admin: '/admin',
  /** Bring your photos (docs/design.md §16). */
  import: '/import',
  /** A person's profile: /people/<their id> (personPath). */
  person: '/people/:id',
  /** A memory's screen with its reactions and thread: /memory/<its id> (memoryPath; docs/design.md §14). */
  memory: '/memory/:id',
  /** The notifications behind the header's bell. */
  notifications: '/notifications',
  /** A trip (docs/design.md §15): /trips/<its id> (tripPath). */
  trip: '/trips/:id',
  /** Your world, or with ?user= someone else's (worldPath). */
  world: '/world',
} as const;

export const personPath = (id: string) => `/people/${encodeURIComponent(id)}`;
export const memoryPath = (id: string) => `/memory/${encodeURIComponent(id)}`;
export const tripPath = (id: string) => `/trips/${encodeURIComponent(id)}`;
export const worldPath = (userId: string | null) => (userId ? `/world?user=${encodeURIComponent(userId)}` : '/world');

/** The bottom navigation is hidden only on these (docs/product.md §2). */
export const PATHS_WITHOUT_NAV: readonly string[] = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword];

/**
 * A pathname as the router matches it: the router ignores a trailing slash and letter case, so
 * '/login/' and '/Login' are the Login screen and must be treated as '/login' here too.
 */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase();
  return trimmed || paths.root;
}

export function showsBottomNav(pathname: string): boolean {
  return !PATHS_WITHOUT_NAV.includes(normalizePath(pathname));
}

/**
 * The update screen for one memory, opened without navigation state (a typed or kept URL): the
 * screen finds the memory by this id (features/memories/components/update-memory.tsx). The map
 * still hands the memory over in state, as docs/product.md §2 says.
 */
export const updateMemoryPath = (id: string) => `/update-location?id=${encodeURIComponent(id)}`;
