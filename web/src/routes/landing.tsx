import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { LandingMap } from '../features/map/components/landing-map.tsx';
import { useSession } from '../lib/session.ts';

// This screen is its own chunk (app/router.tsx), so Leaflet and clustering load with the map, not
// with the sign-in screens, in one step rather than two.
export default function LandingScreen() {
  const { token } = useSession();
  // docs/product.md §2: screens check for a token themselves.
  if (!token) return <Navigate to={paths.login} replace />;
  return <LandingMap />;
}
