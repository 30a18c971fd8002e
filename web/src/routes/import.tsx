import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { ImportScreen } from '../features/import/components/import-screen.tsx';
import { useSession } from '../lib/session.ts';

// Its own chunk (app/router.tsx): exifr, the worker and the review map load only here.
export default function ImportRoute() {
  const { token } = useSession();
  if (!token) return <Navigate to={paths.login} replace />;
  return <ImportScreen />;
}
