import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { Spinner } from '../components/spinner.tsx';
import { useSession } from '../lib/session.ts';

// Leaflet and clustering load with the map, not with the sign-in screens.
const LandingMap = lazy(() => import('../features/map/components/landing-map.tsx').then((m) => ({ default: m.LandingMap })));

export default function LandingScreen() {
  const { token } = useSession();
  // docs/product.md §2: screens check for a token themselves.
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <Suspense
      fallback={
        <div className="screen centered" role="status">
          <Spinner label="Loading the map" />
        </div>
      }
    >
      <LandingMap />
    </Suspense>
  );
}
