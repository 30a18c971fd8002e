import type { Visibility } from '@memory-map/shared';
import type { Pin, PinImage } from '../lib/api/types.ts';
import { pinImages } from '../lib/pin-images.ts';

/**
 * What screens hand each other through navigation state (docs/product.md §2: the memory screens receive
 * their data this way, never in the URL).
 */

/** /login: a line to show above the form (the account was just deleted). */
export interface LoginState {
  notice?: string;
}

/** /landing: a place to open the map on (a memory just saved), and a line to show once. */
export interface LandingState {
  focus?: { lat: number; lng: number };
  /** A memory whose popup opens once the map shows it ("Show on map" from the feed or a profile). */
  openPin?: string;
  /** E.g. the memory was kept on the device to upload later. */
  notice?: string;
}

/** /new-location: the spot double-clicked on the map; default visibility private. */
export interface NewLocationState {
  lat: number;
  lng: number;
  fromMap: true;
  visibility: Visibility;
}

/** /update-location: the memory to edit. */
export interface UpdateLocationState {
  id: string;
  title: string;
  imageUrl: string | null;
  /** Every photo in order (absent in state saved by an older version: imageUrl is then the one photo). */
  images?: PinImage[];
  description: string;
  tags: string[];
  visibility: Pin['visibility'];
  /** The circle it is for (docs/design.md §17); absent in older state and for no circle. */
  circleId?: string | null;
  /** The trip it is in (docs/design.md §15); absent in older state and for none. */
  tripId?: string | null;
  taggedFriends: Pin['taggedFriends'];
  locationName: string;
  latitude: number;
  longitude: number;
  /** When it happened (absent in state saved by an older version: the form then starts from now and sends nothing unless changed). */
  happenedAt?: string;
}

/** /landing for "Show on map": the map opens on the memory, its popup open. */
export function showOnMapState(pin: Pick<Pin, 'id' | 'latitude' | 'longitude'>): LandingState {
  return { focus: { lat: pin.latitude, lng: pin.longitude }, openPin: pin.id };
}

/**
 * /update-location for a memory: all the form shows, as docs/product.md §2 hands it over. The update
 * screen takes the memory from the query cache by its id first; the rest stands in when the cache
 * no longer has it (a reload after the cache was dropped).
 */
export function updateLocationState(pin: Pin): UpdateLocationState {
  return {
    id: pin.id,
    title: pin.title,
    imageUrl: pin.imageUrl,
    images: pinImages(pin),
    description: pin.description,
    tags: pin.tags,
    visibility: pin.visibility,
    circleId: pin.circle?.id ?? null,
    tripId: pin.tripId ?? null,
    taggedFriends: pin.taggedFriends,
    locationName: pin.locationName,
    latitude: pin.latitude,
    longitude: pin.longitude,
    happenedAt: pin.happenedAt,
  };
}
