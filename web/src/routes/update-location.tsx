import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { UpdateMemory } from '../features/memories/components/update-memory.tsx';
import { useSession } from '../lib/session.ts';

export default function UpdateLocationScreen() {
  const { token } = useSession();
  if (!token) return <Navigate to={paths.login} replace />;
  return <UpdateMemory />;
}
