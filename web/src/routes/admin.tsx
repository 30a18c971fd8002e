import { AdminView } from '../features/admin/components/admin-view.tsx';

export default function AdminScreen() {
  return <AdminView />;
}
