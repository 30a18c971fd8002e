import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, NETWORK_DOWN, NEVER, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { ApiError, apiUpload } from '../../../lib/api-client.ts';
import { draftKey, loadDraft, saveDraft } from '../../../lib/drafts.ts';
import { newOutboxItem } from '../../../lib/outbox/index.ts';
import { addToOutbox, readOutbox } from '../../../lib/outbox/outbox-store.ts';
import { mirrorSenderSession, readSenderSession } from '../../../lib/outbox/sender-session.ts';
import { getStoredUser, getToken } from '../../../lib/session.ts';
import { ProfileView } from './profile-view.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client.ts')>();
  return { ...actual, apiUpload: vi.fn() };
});
/** The one upload this screen makes, typed as the generated API types say it answers. */
const upload = vi.mocked(apiUpload<'/api/profile/upload-profile-picture'>);

/** The signed-in user as GET /api/get_user answers it: the bare object. */
const self = (over: Record<string, unknown> = {}) => ({
  _id: 'me',
  username: 'pat',
  email: 'pat@example.test',
  profilePicture: '/media/old.webp',
  friends: [],
  friendRequests: { sent: [], received: [] },
  firstName: null,
  lastName: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...over,
});
const appInfo = { body: { version: '0.1.0', tagline: 'A place to store and organize your memories', supportEmail: 'help@memorymap.test' } };

function setup(extra = {}) {
  signedIn({ username: 'pat' });
  return mockApi({ 'GET /api/get_user': { body: self() }, 'GET /api/app-info': appInfo, ...extra });
}

const profilePicture = () => screen.getByRole('img', { name: 'Profile picture' });

beforeEach(() => {
  upload.mockReset();
});

