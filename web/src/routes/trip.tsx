import { useParams } from 'react-router';
import { TripView } from '../features/trips/components/trip-view.tsx';

export default function TripScreen() {
  const { id = '' } = useParams();
  return <TripView key={id} id={id} />;
}
