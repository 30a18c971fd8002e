import { grants, type Relation } from './permissions.ts';

/**
 * Who may see a user's e-mail address (docs/design.md §6) is `user.email.read` in permissions.ts:
 * the user themself, their friends, and whoever they have sent a friend request to. This is its
 * one in-memory form, for screens that already know how the viewer stands to the user (a friends
 * list, a request just sent); a user looked up by id is checked with `checkAccess`, which asks
 * the same relations in SQL.
 */
export interface UserFacts {
  viewerId: string;
  userId: string;
  /** Are the two friends now? */
  areFriends: boolean;
  /** Has the user sent the viewer a friend request that is still open? */
  askedViewer: boolean;
}

export function relationsToUser(f: UserFacts): Relation[] {
  const held: Relation[] = [];
  if (f.viewerId === f.userId) held.push('self');
  if (f.areFriends) held.push('friend');
  if (f.askedViewer) held.push('requester');
  return held;
}

/** May the viewer see the user's e-mail address? */
export function mayReadEmail(f: UserFacts): boolean {
  return grants('user.email.read', relationsToUser(f));
}
