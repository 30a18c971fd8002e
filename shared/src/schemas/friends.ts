import { z } from 'zod';
import { publicUserSchema } from './users.ts';

/** Conflict texts of docs/design.md §5, which the Add Friend screen also shows (docs/product.md §4). */
export const FRIEND_MESSAGES = {
  alreadyFriends: 'You are already friends with this user',
  alreadySent: 'Friend request already sent',
  alreadyReceived: 'This user has already sent you a friend request',
  notYourself: 'You cannot send a friend request to yourself',
  noSuchUser: 'User not found',
  noSuchRequest: 'Friend request not found',
  notFriends: 'You are not friends with this user',
  requestSent: 'Friend request sent',
  requestAccepted: 'Friend request accepted',
  requestRejected: 'Friend request rejected',
  friendRemoved: 'Friend removed',
} as const;

/** What the friend-request and unfriend calls answer on success. */
export const friendActionResponseSchema = z.object({ message: z.string() });

export const pendingRequestsSchema = z.object({ pendingRequests: z.array(publicUserSchema) });
