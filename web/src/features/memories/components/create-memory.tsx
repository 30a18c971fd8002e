import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isVisibility, VISIBILITY, type Visibility } from '@memory-map/shared';
import { paths } from '../../../config/paths.ts';
import { PinIcon } from '../../../components/icons.tsx';
import type { LandingState, NewLocationState } from '../../../config/route-state.ts';
import { draftKey } from '../../../lib/drafts.ts';
import { queuedNotice } from '../../../lib/outbox/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useCreateMemory } from '../api/create-memory.ts';
import { UNKNOWN_LOCATION, usePlaceName, usePlaceNameForSaving } from '../api/reverse-geocode.ts';
import { MemoryForm } from './memory-form.tsx';
import { usePhotoMetadata } from './use-photo-metadata.ts';

export const CREATE_FAILED = 'Failed to create pin';
export const NO_COORDINATES = 'Please go back and right-click a spot on the map to choose a location first.';

interface LatLng {
  lat: number;
  lng: number;
}

function coordinatesOf(state: unknown): LatLng | null {
  const s = state as Partial<NewLocationState> | null;
  const lat = Number(s?.lat);
  const lng = Number(s?.lng);
  if (s?.lat == null || s?.lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

function visibilityOf(state: unknown): Visibility {
  const v = (state as Partial<{ visibility: string }> | null)?.visibility;
  return isVisibility(v) ? v : VISIBILITY.private;
}

const same = (a: LatLng | null, b: LatLng | null) => Boolean(a && b && a.lat === b.lat && a.lng === b.lng);

export function CreateMemory() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromMap = coordinatesOf(location.state);
  const [coords, setCoords] = useState<LatLng | null>(fromMap);
  const [photo, setPhoto] = useState<File | null>(null);
  // Read on the device: the server strips the stored copy (docs/design.md §6).
  const photoCoords = usePhotoMetadata(photo)?.position ?? null;
  // The photo's place offered by its name, through our own geocoder (issue 31).
  const photoPlace = usePlaceName(photoCoords?.lat, photoCoords?.lng);
  const place = usePlaceName(coords?.lat, coords?.lng);
  const placeNameForSaving = usePlaceNameForSaving();
  const create = useCreateMemory();
  const userId = useSession().user?._id;

  if (!coords || !fromMap) {
    return (
      <section className="screen centered memory-missing">
        <h1>Create Memory</h1>
        <PinIcon size={40} />
        <p>{NO_COORDINATES}</p>
        <Link to={paths.landing} className="btn btn-primary">
          Go to Map
        </Link>
      </section>
    );
  }

  const placeName = place.isPending ? '' : (place.data ?? UNKNOWN_LOCATION);
  const usingPhoto = same(coords, photoCoords);

  return (
    <section className="screen memory-screen">
      <h1>Create Memory</h1>
      <MemoryForm
        initial={{ visibility: visibilityOf(location.state) }}
        draftKey={userId ? draftKey(userId, 'new') : null}
        submitLabel="Save Memory"
        failureText={CREATE_FAILED}
        onImageChange={setPhoto}
        save={async (values, onProgress) =>
          create.mutateAsync({
            title: values.title,
            description: values.description,
            visibility: values.visibility,
            circleId: values.circleId,
            tripId: values.tripId,
            tags: values.tags,
            images: values.files,
            happenedAt: values.happenedAt,
            latitude: coords.lat,
            longitude: coords.lng,
            // Saved while the name is still being looked up: it is waited for (briefly), never left empty.
            locationName: await placeNameForSaving(coords.lat, coords.lng),
            onProgress,
          })
        }
        // Replace: the phone's Back button must not reopen the filled-in form of a saved memory.
        onSaved={(result) =>
          navigate(paths.landing, { replace: true, state: { focus: coords, notice: queuedNotice(result, 'saved') } satisfies LandingState })
        }
      >
        <div className="memory-place card" aria-live="polite">
          <PinIcon size={22} />
          <div className="memory-place-text">
            <span className="memory-place-name">{place.isPending ? 'Finding the place…' : placeName}</span>
            <span className="hint">
              {coords.lat.toFixed(5)}, {coords.lng.toFixed(5)}
              {usingPhoto ? " · from the photo's location" : ''}
            </span>
          </div>
        </div>
        {photoCoords && (
          <div className="memory-gps card">
            {usingPhoto ? (
              <>
                <p>This memory now uses the place the photo was taken.</p>
                <button type="button" className="btn btn-secondary" onClick={() => setCoords(fromMap)}>
                  Use the map location
                </button>
              </>
            ) : (
              <>
                <p>
                  {photoPlace.isPending
                    ? 'Finding where this photo was taken…'
                    : `This photo was taken in ${photoPlace.data ?? UNKNOWN_LOCATION}.`}{' '}
                  <span className="hint">
                    ({photoCoords.lat.toFixed(5)}, {photoCoords.lng.toFixed(5)})
                  </span>
                </p>
                <button type="button" className="btn btn-secondary" onClick={() => setCoords(photoCoords)}>
                  Use the photo&apos;s location
                </button>
              </>
            )}
          </div>
        )}
      </MemoryForm>
    </section>
  );
}
