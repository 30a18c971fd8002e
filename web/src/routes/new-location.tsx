import { Navigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { CreateMemory } from '../features/memories/components/create-memory.tsx';
import { useSession } from '../lib/session.ts';

export default function NewLocationScreen() {
  const { token } = useSession();
  if (!token) return <Navigate to={paths.login} replace />;
  return <CreateMemory />;
}