describe('Profile screen', () => {
  it('goes to /login without a token', async () => {
    const api = mockApi({});
    renderWithProviders(<ProfileView />, { route: '/profile', path: '/profile' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the picture and @username from the server', async () => {
    setup({ 'GET /api/get_user': { body: self({ username: 'pat_fresh' }) } });
    renderWithProviders(<ProfileView />);
    expect(await screen.findByText('@pat_fresh')).toBeInTheDocument();
    expect(profilePicture()).toHaveAttribute('src', '/media/old.webp');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("falls back to 'Guest' when the profile cannot load", async () => {
    setup({ 'GET /api/get_user': { status: 500 } });
    renderWithProviders(<ProfileView />);
    expect(await screen.findByText('@Guest')).toBeInTheDocument();
  });

  describe('picture', () => {
    const choose = (file: File) => fireEvent.change(screen.getByLabelText('Profile picture file'), { target: { files: [file] } });
    const png = () => new File(['x'], 'me.png', { type: 'image/png' });

    it('opens a panel that takes images only, and asks for a file before sending', async () => {
      setup();
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      expect(screen.getByLabelText('Profile picture file')).toHaveAttribute('accept', 'image/*');
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Choose an image to upload');
      choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file');
      expect(upload).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByLabelText('Profile picture file')).not.toBeInTheDocument();
    });

    it("uploads the file as profilePicture ('Uploading...'), then shows the new picture at once and closes", async () => {
      setup();
      let resolve: (v: { profilePicture: string }) => void = () => {};
      upload.mockImplementation(() => new Promise((r) => (resolve = r)));
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      choose(png());
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
      const [path, form] = upload.mock.calls[0]!;
      expect(path).toBe('/api/profile/upload-profile-picture');
      expect((form as FormData).get('profilePicture')).toBeInstanceOf(File);
      await act(async () => resolve({ profilePicture: '/media/new.webp' }));
      await waitFor(() => expect(profilePicture()).toHaveAttribute('src', '/media/new.webp'));
      expect(screen.queryByLabelText('Profile picture file')).not.toBeInTheDocument();
      expect(getStoredUser()!.profilePicture).toBe('/media/new.webp');
    });

    it.each([
      [new ApiError(415, 'The file is not an image we can read'), 'The file is not an image we can read'],
      [new ApiError(500, undefined), 'Upload failed. Please try again.'],
      [new ApiError(0, undefined), 'Network error. Please try again.'],
    ])('shows why an upload failed (%s)', async (err, text) => {
      setup();
      upload.mockRejectedValue(err);
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Change profile picture' }));
      choose(png());
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(profilePicture()).toHaveAttribute('src', '/media/old.webp');
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    });
  });

  describe('Edit Profile', () => {
    async function openEdit() {
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      await waitFor(() => expect(screen.getByLabelText('New username')).toHaveValue('pat'));
    }
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    it("requires a username ('Username cannot be empty') and sends nothing", async () => {
      const api = setup();
      renderWithProviders(<ProfileView />);
      await openEdit();
      fireEvent.change(screen.getByLabelText('New username'), { target: { value: '  ' } });
      save();
      expect(screen.getByRole('alert')).toHaveTextContent('Username cannot be empty');
      expect(api.callsTo('PUT', '/api/update_user')).toHaveLength(0);
    });

    it.each([
      ['abc', 'Password must be at least 6 characters long'],
      ['abcdefg', 'Password must contain at least one special character'],
    ])('checks a new password by the register rules (%s)', async (pw, text) => {
      const api = setup();
      renderWithProviders(<ProfileView />);
      await openEdit();
      fireEvent.change(screen.getByLabelText('New password (optional)'), { target: { value: pw } });
      save();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(api.callsTo('PUT', '/api/update_user')).toHaveLength(0);
    });

    it("saves ('Saving...'), says 'Profile updated!' and shows the new username everywhere", async () => {
      let release: () => void = () => {};
      const api = setup({
        'PUT /api/update_user': () => new Promise((r) => (release = () => r({ body: { user: self({ username: 'pat2' }) } }))),
      });
      renderWithProviders(<ProfileView />);
      await openEdit();
      fireEvent.change(screen.getByLabelText('New username'), { target: { value: 'pat2' } });
      save();
      expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(api.callsTo('PUT', '/api/update_user')[0]!.body).toEqual({ newUsername: 'pat2' });
      await act(async () => release());
      expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated!');
      expect(screen.getByText('@pat2')).toBeInTheDocument();
      expect(getStoredUser()!.username).toBe('pat2');
    });

    it('explains the optional password in a line under the field, not in a placeholder a phone would cut off', async () => {
      setup();
      renderWithProviders(<ProfileView />);
      await openEdit();
      const password = screen.getByLabelText('New password (optional)');
      expect(password).not.toHaveAttribute('placeholder');
      expect(password).toHaveAccessibleDescription('Leave blank to keep your current password');
      fireEvent.change(password, { target: { value: 'x' } });
      expect(password).toHaveAccessibleDescription('At least 6 characters, with one special character such as ! or ?');
    });

    it('sends a new password when one is given, with the current one', async () => {
      const api = setup({ 'PUT /api/update_user': { body: { user: self() } } });
      renderWithProviders(<ProfileView />);
      await openEdit();
      expect(screen.queryByLabelText('Current password')).toBeNull();
      fireEvent.change(screen.getByLabelText('New password (optional)'), { target: { value: 'better!pw' } });
      fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old!pw' } });
      save();
      expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/update_user')[0]!.body).toEqual({ newUsername: 'pat', newPassword: 'better!pw', currentPassword: 'old!pw' });
      expect(screen.getByLabelText('New password (optional)')).toHaveValue('');
      expect(screen.queryByLabelText('Current password')).toBeNull();
    });

    it('asks for the current password before a new one is sent', async () => {
      const api = setup({ 'PUT /api/update_user': { status: 403, body: { error: 'Your current password is not correct. Your password has not been changed.' } } });
      renderWithProviders(<ProfileView />);
      await openEdit();
      fireEvent.change(screen.getByLabelText('New password (optional)'), { target: { value: 'better!pw' } });
      save();
      expect(screen.getByRole('alert')).toHaveTextContent('Enter your current password to set a new one');
      expect(api.callsTo('PUT', '/api/update_user')).toHaveLength(0);
      fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong!pw' } });
      save();
      expect(await screen.findByText('Your current password is not correct. Your password has not been changed.')).toBeInTheDocument();
      expect(screen.getByLabelText('New password (optional)')).toHaveValue('better!pw');
    });

    it.each([
      [{ status: 409, body: { error: 'Username already taken' } }, 'Username already taken'],
      [{ status: 500 }, 'Update failed.'],
      [NETWORK_DOWN, 'Server error.'],
    ])('shows why saving failed (%o)', async (reply, text) => {
      setup({ 'PUT /api/update_user': reply });
      renderWithProviders(<ProfileView />);
      await openEdit();
      save();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByText('@pat')).toBeInTheDocument();
    });

    it("says 'You must be logged in.' when the token is gone", async () => {
      const api = setup();
      renderWithProviders(<ProfileView />);
      await openEdit();
      localStorage.removeItem('token');
      save();
      expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in.');
      expect(api.callsTo('PUT', '/api/update_user')).toHaveLength(0);
    });

    it('Back returns to the menu', async () => {
      setup();
      renderWithProviders(<ProfileView />);
      await openEdit();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
      expect(screen.queryByLabelText('New username')).not.toBeInTheDocument();
    });
  });

  it('Settings: Help Center with the support e-mail, About with version and tagline, Back to Profile', async () => {
    setup();
    renderWithProviders(<ProfileView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Help Center' }));
    expect(screen.getByText('Need assistance?')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@memorymap.test' })).toHaveAttribute('href', 'mailto:help@memorymap.test');
    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('Version 0.1.0')).toBeInTheDocument();
    expect(within(about).getByText('A place to store and organize your memories')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Profile' }));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  describe('Logout', () => {
    it("asks 'Do you want to sign out?'; Cancel keeps the session", async () => {
      const api = setup();
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      const dialog = screen.getByRole('alertdialog');
      expect(dialog).toHaveTextContent('Do you want to sign out?');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(getToken()).toBe('test-token');
      expect(api.callsTo('POST', '/api/logout')).toHaveLength(0);
    });

    it.each([
      ['answers', { status: 204 }],
      ['fails', NETWORK_DOWN],
    ])('ends the session on the server, forgets it here and goes to /login (server %s)', async (_label, reply) => {
      const api = setup({ 'POST /api/logout': reply });
      renderWithProviders(<ProfileView />, { route: '/profile', path: '/profile' });
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('login screen')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
      expect(api.callsTo('POST', '/api/logout')[0]!.headers.authorization).toBe('Bearer test-token');
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
    });

    it('says how much has not been uploaded, and signing out erases it and the drafts from this device (not another person’s)', async () => {
      const api = setup({ 'POST /api/logout': { status: 204 } });
      const preview = { title: 'Beach', description: 'Sand', latitude: 1, longitude: 2, visibility: '1' as const };
      const create = (userId: string) =>
        newOutboxItem({ kind: 'create', userId, fields: { title: 'Beach', description: 'Sand', latitude: '1', longitude: '2', visibility: '1' }, preview });
      await addToOutbox(create('me'));
      await addToOutbox(create('me'));
      await addToOutbox(create('other'));
      const draft = (userId: string) => ({
        key: draftKey(userId, 'new'),
        title: 'Half',
        description: '',
        visibility: '1' as const,
        tags: [],
        taggedFriends: [],
        whenTouched: false,
        photos: [],
        savedAt: 1,
      });
      await saveDraft(draft('me'));
      await saveDraft(draft('other'));
      await mirrorSenderSession({ userId: 'me', token: 'test-token' });

      renderWithProviders(<ProfileView />, { route: '/profile', path: '/profile' });
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Do you want to sign out?' });
      // Their own draft is named too (read from the device when the screen opens), not the other person's.
      await waitFor(() =>
        expect(dialog).toHaveAccessibleDescription(
          '2 new memories have not been uploaded yet. If you sign out now, they are deleted from this phone and never uploaded. The draft of a new memory is deleted too.',
        ),
      );
      // Cancel keeps everything.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await readOutbox('me')).toHaveLength(2);

      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('login screen')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
      expect(await readOutbox('me')).toEqual([]);
      expect(await readOutbox('other')).toHaveLength(1);
      expect(await loadDraft(draftKey('me', 'new'))).toBeUndefined();
      expect(await loadDraft(draftKey('other', 'new'))).toMatchObject({ title: 'Half' });
      expect(await readSenderSession()).toBeUndefined();
    });

    it('asks only the question when nothing waits', async () => {
      setup();
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Do you want to sign out?' });
      expect(dialog).not.toHaveTextContent('uploaded');
    });

    it('shows the placeholder user while signing out', async () => {
      setup({ 'POST /api/logout': NEVER });
      renderWithProviders(<ProfileView />);
      fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();
    });
  });
});
