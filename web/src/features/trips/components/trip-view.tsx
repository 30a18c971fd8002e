import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { paths, personPath } from '../../../config/paths.ts';
import { showOnMapState } from '../../../config/route-state.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { useSession } from '../../../lib/session.ts';
import { useDeleteTrip } from '../api/delete-trip.ts';
import { useShareTrip } from '../api/share-trip.ts';
import { useTrip } from '../api/trip.ts';
import { useTripTrack } from '../api/trip-track.ts';
import { TripEditor } from './trip-editor.tsx';
import { TRIP_TEXT, TRIP_VISIBILITY_LABELS, tripDates, tripDay } from './trip-text.ts';
import './trips.css';

// Leaflet and the map come with the map, not with the rest of the screen.
const TripMap = lazy(() => import('./trip-map.tsx').then((m) => ({ default: m.TripMap })));

/** How many countries, in words. */
function countries(n: number): string {
  return n === 1 ? '1 country' : `${n} countries`;
}

/**
 * A trip (docs/design.md §15): the map with its route and numbered stops, the stats, and the
 * memories in the order they happened — all of it only what this viewer may read.
 */
export function TripView({ id }: { id: string }) {
  const navigate = useNavigate();
  const { token } = useSession();
  const trip = useTrip(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const remove = useDeleteTrip();
  const share = useShareTrip();
  const track = useTripTrack();

  if (!token) {
    return (
      <section className="screen trip-screen">
        <ScreenTitle title="Trip" />
        <p className="trips-empty">{TRIP_TEXT.signIn}</p>
      </section>
    );
  }
  if (trip.isError) {
    const missing = trip.error instanceof ApiError && trip.error.status === 404;
    return (
      <section className="screen trip-screen">
        <ScreenTitle title="Trip" backTo={paths.profile} backLabel="Profile" />
        {missing ? <p className="trips-empty">{TRIP_TEXT.notFound}</p> : <LoadProblem message={TRIP_TEXT.loadFailed} onRetry={() => void trip.refetch()} />}
      </section>
    );
  }
  if (trip.isPending) {
    return (
      <section className="screen trip-screen" aria-busy="true">
        <ScreenTitle title="Trip" backTo={paths.profile} backLabel="Profile" />
        <LoadingDots />
      </section>
    );
  }
  const t = trip.data;
  const { stats } = t;
  const back = t.isOwnTrip ? paths.profile : personPath(t.userId);
  const openStop = (i: number) => document.getElementById(`trip-stop-${i + 1}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <section className="screen trip-screen">
      <ScreenTitle title={t.title} backTo={back} backLabel={t.isOwnTrip ? 'Profile' : t.authorName} />
      <p className="trip-byline">
        {t.isOwnTrip ? TRIP_VISIBILITY_LABELS[t.visibility] : `A trip by ${t.authorName}`}
        {t.startsAt ? ` · ${tripDates(t.startsAt, t.endsAt)}` : ''}
      </p>
      {t.description && <p className="trip-description">{t.description}</p>}
      <Suspense fallback={<div className="trip-map trip-map-loading" />}>
        <TripMap trip={t} onOpen={openStop} />
      </Suspense>
      <ul className="trip-stats" aria-label="Trip in numbers">
        <li>
          <b>{stats.memories}</b> {stats.memories === 1 ? 'memory' : 'memories'}
        </li>
        <li>
          <b>{stats.days}</b> {stats.days === 1 ? 'day' : 'days'}
        </li>
        <li>
          <b>{Math.round(stats.distanceKm).toLocaleString()}</b> km
        </li>
        <li>
          <b>{stats.countries.length}</b> {countries(stats.countries.length).replace(/^\d+ /, '')}
        </li>
        <li>
          <b>{stats.photos}</b> {stats.photos === 1 ? 'photo' : 'photos'}
        </li>
      </ul>
      {t.isOwnTrip && (
        <div className="trip-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
            Edit trip
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={share.isPending}
            onClick={() => share.mutate(t.id, { onSuccess: (link) => setShareUrl(link.url), onError: (err) => setShareUrl(errorText(err, 'Could not make a link')) })}
          >
            Share link
          </button>
          <label className={`btn btn-secondary trip-track${track.isPending ? ' is-busy' : ''}`}>
            {track.isPending ? 'Reading…' : t.hasTrack ? 'Replace GPX' : 'Add GPX track'}
            <input
              type="file"
              accept=".gpx,application/gpx+xml"
              className="sr-only"
              disabled={track.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) track.mutate({ id: t.id, file });
              }}
            />
          </label>
          {t.hasTrack && (
            <button type="button" className="btn btn-secondary" disabled={track.isPending} onClick={() => track.mutate({ id: t.id, file: null })}>
              Remove GPX
            </button>
          )}
          <button type="button" className="btn btn-secondary trip-delete" onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      )}
      {track.isError && (
        <p className="form-error" role="alert">
          {errorText(track.error, 'Could not read the GPX file')}
        </p>
      )}
      {shareUrl && (
        <p className="trip-share card" role="status">
          {shareUrl.startsWith('http') ? (
            <>
              Anyone with this link sees the trip&apos;s memories for friends or everyone, for 7 days: <a href={shareUrl}>{shareUrl}</a>
            </>
          ) : (
            shareUrl
          )}
        </p>
      )}
      {t.pins.length === 0 ? (
        <p className="trips-empty">{t.isOwnTrip ? 'No memories in it yet: edit the trip to choose some.' : TRIP_TEXT.noneReadable}</p>
      ) : (
        <ol className="trip-stops" aria-label="Memories in order">
          {t.pins.map((pin, i) => {
            const photo = pinImages(pin)[0];
            return (
              <li key={pin.id} id={`trip-stop-${i + 1}`} className="trip-stop-card card">
                <span className="trip-stop-number" aria-hidden="true">
                  {i + 1}
                </span>
                <button type="button" className="trip-stop-open" onClick={() => navigate(paths.landing, { state: showOnMapState(pin) })}>
                  <span className="trip-stop-title">{pin.title}</span>
                  <span className="trip-stop-meta">
                    {tripDay(pin.happenedAt)}
                    {pin.locationName ? ` · ${pin.locationName}` : ''}
                  </span>
                </button>
                {photo && <img className="trip-stop-photo" src={photo.thumbnailUrl} alt="" loading="lazy" />}
              </li>
            );
          })}
        </ol>
      )}
      {editing && <TripEditor trip={t} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        message="Delete this trip?"
        detail="Its memories stay where they are."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        danger
        onConfirm={() => remove.mutate(t.id, { onSuccess: () => navigate(paths.profile, { replace: true }) })}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}
