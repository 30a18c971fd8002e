import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, NEVER, signedIn, stubIntersectionObserver } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { getStoredUser } from '../../../lib/session.ts';
import { AddFriendView, relationFromStoredUser } from './add-friend-view.tsx';

const person = (id: string, extra: Record<string, string> = {}) => ({ _id: id, username: id, profilePicture: `/media/${id}.webp`, ...extra });
/** GET /api/get_user's answer: the bare user object. */
const me = (over: Record<string, unknown> = {}) => ({
  _id: 'me',
  username: 'me',
  email: 'me@example.test',
  profilePicture: '',
  friends: ['fay'],
  friendRequests: { sent: ['sid'], received: ['rae'] },
  firstName: null,
  lastName: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

function setup(users: unknown[] = [person('fay'), person('sid'), person('rae'), person('ida', { email: 'ida@example.test' })], extra = {}) {
  signedIn({ friends: ['fay'], friendRequests: { sent: ['sid'], received: [{ _id: 'rae' }, null] } });
  return mockApi({ 'GET /api/query_all_users': { body: users }, 'GET /api/get_user': { body: me() }, ...extra });
}

const row = (name: string) => screen.getByTestId(`person-${name}`);

describe('relationFromStoredUser', () => {
  it('reads friends, then sent, then received; ids or objects with _id, nulls ignored', () => {
    const user = { _id: 'me', username: 'me', friends: [{ _id: 'a' }, null], friendRequests: { sent: ['b'], received: [null, { _id: 'c' }] } };
    expect(relationFromStoredUser(user as never, 'a')).toBe('friends');
    expect(relationFromStoredUser(user as never, 'b')).toBe('pending');
    expect(relationFromStoredUser(user as never, 'c')).toBe('received');
    expect(relationFromStoredUser(user as never, 'd')).toBe('idle');
    expect(relationFromStoredUser(null, 'a')).toBe('idle');
  });
});

describe('Add Friend screen', () => {
  it('asks for a login without a token, with a way to log in', () => {
    const api = mockApi({});
    renderWithProviders(<AddFriendView />);
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to view users');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(api.calls).toHaveLength(0);
  });

  it('shows every other user with the status the stored record gives', async () => {
    setup([person('fay'), person('sid'), person('rae'), person('ida', { email: 'ida@example.test' }), person('me')]);
    renderWithProviders(<AddFriendView />);
    expect(screen.getByRole('heading', { name: 'Add Friend' })).toBeInTheDocument();
    await screen.findByText('ida');
    expect(within(row('fay')).getByRole('button', { name: /Friends/ })).toBeInTheDocument();
    expect(within(row('sid')).getByRole('button', { name: /Request Sent/ })).toBeInTheDocument();
    expect(within(row('rae')).getByRole('button', { name: /Respond to Request/ })).toBeInTheDocument();
    expect(within(row('ida')).getByRole('button', { name: 'Send friend request to ida' })).toBeInTheDocument();
    expect(within(row('ida')).getByText('ida@example.test')).toBeInTheDocument();
    expect(within(row('ida')).getByRole('img')).toHaveAttribute('src', '/media/ida.webp');
    // The current user is never listed.
    expect(screen.queryByTestId('person-me')).not.toBeInTheDocument();
  });

  it.each([
    ['fay', 'You are already friends with this user'],
    ['sid', 'Friend request already sent'],
    ['rae', 'This user has already sent you a friend request'],
  ])('clicking %s only shows a message for 3 s', async (name, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup();
    renderWithProviders(<AddFriendView />);
    await screen.findByText(name);
    fireEvent.click(row(name));
    expect(screen.getByRole('status')).toHaveTextContent(text);
    await act(async () => vi.advanceTimersByTime(2950));
    expect(screen.getByText(text)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/send_request')).toHaveLength(0);
  });

  it('sends a request after the confirm: loading, then Request Sent, and the id joins the stored sent list', async () => {
    let release: () => void = () => {};
    const api = setup(undefined, {
      'POST /api/send_request': () => new Promise((resolve) => (release = () => resolve({ body: { message: 'Friend request sent' } }))),
      // The refresh of the stored record stays in flight, so what is stored is the screen's own doing.
      'GET /api/get_user': NEVER,
    });
    renderWithProviders(<AddFriendView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send friend request to ida' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send Friend Request' });
    expect(dialog).toHaveTextContent('Are you sure you want to send a friend request to ida?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(row('ida')).getByRole('status', { name: 'Sending request to ida' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/send_request')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/send_request')[0]!.body).toEqual({ userId: 'ida' });
    await act(async () => release());
    expect(await within(row('ida')).findByRole('button', { name: /Request Sent/ })).toBeInTheDocument();
    expect(getStoredUser()!.friendRequests!.sent).toContain('ida');
  });

  it('requests sent while another is still in flight each reach Request Sent (or Retry) and the stored sent list', async () => {
    const release: Record<string, (reply: { status?: number; body?: unknown }) => void> = {};
    const api = setup([person('ida'), person('jon'), person('kim')], {
      'POST /api/send_request': (call: { body: unknown }) =>
        new Promise((resolve) => (release[(call.body as { userId: string }).userId] = resolve)),
      'GET /api/get_user': NEVER,
    });
    renderWithProviders(<AddFriendView />);
    for (const name of ['ida', 'jon', 'kim']) {
      fireEvent.click(await screen.findByRole('button', { name: `Send friend request to ${name}` }));
      fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    }
    await waitFor(() => expect(api.callsTo('POST', '/api/send_request')).toHaveLength(3));
    // The first call ends first, while the later ones are still in flight; the last one fails.
    await act(async () => release.ida!({ body: { message: 'Friend request sent' } }));
    await act(async () => release.jon!({ body: { message: 'Friend request sent' } }));
    await act(async () => release.kim!({ status: 500 }));
    expect(await within(row('ida')).findByRole('button', { name: /Request Sent/ })).toBeInTheDocument();
    expect(within(row('jon')).getByRole('button', { name: /Request Sent/ })).toBeInTheDocument();
    expect(within(row('kim')).getByRole('button', { name: 'Send friend request to kim' })).toHaveTextContent('Retry');
    expect(screen.queryByRole('status', { name: /Sending request/ })).not.toBeInTheDocument();
    expect(getStoredUser()!.friendRequests!.sent).toEqual(['sid', 'ida', 'jon']);
  });

  it('Cancel sends nothing', async () => {
    const api = setup();
    renderWithProviders(<AddFriendView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send friend request to ida' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/send_request')).toHaveLength(0);
  });

  it.each([
    [{ status: 409, body: { error: 'Friend request already sent' } }, 'Friend request already sent'],
    [{ status: 500 }, 'Failed to send friend request'],
  ])('a failed request puts the row in error, which allows a retry (%o)', async (reply, text) => {
    const api = setup(undefined, { 'POST /api/send_request': [reply, { body: { message: 'ok' } }] });
    renderWithProviders(<AddFriendView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send friend request to ida' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    const retry = within(row('ida')).getByRole('button', { name: 'Send friend request to ida' });
    expect(getStoredUser()!.friendRequests!.sent).not.toContain('ida');
    fireEvent.click(retry);
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await within(row('ida')).findByRole('button', { name: /Request Sent/ })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/send_request')).toHaveLength(2);
  });

  it('needs a login to send', async () => {
    const api = setup();
    renderWithProviders(<AddFriendView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send friend request to ida' }));
    localStorage.removeItem('token');
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('You must be logged in to send friend requests')).toHaveAttribute('role', 'alert');
    expect(api.callsTo('POST', '/api/send_request')).toHaveLength(0);
  });

  it("says 'No users found' when nobody else exists", async () => {
    setup([]);
    renderWithProviders(<AddFriendView />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup(undefined, {
      'GET /api/query_all_users': (call: { url: string }) => ({ body: call.url.includes('q=') ? [] : [person('ida')] }),
    });
    renderWithProviders(<AddFriendView />);
    await screen.findByText('ida');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'z' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'zo' } });
    await act(async () => vi.advanceTimersByTime(100));
    expect(api.callsTo('GET', '/api/query_all_users')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(api.callsTo('GET', '/api/query_all_users')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/query_all_users')[1]!.url).toContain('q=zo');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
  });

  it('shows a loading indicator while fetching', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(undefined, { 'GET /api/query_all_users': NEVER });
    renderWithProviders(<AddFriendView />);
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();
  });

  it('says when users cannot load', async () => {
    setup(undefined, { 'GET /api/query_all_users': { status: 500 } });
    renderWithProviders(<AddFriendView />);
    expect(await screen.findByText('Failed to load users. Please try again later.')).toBeInTheDocument();
  });

  it('loads the next page (Link rel=next) when the end of the list scrolls into view', async () => {
    const io = stubIntersectionObserver();
    const api = setup(undefined, {
      'GET /api/query_all_users': [
        { body: [person('ann'), person('ben')], headers: { link: '</api/query_all_users?limit=2&after=ben>; rel="next"' } },
        { body: [person('ben'), person('cat')] },
      ],
    });
    renderWithProviders(<AddFriendView />);
    await screen.findByText('ben');
    await waitFor(() => expect(io.count).toBeGreaterThan(0));
    act(() => io.intersectAll());
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/query_all_users')[1]!.url).toBe('/api/query_all_users?limit=2&after=ben');
    expect(screen.getAllByText('ben')).toHaveLength(1);
  });
});
