import { useParams } from 'react-router';
import { PersonView } from '../features/people/components/person-view.tsx';

export default function PersonScreen() {
  const { id = '' } = useParams();
  // Keyed by the person: another profile starts afresh, not from the last one's scroll and state.
  return <PersonView key={id} id={id} />;
}
