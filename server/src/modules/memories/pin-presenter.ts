import type { Pin, Visibility } from '@memory-map/shared';
import type { AppContext } from '../../app-types.ts';
import { pinTypeFor } from '../access/index.ts';
import { circlesRepository } from '../circles/circles.repository.ts';
import { parsePhotos, presentPhotos } from '../media/pin-photos.ts';
import { profilePictureUrl } from '../users/user-presenter.ts';
import type { PinWithAuthor } from './memories.repository.ts';

export interface TagRow {
  pin_id: string;
  id: string;
  username: string;
  profile_picture: string | null;
}

/**
 * Pin objects for one viewer (docs/design.md §5). Only pins the viewer may see reach this function,
 * so handing out their signed image URLs is what grants access to the image.
 */
export async function toPins(
  ctx: AppContext,
  viewerId: string,
  rows: PinWithAuthor[],
  tags: TagRow[],
  // One moment for the whole list: the read cache signs a list for a window it names beforehand.
  now: number = Date.now(),
): Promise<Pin[]> {
  const tagsByPin = new Map<string, TagRow[]>();
  for (const tag of tags) {
    const list = tagsByPin.get(tag.pin_id);
    if (list) list.push(tag);
    else tagsByPin.set(tag.pin_id, [tag]);
  }
  // The circle a memory is for is told to its author only (docs/design.md §17): others see '2'.
  const ownCircles = [...new Set(rows.filter((r) => r.author_id === viewerId && r.circle_id).map((r) => r.circle_id!))];
  const circleNames = await circlesRepository.namesOf(ctx.db.kysely, ownCircles);
  return Promise.all(
    rows.map(async (row): Promise<Pin> => {
      const circleName = row.author_id === viewerId && row.circle_id ? circleNames.get(row.circle_id) : undefined;
      const pinTags = tagsByPin.get(row.id) ?? [];
      const images = await presentPhotos(ctx, parsePhotos(row.photos), now);
      const pinType = pinTypeFor(viewerId, row.author_id, row.visibility);
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        latitude: row.latitude,
        longitude: row.longitude,
        locationName: row.location_name,
        // The original client knows one photo: it shows the first.
        imageUrl: images[0]?.url ?? null,
        thumbnailUrl: images[0]?.thumbnailUrl ?? null,
        images,
        visibility: String(row.visibility) as Visibility,
        author: row.author_id,
        userId: row.author_id,
        authorName: row.author_username,
        authorPicture: profilePictureUrl(ctx, row.author_picture, now),
        tags: pinTags.map((t) => t.id),
        taggedFriends: pinTags.map((t) => ({
          _id: t.id,
          username: t.username,
          profilePicture: profilePictureUrl(ctx, t.profile_picture, now),
        })),
        pinType,
        isOwnPin: pinType === 'own',
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        // Never empty (migration 0020); the fallback only serves a row written around the rule.
        happenedAt: row.happened_at ?? row.created_at,
        ...(circleName !== undefined ? { circle: { id: row.circle_id!, name: circleName } } : {}),
        // The trip it is in, told to its author (the forms' "add to trip"; docs/design.md §15).
        ...(row.author_id === viewerId && row.trip_id ? { tripId: row.trip_id } : {}),
      };
    }),
  );
}
