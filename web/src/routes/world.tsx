import { useSearchParams } from 'react-router';
import { WorldView } from '../features/trips/components/world-view.tsx';

export default function WorldScreen() {
  const [params] = useSearchParams();
  const user = params.get('user');
  return <WorldView key={user ?? ''} userId={user} />;
}
