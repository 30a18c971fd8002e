import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, NEVER, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { visibleMemoryLists } from '../../../../test/visible-memories.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { FriendRequestsView } from './friend-requests-view.tsx';

const rae = { _id: 'rae', username: 'rae', profilePicture: '/media/rae.webp', email: 'rae@example.test' };
const tom = { _id: 'tom', username: 'tom', profilePicture: '/media/tom.webp', email: 'tom@example.test' };
const row = (name: string) => screen.getByTestId(`person-${name}`);

function setup(extra = {}) {
  signedIn({ friends: ['old'], friendRequests: { sent: [], received: ['rae', { _id: 'tom' }] } });
  return mockApi({ 'GET /api/pending_requests': { body: { pendingRequests: [rae, tom] } }, ...extra });
}

describe('Friend Requests screen', () => {
  it('asks for a login without a token, with a way to log in', () => {
    const api = mockApi({});
    renderWithProviders(<FriendRequestsView />);
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to view friend requests');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(api.calls).toHaveLength(0);
  });

  it('lists pending requests with picture, username and e-mail', async () => {
    setup();
    renderWithProviders(<FriendRequestsView />);
    expect(screen.getByRole('heading', { name: 'Friend Requests' })).toBeInTheDocument();
    await screen.findByText('rae');
    expect(within(row('rae')).getByText('rae@example.test')).toBeInTheDocument();
    expect(within(row('rae')).getByRole('img')).toHaveAttribute('src', '/media/rae.webp');
    expect(within(row('rae')).getByRole('button', { name: 'Accept rae' })).toBeInTheDocument();
    expect(within(row('rae')).getByRole('button', { name: 'Reject rae' })).toBeInTheDocument();
  });

  it("says 'No pending friend requests' when there are none", async () => {
    signedIn();
    mockApi({ 'GET /api/pending_requests': { body: { pendingRequests: [] } } });
    renderWithProviders(<FriendRequestsView />);
    expect(await screen.findByText('No pending friend requests')).toBeInTheDocument();
  });

  it('says when the requests cannot load', async () => {
    signedIn();
    mockApi({ 'GET /api/pending_requests': { status: 500 } });
    renderWithProviders(<FriendRequestsView />);
    expect(await screen.findByText('Failed to load friend requests. Please try again later.')).toBeInTheDocument();
  });

  it('accepting shows Accepted, updates the stored user, and the row leaves after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup({
      'POST /api/accept_request': { body: { message: 'Friend request accepted' } },
      'GET /api/pending_requests': [{ body: { pendingRequests: [rae, tom] } }, { body: { pendingRequests: [tom] } }],
    });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    expect(await within(row('rae')).findByText('Accepted')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/accept_request')[0]!.body).toEqual({ userId: 'rae' });
    expect(getStoredUser()!.friends).toEqual(['old', 'rae']);
    expect(getStoredUser()!.friendRequests!.received).toEqual(['tom']);
    await act(async () => vi.advanceTimersByTime(1400));
    expect(screen.getByTestId('person-rae')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(screen.queryByTestId('person-rae')).not.toBeInTheDocument());
    expect(screen.getByTestId('person-tom')).toBeInTheDocument();
  });

  it("accepting makes the map and the feed ask again (the new friend's friends-only memories)", async () => {
    setup({ 'POST /api/accept_request': { body: { message: 'Friend request accepted' } } });
    const { queryClient } = renderWithProviders(<FriendRequestsView />);
    const { mapView, feedList } = visibleMemoryLists(queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    expect(await within(row('rae')).findByText('Accepted')).toBeInTheDocument();
    expect(queryClient.getQueryState(mapView)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(feedList)!.isInvalidated).toBe(true);
  });

  it('does not add a friend twice to the stored list', async () => {
    signedIn({ friends: ['rae'], friendRequests: { sent: [], received: ['rae'] } });
    mockApi({ 'GET /api/pending_requests': { body: { pendingRequests: [rae] } }, 'POST /api/accept_request': { body: {} } });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    await screen.findByText('Accepted');
    expect(getStoredUser()!.friends).toEqual(['rae']);
  });

  it('rejecting shows Rejected, removes the request from the stored user only, and the row leaves after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup({ 'POST /api/reject_request': { body: { message: 'Friend request rejected' } } });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject tom' }));
    expect(await within(row('tom')).findByText('Rejected')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reject_request')[0]!.body).toEqual({ userId: 'tom' });
    expect(getStoredUser()!.friends).toEqual(['old']);
    expect(getStoredUser()!.friendRequests!.received).toEqual(['rae']);
    await act(async () => vi.advanceTimersByTime(1550));
    await waitFor(() => expect(screen.queryByTestId('person-tom')).not.toBeInTheDocument());
  });

  it('a failure marks the row Error and keeps it, with the buttons to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ 'POST /api/accept_request': { status: 404, body: { error: 'Friend request not found' } } });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    expect(await within(row('rae')).findByText('Error')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('person-rae')).toBeInTheDocument();
    expect(within(row('rae')).getByRole('button', { name: 'Accept rae' })).toBeInTheDocument();
    expect(getStoredUser()!.friendRequests!.received).toEqual(['rae', { _id: 'tom' }]);
  });

  it('rows answered while another is still in flight each reach their own end state', async () => {
    const release: Record<string, (reply: { status?: number; body?: unknown }) => void> = {};
    const held = (call: { body: unknown }) =>
      new Promise<{ status?: number; body?: unknown }>((resolve) => (release[(call.body as { userId: string }).userId] = resolve));
    signedIn({ friends: ['old'], friendRequests: { sent: [], received: ['rae', 'tom', 'una'] } });
    const una = { _id: 'una', username: 'una', profilePicture: '' };
    mockApi({
      'GET /api/pending_requests': { body: { pendingRequests: [rae, tom, una] } },
      'POST /api/accept_request': held,
      'POST /api/reject_request': held,
    });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject tom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept una' }));
    await waitFor(() => expect(Object.keys(release)).toHaveLength(3));
    // The first call ends first, while the later ones are still in flight; the last one fails.
    await act(async () => release.rae!({ body: {} }));
    await act(async () => release.tom!({ body: {} }));
    await act(async () => release.una!({ status: 500 }));
    expect(await within(row('rae')).findByText('Accepted')).toBeInTheDocument();
    expect(within(row('tom')).getByText('Rejected')).toBeInTheDocument();
    expect(within(row('una')).getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Answering/ })).not.toBeInTheDocument();
    expect(getStoredUser()!.friends).toEqual(['old', 'rae']);
    expect(getStoredUser()!.friendRequests!.received).toEqual(['una']);
  });

  it('a row still being answered, or showing its answer, stays when the list is refreshed without it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let releaseRae!: (reply: { body: unknown }) => void;
    const una = { _id: 'una', username: 'una', profilePicture: '' };
    setup({
      'POST /api/accept_request': (call: { body: unknown }) =>
        (call.body as { userId: string }).userId === 'rae'
          ? new Promise<{ body: unknown }>((resolve) => (releaseRae = resolve))
          : { body: { message: 'Friend request accepted' } },
      // After tom's row leaves, the server has done both accepts (rae's answer is still on its
      // way back) and una has asked meanwhile.
      'GET /api/pending_requests': [{ body: { pendingRequests: [rae, tom] } }, { body: { pendingRequests: [una] } }],
    });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept tom' }));
    expect(await within(row('tom')).findByText('Accepted')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1550));
    expect(await screen.findByTestId('person-una')).toBeInTheDocument();
    expect(screen.queryByTestId('person-tom')).not.toBeInTheDocument();
    // rae's answer has not arrived: the row stays, in its place, still answering.
    expect(within(row('rae')).getByRole('status', { name: 'Answering rae' })).toBeInTheDocument();
    expect(screen.getAllByTestId(/^person-/).map((e) => e.dataset.testid)).toEqual(['person-rae', 'person-una']);
    await act(async () => releaseRae({ body: { message: 'Friend request accepted' } }));
    expect(await within(row('rae')).findByText('Accepted')).toBeInTheDocument();
    // And it leaves after its own 1.5 s.
    await act(async () => vi.advanceTimersByTime(1400));
    expect(screen.getByTestId('person-rae')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(screen.queryByTestId('person-rae')).not.toBeInTheDocument());
    expect(screen.getByTestId('person-una')).toBeInTheDocument();
    expect(getStoredUser()!.friends).toEqual(['old', 'tom', 'rae']);
  });

  it('shows a spinner while answering', async () => {
    setup({ 'POST /api/accept_request': NEVER });
    renderWithProviders(<FriendRequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept rae' }));
    expect(await within(row('rae')).findByRole('status', { name: 'Answering rae' })).toBeInTheDocument();
  });

  it.each([
    ['Accept', 'You must be logged in to accept friend requests'],
    ['Reject', 'You must be logged in to reject friend requests'],
  ])('needs a login to %s', async (verb, text) => {
    const api = setup();
    renderWithProviders(<FriendRequestsView />);
    const button = await screen.findByRole('button', { name: `${verb} rae` });
    localStorage.removeItem('token');
    fireEvent.click(button);
    expect(await screen.findByText(text)).toHaveAttribute('role', 'alert');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
