import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { PinIcon } from '../../../components/icons.tsx';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { showOnMapState } from '../../../config/route-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { pinImages } from '../../../lib/pin-images.ts';
import { formatHappenedDate } from '../../../lib/pin-type.ts';
import { useSession } from '../../../lib/session.ts';
import { usePersonMemories } from '../api/person-memories.ts';
import { usePerson } from '../api/person.ts';
import { PersonMap } from './person-map.tsx';
import './people.css';
import type { Pin } from '../../../lib/api/types.ts';

export const PERSON_NOT_FOUND = 'This person could not be found.';
export const PERSON_FAILED = 'Could not load this profile.';
export const MEMORIES_FAILED = 'Could not load their memories.';
export const NO_MEMORIES = 'No memories of theirs that you can see yet.';

/** How many one may see, in words; "at least" while more pages wait. */
export function memoryCountText(n: number, more: boolean): string {
  if (more) return `${n}+ memories you can see`;
  return n === 1 ? '1 memory you can see' : `${n} memories you can see`;
}

/**
 * Someone's profile (opened from the Friends list or a feed card): their picture and name, and the
 * memories of theirs the viewer may see (docs/design.md §6) on a small map and in a list; each one
 * opens on the big map.
 */
export function PersonView({ id, children }: { id: string; children?: ReactNode }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const person = usePerson(id);
  const memories = usePersonMemories(id);
  const pins = useMemo(() => {
    const seen = new Set<string>();
    return (memories.data?.pages ?? []).flatMap((p) => p.pins).filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
  }, [memories.data]);
  const showOnMap = (pin: Pin) => navigate(paths.landing, { state: showOnMapState(pin) });

  if (person.isError) {
    const missing = person.error instanceof ApiError && person.error.status === 404;
    return (
      <section className="person-screen">
        <ScreenTitle title="Profile" backTo={paths.friends} backLabel="Friends" />
        {missing ? <p className="person-empty">{PERSON_NOT_FOUND}</p> : <LoadProblem message={PERSON_FAILED} onRetry={() => void person.refetch()} />}
      </section>
    );
  }
  const name = person.data?.username;
  return (
    <section className="person-screen" aria-busy={person.isPending}>
      <ScreenTitle title={name ?? 'Profile'} backTo={paths.friends} backLabel="Friends" />
      {person.isPending ? (
        <LoadingDots label="Loading profile" />
      ) : (
        <div className="person-head card">
          <Avatar src={person.data.profilePicture} alt={`${person.data.username}'s picture`} size={72} />
          <div className="person-who">
            <p className="person-name">{person.data.username}</p>
            {person.data.email && <p className="person-email">{person.data.email}</p>}
            {memories.isSuccess && <p className="person-count">{memoryCountText(pins.length, memories.hasNextPage)}</p>}
          </div>
        </div>
      )}
      {/* Their trips (the route passes them in: features do not import each other). */}
      {children}

      {memories.isPending ? (
        <LoadingDots label="Loading memories" />
      ) : memories.isError ? (
        <LoadProblem message={MEMORIES_FAILED} onRetry={() => void memories.refetch()} />
      ) : pins.length === 0 ? (
        <p className="person-empty">{NO_MEMORIES}</p>
      ) : (
        <>
          <PersonMap pins={pins} viewerId={user?._id} onOpen={showOnMap} />
          <ul className="person-memories" aria-label={name ? `Memories of ${name}` : 'Memories'}>
            {pins.map((pin) => {
              const photo = pinImages(pin)[0];
              return (
                <li key={pin.id} className="person-memory card">
                  {photo && <img className="person-memory-photo" src={photo.thumbnailUrl} alt="" width={64} height={64} loading="lazy" />}
                  <div className="person-memory-main">
                    <h2 className="person-memory-title">{pin.title}</h2>
                    <p className="person-memory-meta">
                      <time dateTime={pin.happenedAt}>{formatHappenedDate(pin.happenedAt)}</time>
                      <span className="person-memory-place">
                        <PinIcon size={12} /> {pin.locationName}
                      </span>
                    </p>
                  </div>
                  <button type="button" className="btn btn-secondary person-memory-open" aria-label={`Show ${pin.title} on map`} onClick={() => showOnMap(pin)}>
                    Show on map
                  </button>
                </li>
              );
            })}
          </ul>
          {memories.hasNextPage && (
            <button type="button" className="btn btn-secondary btn-block" disabled={memories.isFetchingNextPage} onClick={() => void memories.fetchNextPage()}>
              {memories.isFetchingNextPage ? 'Loading…' : 'Show more memories'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
