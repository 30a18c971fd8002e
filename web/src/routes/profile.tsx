import { ProfileView } from '../features/profile/components/profile-view.tsx';
import { TripsList } from '../features/trips/components/trips-list.tsx';

export default function ProfileScreen() {
  return (
    <ProfileView>
      <TripsList userId={null} own />
    </ProfileView>
  );
}
