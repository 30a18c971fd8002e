/**
 * Who may do what (docs/design.md §13, docs/decisions/050-access.md): every permission, the kind
 * of thing it is about, and the relations that grant it. A new capability is a new row here; a
 * new way of reaching something (a circle, an admin) is a new relation, granted where it applies.
 */

export const PERMISSIONS = [
  'memory.read',
  'memory.update',
  'memory.delete',
  'memory.share',
  'memory.comment',
  'memory.react',
  'comment.read',
  'comment.update',
  'comment.delete',
  'trip.read',
  'trip.update',
  'circle.update',
  'user.email.read',
  'user.update',
  'admin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What a permission is about; `system` is the server itself: ask about it with the viewer's own id. */
export type Entity = 'memory' | 'comment' | 'trip' | 'circle' | 'user' | 'system';

/**
 * How a viewer stands to one thing. Each relation means the same for every kind of thing it
 * applies to, with the reach of the thing's own visibility where it has one (audience.ts):
 * - `author`:        the viewer made it (a memory, comment, trip) or owns it (a circle);
 * - `self`:          the thing is the viewer's own account;
 * - `friend`:        the viewer is the author's friend now, and the thing reaches friends ('2');
 *                    for a user, the viewer is that user's friend;
 * - `everyone`:      the thing reaches every signed-in user ('3');
 * - `share-link`:    the viewer holds a live share link to it (no session: design §11);
 * - `tagged`:        the viewer is tagged on it. It grants nothing today — tagging never widens
 *                    the audience (design §6) — but live events tell the tagged, and a later
 *                    permission (leaving a tag) is one rule that names it;
 * - `requester`:     the user has sent the viewer a friend request that is still open;
 * - `memory-author`: the viewer wrote the memory the thing belongs to (a comment);
 * - `memory-reader`: the viewer may read (memory.read) the memory the thing belongs to (a comment);
 * - `circle-member`: the memory is for one of its author's circles (design §17), the viewer is in
 *                    that circle and still the author's friend. `friend` then does not hold: a
 *                    circle memory reaches only its circle;
 * - `trip-link`:     the viewer holds a live share link to a trip (design §15) that holds the
 *                    memory, and the memory reaches at least the author's friends and no circle:
 *                    a trip's link shows what the author shares with friends or everyone, never a
 *                    private or circle memory (those need a link of their own);
 * - `admin`:         the viewer is an enabled account with `users.is_admin` (design §18); it is
 *                    about the server itself (`system`), not about one thing.
 */
export const RELATIONS = ['author', 'self', 'friend', 'everyone', 'share-link', 'tagged', 'requester', 'memory-author', 'memory-reader', 'circle-member', 'trip-link', 'admin'] as const;
export type Relation = (typeof RELATIONS)[number];

export interface PermissionRule {
  entity: Entity;
  /** Any one of these grants the permission. */
  grantedBy: readonly Relation[];
  /**
   * Refused, the viewer is told 404 exactly as for a missing thing — unless they hold this
   * permission on it (they know it exists): then 403. `anyone`: everybody may know of every
   * such thing, so a refusal is always 403. Omitted: always 404.
   */
  knownThrough?: Permission | 'anyone';
}

/**
 * The rules. The comment rows are stated now so their issue only adds the table and the
 * queries (access.repository.ts); until then nothing asks for them.
 */
export const RULES: Readonly<Record<Permission, PermissionRule>> = {
  'memory.read': { entity: 'memory', grantedBy: ['author', 'everyone', 'friend', 'circle-member', 'share-link', 'trip-link'] },
  'memory.update': { entity: 'memory', grantedBy: ['author'], knownThrough: 'memory.read' },
  'memory.delete': { entity: 'memory', grantedBy: ['author'], knownThrough: 'memory.read' },
  // A share link is the author's to hand out; to anyone else the memory's link is not there at
  // all (share-links.service.ts answers 404 whether or not they may see the memory).
  'memory.share': { entity: 'memory', grantedBy: ['author'] },
  // Anyone signed in who may read a memory may comment and react (design §14); a link does not.
  'memory.comment': { entity: 'memory', grantedBy: ['author', 'everyone', 'friend', 'circle-member'] },
  'memory.react': { entity: 'memory', grantedBy: ['author', 'everyone', 'friend', 'circle-member'] },
  // Comments (design §14): read by whoever may read their memory; edited by their author; deleted
  // by it or by the memory's author. The conversation service asks comment.read first, so one who
  // lost the memory (an ex-friend) is told 404 even for their own comment, as for everything else
  // of that memory; refused a change on a comment they may read, they are told 403.
  'comment.read': { entity: 'comment', grantedBy: ['memory-reader'] },
  'comment.update': { entity: 'comment', grantedBy: ['author'], knownThrough: 'comment.read' },
  'comment.delete': { entity: 'comment', grantedBy: ['author', 'memory-author'], knownThrough: 'comment.read' },
  // Trips (design §15) carry their own visibility, read as a memory's is; a trip's share link
  // opens its page. Inside, each memory is still asked memory.read: a trip never widens it.
  'trip.read': { entity: 'trip', grantedBy: ['author', 'everyone', 'friend', 'share-link'] },
  'trip.update': { entity: 'trip', grantedBy: ['author'], knownThrough: 'trip.read' },
  // Circles (design §17) are their owner's alone: to anyone else one is not there at all (404).
  'circle.update': { entity: 'circle', grantedBy: ['author'] },
  // E-mail addresses (design §6): one's own, a friend's, and that of whoever asked to be friends
  // (sending a request shares your address with its receiver, not the other way round).
  'user.email.read': { entity: 'user', grantedBy: ['self', 'friend', 'requester'] },
  // One's own names and picture; everyone signed in may list every user, so refusing is a 403.
  'user.update': { entity: 'user', grantedBy: ['self'], knownThrough: 'anyone' },
  // Running the server (design §18): the /api/admin/* routes. Refused, a member is told 403.
  admin: { entity: 'system', grantedBy: ['admin'], knownThrough: 'anyone' },
};

/** The rule in memory: do the relations a viewer holds to one thing grant the permission? */
export function grants(permission: Permission, held: Iterable<Relation>): boolean {
  const granting = RULES[permission].grantedBy;
  for (const relation of held) if (granting.includes(relation)) return true;
  return false;
}
