import { NotificationsView } from '../features/notifications/components/notifications-view.tsx';

export default function NotificationsScreen() {
  return <NotificationsView />;
}
