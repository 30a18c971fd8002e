import { createBrowserRouter, Navigate } from 'react-router';
import AddFriendScreen from '../routes/add-friend.tsx';
import FeedsScreen from '../routes/feeds.tsx';
import FriendRequestsScreen from '../routes/friend-requests.tsx';
import FriendsScreen from '../routes/friends.tsx';
import LandingScreen from '../routes/landing.tsx';
import LoginScreen from '../routes/login.tsx';
import NewLocationScreen from '../routes/new-location.tsx';
import NotFoundScreen from '../routes/not-found.tsx';
import ProfileScreen from '../routes/profile.tsx';
import RegisterScreen from '../routes/register.tsx';
import UpdateLocationScreen from '../routes/update-location.tsx';
import UserProfileScreen from '../routes/user-profile.tsx';
import { Layout } from './layout.tsx';
import { paths } from '../config/paths.ts';

/** The route table of docs/product.md §2. */
export const routes = [
  {
    element: <Layout />,
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
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
