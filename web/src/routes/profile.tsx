import { ProfileView } from '../features/profile/components/profile-view.tsx';

export default function ProfileScreen() {
  return <ProfileView />;
}
