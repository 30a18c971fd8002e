import { lazy, Suspense, useMemo } from 'react';
import { LoadProblem } from '../../../components/load-problem.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { LoadingDots } from '../../../components/spinner.tsx';
import { paths, personPath } from '../../../config/paths.ts';
import { useColorScheme } from '../../../lib/color-scheme.ts';
import { useSession } from '../../../lib/session.ts';
import { useWorld } from '../api/world.ts';
import { TRIP_TEXT } from './trip-text.ts';
import './trips.css';

const WorldMap = lazy(() => import('./world-map.tsx').then((m) => ({ default: m.WorldMap })));

/**
 * Your world (docs/design.md §15): where your memories are — or, from someone's profile, the
 * memories of theirs you may read — counted from their coordinates: countries filled on a map,
 * the totals, the countries and cities, and a year in review.
 */
export function WorldView({ userId }: { userId: string | null }) {
  const { token } = useSession();
  const { scheme } = useColorScheme();
  const world = useWorld(userId);
  const visited = useMemo(() => new Set((world.data?.countries ?? []).flatMap((c) => (c.numeric ? [c.numeric] : []))), [world.data]);
  const title = userId ? 'Their world' : 'Your world';
  const back = userId ? personPath(userId) : paths.profile;
  if (!token) {
    return (
      <section className="screen world-screen">
        <ScreenTitle title={title} />
        <p className="trips-empty">{TRIP_TEXT.signIn}</p>
      </section>
    );
  }
  return (
    <section className="screen world-screen" aria-busy={world.isPending}>
      <ScreenTitle title={title} backTo={back} backLabel="Profile" />
      {world.isError ? (
        <LoadProblem message={TRIP_TEXT.worldFailed} onRetry={() => void world.refetch()} />
      ) : world.isPending ? (
        <LoadingDots />
      ) : (
        <>
          <Suspense fallback={<div className="world-map" />}>
            <WorldMap visited={visited} dark={scheme === 'dark'} />
          </Suspense>
          <ul className="trip-stats world-totals" aria-label="In numbers">
            <li>
              <b>{world.data.totals.countries}</b> {world.data.totals.countries === 1 ? 'country' : 'countries'}
            </li>
            <li>
              <b>{world.data.totals.cities}</b> {world.data.totals.cities === 1 ? 'city' : 'cities'}
            </li>
            <li>
              <b>{world.data.totals.memories}</b> {world.data.totals.memories === 1 ? 'memory' : 'memories'}
            </li>
            <li>
              <b>{Math.round(world.data.totals.distanceKm).toLocaleString()}</b> km between them
            </li>
          </ul>
          {world.data.years.length > 0 && (
            <section className="world-block card" aria-labelledby="world-years">
              <h2 id="world-years">Year in review</h2>
              <ul className="world-years">
                {world.data.years.map((y) => (
                  <li key={y.year}>
                    <span className="world-year">{y.year}</span>
                    <span>
                      {y.memories} {y.memories === 1 ? 'memory' : 'memories'} · {y.countries} {y.countries === 1 ? 'country' : 'countries'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {world.data.countries.length > 0 && (
            <section className="world-block card" aria-labelledby="world-countries">
              <h2 id="world-countries">Countries</h2>
              <ul className="world-list">
                {world.data.countries.map((c) => (
                  <li key={c.code}>
                    {c.name} <span className="world-country">{c.code}</span>
                    <span className="world-count">{c.memories}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {world.data.cities.length > 0 && (
            <section className="world-block card" aria-labelledby="world-cities">
              <h2 id="world-cities">Cities</h2>
              <ul className="world-list">
                {world.data.cities.slice(0, 30).map((c) => (
                  <li key={`${c.name}-${c.country}`}>
                    {c.name} <span className="world-country">{c.country}</span>
                    <span className="world-count">{c.memories}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {world.data.totals.memories === 0 && <p className="trips-empty">No memories to place on the map yet.</p>}
        </>
      )}
    </section>
  );
}
