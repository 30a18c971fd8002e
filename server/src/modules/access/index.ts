/**
 * The access module's public face (docs/decisions/050-access.md): the rest of the server imports
 * only this file (lint forbids reaching into the module), so the rule can change shape inside it.
 */
export { PERMISSIONS, RELATIONS, RULES, grants, type Entity, type Permission, type PermissionRule, type Relation } from './permissions.ts';
export { linkViewer, tripLinkViewer, userViewer, type Viewer } from './viewer.ts';
export { ACCESS_MESSAGES, checkAccess, hasAccess, requireAccess, type RefusalMessages } from './require-access.ts';
export { byActiveAuthor, memoryAccessFilter, tripAccessFilter, userAccessFilter } from './access.repository.ts';
export { isAdmin, requireAdmin } from './admin-access.ts';
export {
  ALL_LEVELS,
  FRIENDS_LEVEL,
  NOT_PUBLIC_LEVELS,
  PUBLIC_LEVEL,
  REACH,
  friendEventAudience,
  isPublic,
  levelOf,
  linkReaches,
  maySee,
  memoryEventAudience,
  pinTypeFor,
  reachOf,
  relationsToCircle,
  relationsToMemory,
  relationsToTrip,
  type TripFacts,
  type MemoryFacts,
  type MemoryReach,
  type Reach,
  type VisibilityLevel,
} from './audience.ts';
export { audienceSql, circleLetsIn, circleMembersOf, friendIdsOf, reachedByLink, sharableBy, visibleTo } from './audience.repository.ts';
export { mayReadEmail, relationsToUser, type UserFacts } from './email.ts';
