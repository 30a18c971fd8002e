import { useParams } from 'react-router';
import { PersonView } from '../features/people/components/person-view.tsx';
import { TripsList } from '../features/trips/components/trips-list.tsx';
import { useSession } from '../lib/session.ts';

export default function PersonScreen() {
  const { id = '' } = useParams();
  const own = useSession().user?._id === id;
  // Keyed by the person: another profile starts afresh, not from the last one's scroll and state.
  return (
    <PersonView key={id} id={id}>
      <TripsList userId={id} own={own} />
    </PersonView>
  );
}
