import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PinIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { updateLocationState, type LandingState, type UpdateLocationState } from '../../../config/route-state.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { draftKey } from '../../../lib/drafts.ts';
import { queuedNotice } from '../../../lib/outbox/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useMemoryToEdit } from '../api/memory-to-edit.ts';
import { useUpdateMemory } from '../api/update-memory.ts';
import { MemoryForm } from './memory-form.tsx';

export const UPDATE_FAILED = 'Failed to update pin';

function stateOf(raw: unknown): UpdateLocationState | null {
  const s = raw as Partial<UpdateLocationState> | null;
  if (!s || typeof s.id !== 'string' || !s.id) return null;
  return {
    id: s.id,
    title: typeof s.title === 'string' ? s.title : '',
    description: typeof s.description === 'string' ? s.description : '',
    imageUrl: typeof s.imageUrl === 'string' && s.imageUrl ? s.imageUrl : null,
    // State from an older version has imageUrl alone: pinImages reads it as the one photo.
    images: pinImages({ id: s.id, imageUrl: typeof s.imageUrl === 'string' ? s.imageUrl : null, images: Array.isArray(s.images) ? s.images : undefined }),
    tags: Array.isArray(s.tags) ? s.tags.filter((t): t is string => typeof t === 'string') : [],
    visibility: s.visibility === '2' || s.visibility === '3' ? s.visibility : '1',
    circleId: s.visibility === '2' && typeof s.circleId === 'string' && s.circleId ? s.circleId : null,
    tripId: typeof s.tripId === 'string' && s.tripId ? s.tripId : null,
    taggedFriends: Array.isArray(s.taggedFriends) ? s.taggedFriends : [],
    locationName: typeof s.locationName === 'string' ? s.locationName : '',
    latitude: Number(s.latitude),
    longitude: Number(s.longitude),
    happenedAt: typeof s.happenedAt === 'string' && s.happenedAt ? s.happenedAt : undefined,
  };
}

/**
 * The memory to edit is found by its id: navigation state names it (docs/product.md §2), or on a
 * cold load `?id=` (updateMemoryPath). Its fields come from the query cache when a list holds it,
 * else from the handed-over state, else from the server; the form opens once it has them.
 */
export function UpdateMemory() {
  const location = useLocation();
  const [params] = useSearchParams();
  const handed = stateOf(location.state);
  const id = handed?.id ?? params.get('id');
  // Asked for only when nothing was handed over: handed fields open the form at once.
  const memory = useMemoryToEdit(id, !handed);
  const known = memory.data;
  // Only the author edits a memory; another's opens nothing here (the server would refuse the save).
  if (!id || (known && !known.isOwnPin) || (!known && !handed && memory.isError)) return <Navigate to={paths.landing} replace />;
  const pin = known ? stateOf(updateLocationState(known)) : handed;
  if (!pin) {
    return (
      <section className="screen centered memory-screen" role="status" aria-live="polite">
        <h1>Update Memory</h1>
        <Spinner label="Loading the memory" />
      </section>
    );
  }
  return <UpdateMemoryForm pin={pin} />;
}

function UpdateMemoryForm({ pin }: { pin: UpdateLocationState }) {
  const navigate = useNavigate();
  const update = useUpdateMemory();
  const userId = useSession().user?._id;
  const focus = Number.isFinite(pin.latitude) && Number.isFinite(pin.longitude) ? { lat: pin.latitude, lng: pin.longitude } : undefined;

  return (
    <section className="screen memory-screen">
      <h1>Update Memory</h1>
      <MemoryForm
        initial={pin}
        draftKey={userId ? draftKey(userId, pin.id) : null}
        submitLabel="Update Memory"
        failureText={UPDATE_FAILED}
        save={(values, onProgress) =>
          update.mutateAsync({ pinId: pin.id, ...values, hadCircle: Boolean(pin.circleId), hadTripId: pin.tripId ?? null, at: focus && { latitude: focus.lat, longitude: focus.lng }, onProgress })
        }
        // Replace: the phone's Back button must not reopen the form of a memory already saved.
        onSaved={(result) => navigate(paths.landing, { replace: true, state: { focus, notice: queuedNotice(result, 'saved') } satisfies LandingState })}
      >
        {pin.locationName && (
          <div className="memory-place card">
            <PinIcon size={22} />
            <div className="memory-place-text">
              <span className="memory-place-name">{pin.locationName}</span>
            </div>
          </div>
        )}
      </MemoryForm>
    </section>
  );
}
