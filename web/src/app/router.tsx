import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import LoginScreen from '../routes/login.tsx';
import { Layout } from './layout.tsx';
import { ScreenError } from './screen-error.tsx';
import { paths } from '../config/paths.ts';

// Every screen but the sign-in one is its own chunk (docs/decisions/090-web-delivery.md): the first
// visit, which lands on /login, loads only what signing in needs. The router starts navigations in
// a transition, so moving between screens keeps the current one up while the next one's chunk
// loads; only a first load shows the layout's fallback.
const RegisterScreen = lazy(() => import('../routes/register.tsx'));
const LandingScreen = lazy(() => import('../routes/landing.tsx'));
const FriendsScreen = lazy(() => import('../routes/friends.tsx'));
const FeedsScreen = lazy(() => import('../routes/feeds.tsx'));
const ProfileScreen = lazy(() => import('../routes/profile.tsx'));
const NewLocationScreen = lazy(() => import('../routes/new-location.tsx'));
const UpdateLocationScreen = lazy(() => import('../routes/update-location.tsx'));
const AddFriendScreen = lazy(() => import('../routes/add-friend.tsx'));
const FriendRequestsScreen = lazy(() => import('../routes/friend-requests.tsx'));
const UserProfileScreen = lazy(() => import('../routes/user-profile.tsx'));
const ForgotPasswordScreen = lazy(() => import('../routes/forgot-password.tsx'));
const ResetPasswordScreen = lazy(() => import('../routes/reset-password.tsx'));
const AdminScreen = lazy(() => import('../routes/admin.tsx'));
const ImportScreen = lazy(() => import('../routes/import.tsx'));
const PersonScreen = lazy(() => import('../routes/person.tsx'));
const MemoryScreen = lazy(() => import('../routes/memory.tsx'));
const NotificationsScreen = lazy(() => import('../routes/notifications.tsx'));
const TripScreen = lazy(() => import('../routes/trip.tsx'));
const WorldScreen = lazy(() => import('../routes/world.tsx'));
const NotFoundScreen = lazy(() => import('../routes/not-found.tsx'));

/** The route table of docs/product.md §2. */
export const routes = [
  {
    element: <Layout />,
    children: [
      {
        // A screen that fails to open (its chunk unreachable offline) says so inside the layout.
        errorElement: <ScreenError />,
        children: [
          { path: paths.root, element: <Navigate to={paths.login} replace /> },
          { path: paths.register, element: <RegisterScreen /> },
          { path: paths.login, element: <LoginScreen /> },
          { path: paths.landing, element: <LandingScreen /> },
          { path: paths.friends, element: <FriendsScreen /> },
          { path: paths.feeds, element: <FeedsScreen /> },
          { path: paths.profile, element: <ProfileScreen /> },
          { path: paths.newLocation, element: <NewLocationScreen /> },
          { path: paths.updateLocation, element: <UpdateLocationScreen /> },
          { path: paths.addFriend, element: <AddFriendScreen /> },
          { path: paths.friendRequests, element: <FriendRequestsScreen /> },
          { path: paths.userProfile, element: <UserProfileScreen /> },
          { path: paths.forgotPassword, element: <ForgotPasswordScreen /> },
          { path: paths.resetPassword, element: <ResetPasswordScreen /> },
          { path: paths.admin, element: <AdminScreen /> },
          { path: paths.import, element: <ImportScreen /> },
          { path: paths.person, element: <PersonScreen /> },
          { path: paths.memory, element: <MemoryScreen /> },
          { path: paths.notifications, element: <NotificationsScreen /> },
          { path: paths.trip, element: <TripScreen /> },
          { path: paths.world, element: <WorldScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
