import type { ColumnType, Generated } from 'kysely';

/** Table shapes as Kysely sees them. Times are ISO 8601 text (lib/time.ts), ids UUIDv7 text. */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased copies carry the unique indexes: case-insensitive uniqueness on both databases. */
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  profile_picture: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  /** 1 for an admin (docs/design.md §18; migration 0030). */
  is_admin: ColumnType<number, number | undefined, number>;
  /** When an admin disabled the account; null while it is enabled. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time one of its sessions was used (written with the sliding expiry, hourly). */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** The browser's User-Agent at sign-in, for "Your sessions" (at most 300 characters). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per direction: "A's friends" and "are A and B friends" are both primary-key lookups. */
export interface FriendshipsTable {
  user_id: string;
  friend_id: string;
  created_at: string;
}

export interface FriendRequestsTable {
  from_id: string;
  to_id: string;
  created_at: string;
}

export interface PinsTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  location_name: string;
  /**
   * The photos in the order they are shown: a JSON list of `{id, key, width, height}` (at most
   * 10; '[]' for none; migration 0022). Read and written through media/pin-photos.ts.
   */
  photos: ColumnType<string, string | undefined, string>;
  /** 1 private, 2 friends, 3 public. */
  visibility: number;
  created_at: string;
  updated_at: string;
  /**
   * When it happened: 'YYYY-MM-DD' (a date alone) or an ISO 8601 UTC instant. Left out of an
   * insert it is the posting time (a trigger fills it: migration 0020).
   */
  happened_at: ColumnType<string, string | undefined, string>;
  /** The creating request's Idempotency-Key, if it sent one (migration 0025). */
  client_key: ColumnType<string | null, string | null | undefined, never>;
  /** The owner's circle it is for, with visibility 2; null for every other memory (migration 0040). */
  circle_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The author's trip it is in, if any (docs/design.md §15, migration 0060). */
  trip_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An author's own memories grouped (docs/design.md §15, migration 0060). */
export interface TripsTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  /** Who may open the trip's page: 1 private, 2 friends, 3 public. */
  visibility: number;
  cover_pin_id: string | null;
  /** The GPX route as a GeoJSON LineString (JSON text), or null. */
  track: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A trip's share link: one per trip, found by the hash of its token. */
export interface TripShareLinksTable {
  trip_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A named list of the owner's friends (docs/design.md §17, migration 0040). */
export interface CirclesTable {
  id: string;
  owner_id: string;
  name: string;
  /** Carries the unique index: names are unique per owner whatever their case. */
  name_lower: string;
  created_at: string;
}

export interface CircleMembersTable {
  circle_id: string;
  user_id: string;
}

export interface PinTagsTable {
  pin_id: string;
  user_id: string;
}

/** A memory's share link (docs/design.md §11): one per memory, found by the hash of its token. */
export interface ShareLinksTable {
  pin_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** An image change in progress (migration 0008, modules/media/image-changes.ts). */
export interface MediaIntentsTable {
  id: string;
  subject_table: 'pins' | 'users';
  subject_id: string;
  /** JSON list of image keys (each with its thumbnail). */
  keys: string;
  state: 'open' | 'settling';
  owner: string;
  created_at: string;
}

/** Counters of the read cache's scopes, raised by triggers (modules/read-cache/generations-sql.ts). */
export interface ReadGenerationsTable {
  scope: string;
  gen: number;
}

/** A memory changed, under the counter of a scope its write raised (migration 0070). */
export interface ReadChangesTable {
  scope: string;
  seq: number;
  pin_id: string;
}

/** Admin settings by name (docs/design.md §18); a missing row takes its default. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** An invite code: `uses` sign-ups allowed, `used` so far, until `expires_at`. */
export interface InvitesTable {
  code: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  uses: number;
  used: ColumnType<number, number | undefined, number>;
}

/** A password reset link: the SHA-256 of its token, single use, one hour. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** A comment on a memory (docs/design.md §14, migration 0050). */
export interface CommentsTable {
  id: string;
  pin_id: string;
  author_id: string;
  text: string;
  created_at: string;
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One person's reaction to one memory. */
export interface PinReactionsTable {
  pin_id: string;
  user_id: string;
  emoji: string;
  created_at: string;
}

/** A notification as shown; its people are in notification_actors. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  pin_id: ColumnType<string | null, string | null | undefined, string | null>;
  comment_id: ColumnType<string | null, string | null | undefined, string | null>;
  text: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'kind:pin id' while a groupable notification is unread; null otherwise. */
  group_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  friendships: FriendshipsTable;
  friend_requests: FriendRequestsTable;
  pins: PinsTable;
  pin_tags: PinTagsTable;
  share_links: ShareLinksTable;
  media_intents: MediaIntentsTable;
  read_generations: ReadGenerationsTable;
  read_changes: ReadChangesTable;
  settings: SettingsTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  circles: CirclesTable;
  circle_members: CircleMembersTable;
  comments: CommentsTable;
  pin_reactions: PinReactionsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  trips: TripsTable;
  trip_share_links: TripShareLinksTable;
}

export type { Generated };
