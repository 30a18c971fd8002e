import type { Pin } from '@memory-map/shared';

/** A pin as the API returns it, with whatever a test changes. */
export function makePin(over: Partial<Pin> = {}): Pin {
  return {
    id: 'p1',
    title: 'Sunset pier',
    description: 'Short story',
    latitude: 51.5,
    longitude: -0.12,
    locationName: 'Brighton, United Kingdom',
    imageUrl: null,
    thumbnailUrl: null,
    visibility: '3',
    author: 'u2',
    userId: 'u2',
    authorName: 'bob',
    authorPicture: '/media/default-avatar.svg',
    tags: [],
    taggedFriends: [],
    pinType: 'public',
    isOwnPin: false,
    createdAt: '2025-06-01T18:30:00.000Z',
    updatedAt: '2025-06-01T18:30:00.000Z',
    images: [],
    happenedAt: '2025-06-01T18:30:00.000Z',
    ...over,
    // A test that sets only the first photo's URL (as the original client reads it) gets it as the one photo.
    ...(over.imageUrl && !over.images
      ? { images: [{ id: 'photo-1', url: over.imageUrl, thumbnailUrl: over.thumbnailUrl ?? over.imageUrl, displayUrl: null, width: 800, height: 600 }] }
      : {}),
  };
}
