import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Avatar, DEFAULT_AVATAR } from '../../../components/avatar.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CameraIcon, ChevronRightIcon, EditIcon, LogoutIcon, SettingsIcon } from '../../../components/icons-extra.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { draftsOf, type KeptDrafts } from '../../../lib/drafts.ts';
import { forgetUserOnDevice, usePendingMemories } from '../../../lib/outbox/index.ts';
import { clearSession, useSession } from '../../../lib/session.ts';
import { logoutOnServer } from '../api/logout.ts';
import { unsentWarning } from '../lib/unsent-warning.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { PicturePanel } from './picture-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import './profile.css';

type View = 'menu' | 'edit' | 'settings';

interface ShownUser {
  username: string;
  profilePicture: string;
  email?: string;
}

/** Shown when the profile cannot load (docs/product.md §8) and after logout (docs/product.md §4). */
export const GUEST: ShownUser = { username: 'Guest', profilePicture: DEFAULT_AVATAR };

export function ProfileView({ children }: { children?: ReactNode } = {}) {
  const { token, user: stored } = useSession();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('menu');
  const [changingPicture, setChangingPicture] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [drafts, setDrafts] = useState<KeptDrafts>({ newMemory: false, edits: 0 });
  const [signingOut, setSigningOut] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const pending = usePendingMemories();
  // The sign-out confirmation also names the drafts only this phone holds. They are written by the
  // memory forms on other screens, so reading them once this screen opens is enough.
  const userId = stored?._id;
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void draftsOf(userId).then((kept) => current && setDrafts(kept));
    return () => {
      current = false;
    };
  }, [userId]);

  if (!token && !signingOut) return <Navigate to={paths.login} replace />;

  const shown: ShownUser | null = signedOut ? GUEST : me.isError ? GUEST : (me.data ?? stored ?? null);

  // The viewer's record takes the new picture or account in the mutations themselves (api/).
  const pictureUploaded = () => setChangingPicture(false);

  const logout = async () => {
    setSigningOut(true);
    await logoutOnServer();
    // What the person had not uploaded goes with them (the confirmation said so when there was any).
    if (stored?._id) await forgetUserOnDevice(stored._id);
    setSignedOut(true);
    setConfirmLogout(false);
    clearSession();
    // The next person on this device must not see this one's cached lists.
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };

  return (
    <section className="screen profile-screen">
      <div className="profile-head">
        <div className="profile-picture">
          <Avatar src={shown?.profilePicture} alt="Profile picture" size={112} />
          {!changingPicture && !signedOut && !me.isError && (
            <button type="button" className="profile-picture-change" aria-label="Change profile picture" onClick={() => setChangingPicture(true)}>
              <CameraIcon size={18} />
            </button>
          )}
        </div>
        {/* The screen's one h1 (axe page-has-heading-one): whose profile this is. */}
        <h1 className="profile-username">{shown ? `@${shown.username}` : '\u00a0'}</h1>
        {shown?.email && <p className="profile-email">{shown.email}</p>}
      </div>

      {changingPicture && <PicturePanel onUploaded={pictureUploaded} onCancel={() => setChangingPicture(false)} />}

      {view === 'menu' && (
        <nav className="profile-menu card" aria-label="Profile menu">
          <button type="button" className="profile-menu-item" onClick={() => setView('edit')}>
            <EditIcon size={20} />
            <span>Edit Profile</span>
            <ChevronRightIcon size={18} />
          </button>
          <button type="button" className="profile-menu-item" onClick={() => setView('settings')}>
            <SettingsIcon size={20} />
            <span>Settings</span>
            <ChevronRightIcon size={18} />
          </button>
          {/* docs/design.md §16: the import is reached from here and from the map. */}
          <Link to={paths.import} className="profile-menu-item">
            <CameraIcon size={20} />
            <span>Bring your photos</span>
            <ChevronRightIcon size={18} />
          </Link>
          <button type="button" className="profile-menu-item profile-menu-danger" onClick={() => setConfirmLogout(true)}>
            <LogoutIcon size={20} />
            <span>Logout</span>
          </button>
        </nav>
      )}
      {/* Trips and Your world (the route passes them in: features do not import each other). */}
      {view === 'menu' && children}
      {view === 'edit' && (
        <EditProfileForm currentUsername={me.data?.username ?? stored?.username ?? ''} onBack={() => setView('menu')} />
      )}
      {view === 'settings' && <SettingsPanel onBack={() => setView('menu')} onAccountDeleted={() => setSigningOut(true)} />}

      <ConfirmDialog
        open={confirmLogout}
        message="Do you want to sign out?"
        detail={unsentWarning(pending.items, drafts)}
        confirmLabel="Logout"
        busyLabel="Logging out..."
        busy={signingOut}
        danger
        onConfirm={() => void logout()}
        onCancel={() => setConfirmLogout(false)}
      />
    </section>
  );
}
