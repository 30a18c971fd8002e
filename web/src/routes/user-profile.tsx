import { UserProfileForm } from '../features/profile/components/user-profile-form.tsx';

export default function UserProfileScreen() {
  return <UserProfileForm />;
}
