import type { Visibility } from '@memory-map/shared';
import type { PinImage, PublicUser } from '../../../lib/api/types.ts';

/** A tagged friend as the form shows them: a name and a picture. */
export type FriendLike = Pick<PublicUser, '_id' | 'username' | 'profilePicture'>;

/** What the memory form hands to its screen's `save`. */
export interface MemoryFormValues {
  title: string;
  description: string;
  visibility: Visibility;
  /** With visibility '2': the author's circle it is for, or null for all friends (docs/design.md §17). */
  circleId: string | null;
  /** The author's trip it is in, or null (docs/design.md §15). */
  tripId: string | null;
  tags: string[];
  /** New photo files, in the order they were placed (create: every photo). */
  files: File[];
  /**
   * Update only: every photo in order, an existing one by id and a new file as "new:<n>"; null
   * when the photos are as they were (lib/photo-list.ts).
   */
  keepImages: string[] | null;
  /** Update only: the memory had photos and now has none. */
  removeImage: boolean;
  /** When it happened; undefined when an existing memory's date was left as it was. */
  happenedAt: string | undefined;
}

/** What the form opens with: an existing memory's fields, or a new memory's defaults. */
export type MemoryFormInitial = Partial<Pick<MemoryFormValues, 'title' | 'description' | 'visibility' | 'circleId' | 'tripId' | 'tags'>> & {
  taggedFriends?: FriendLike[];
  /** An existing memory's photos, in order. */
  images?: PinImage[];
  /** An existing memory's happenedAt; a new memory starts at this moment. */
  happenedAt?: string;
};
