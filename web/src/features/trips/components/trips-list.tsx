import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { tripPath, worldPath } from '../../../config/paths.ts';
import { useTrips } from '../../../lib/trips.ts';
import { TripEditor } from './trip-editor.tsx';
import { TRIP_TEXT, TRIP_VISIBILITY_LABELS, tripDates } from './trip-text.ts';
import './trips.css';

/**
 * A person's trips (docs/design.md §15), on their profile: those the viewer may open, each with
 * what the viewer may read of it. On one's own profile, "New trip" and "Your world" too.
 */
export function TripsList({ userId, own }: { userId: string | null; own: boolean }) {
  const navigate = useNavigate();
  const trips = useTrips(own ? null : userId);
  const [making, setMaking] = useState(false);
  const headingId = own ? 'trips-heading-own' : 'trips-heading';
  return (
    <section className="trips-section" aria-labelledby={headingId}>
      <div className="trips-head">
        <h2 id={headingId}>{own ? 'Your trips' : 'Trips'}</h2>
        <Link className="btn btn-secondary trips-world-link" to={worldPath(own ? null : userId)}>
          {own ? 'Your world' : 'Their world'}
        </Link>
        {own && (
          <button type="button" className="btn btn-primary" onClick={() => setMaking(true)}>
            New trip
          </button>
        )}
      </div>
      {trips.isError ? (
        <LoadProblem message={TRIP_TEXT.loadFailed} onRetry={() => void trips.refetch()} />
      ) : trips.isPending ? null : trips.data.length === 0 ? (
        <p className="trips-empty">{own ? TRIP_TEXT.noTrips : 'No trips of theirs that you can open.'}</p>
      ) : (
        <ul className="trips-list">
          {trips.data.map((t) => (
            <li key={t.id}>
              <Link className="trip-card card" to={tripPath(t.id)}>
                {t.coverThumbnailUrl ? <img className="trip-card-cover" src={t.coverThumbnailUrl} alt="" /> : <span className="trip-card-cover trip-card-cover-empty" aria-hidden="true" />}
                <span className="trip-card-text">
                  <span className="trip-card-title">{t.title}</span>
                  <span className="trip-card-meta">
                    {t.pinIds.length === 1 ? '1 memory' : `${t.pinIds.length} memories`}
                    {t.startsAt ? ` · ${tripDates(t.startsAt, t.endsAt)}` : ''}
                  </span>
                  {own && <span className="trip-card-meta">{TRIP_VISIBILITY_LABELS[t.visibility]}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {making && (
        <TripEditor
          trip={null}
          onCancel={() => setMaking(false)}
          onDone={(saved) => {
            setMaking(false);
            navigate(tripPath(saved.id));
          }}
        />
      )}
    </section>
  );
}
