import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, NEVER, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { visibleMemoryLists } from '../../../../test/visible-memories.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { FriendsView } from './friends-view.tsx';

const ann = { _id: 'u-ann', username: 'Ann', profilePicture: '/media/a.webp', email: 'ann@example.test' };
const bob = { _id: 'u-bob', username: 'bobby', profilePicture: '/media/b.webp' };
const pending = (n: number) => ({ pendingRequests: Array.from({ length: n }, (_, i) => ({ _id: `p${i}`, username: `p${i}`, profilePicture: '' })) });

function renderFriends() {
  return renderWithProviders(<FriendsView />, { route: '/friends' });
}

describe('Friends screen', () => {
  it('asks for a login and fetches nothing without a token', () => {
    const api = mockApi({});
    renderFriends();
    expect(screen.getByRole('alert')).toHaveTextContent('You must be logged in to view friends');
    expect(api.calls).toHaveLength(0);
  });

  it('lists friends with picture, username and e-mail where present, and counts them', async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [ann, bob] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    expect(await screen.findByText('2 friends')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Social Circle' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Friends' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('ann@example.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img')).toHaveAttribute('src', '/media/a.webp');
    expect(within(rows[1]!).getByText('bobby')).toBeInTheDocument();
    expect(rows[1]!.querySelector('.list-row-sub')).toBeNull();
    expect(screen.getByRole('link', { name: /Add Friend/ })).toHaveAttribute('href', '/add-friend');
    expect(screen.getByRole('link', { name: /Friend Requests/ })).toHaveAttribute('href', '/friend-requests');
  });

  it("opens a friend's profile from their picture and name", async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [ann, bob] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    const rows = within(await screen.findByRole('list', { name: 'Friends' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: /ann/ })).toHaveAttribute('href', `/people/${ann._id}`);
    expect(within(rows[1]!).getByRole('link', { name: /bobby/ })).toHaveAttribute('href', `/people/${bob._id}`);
  });

  it("says '1 friend' for one", async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [ann] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    expect(await screen.findByText('1 friend')).toBeInTheDocument();
  });

  it("shows the empty state with a 'Find Friends' link", async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    expect(await screen.findByText("You don't have any friends yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Friends' })).toHaveAttribute('href', '/add-friend');
    expect(screen.getByText('0 friends')).toBeInTheDocument();
  });

  it('filters by username, case-insensitively', async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [ann, bob] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    await screen.findByText('bobby');
    fireEvent.change(screen.getByPlaceholderText('Search for friend(s)...'), { target: { value: 'BOB' } });
    expect(screen.queryByText('Ann')).not.toBeInTheDocument();
    expect(screen.getByText('bobby')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search for friend(s)...'), { target: { value: 'an' } });
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(screen.queryByText('bobby')).not.toBeInTheDocument();
  });

  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [23, '9+'],
  ])('shows %i pending requests on the badge as %s', async (n, text) => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { body: [] }, 'GET /api/pending_requests': { body: pending(n) } });
    renderFriends();
    await screen.findByText("You don't have any friends yet");
    const link = screen.getByRole('link', { name: /Friend Requests/ });
    if (text === null) {
      await waitFor(() => expect(link.querySelector('.count-badge')).toBeNull());
    } else {
      await waitFor(() => expect(link.querySelector('.count-badge')).toHaveTextContent(text));
    }
  });

  it('says when the list cannot load', async () => {
    signedIn();
    mockApi({ 'GET /api/query_friends': { status: 500, body: { error: 'boom' } }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    expect(await screen.findByText('Failed to load friends. Please try again later.')).toBeInTheDocument();
  });

  it('removes a friend after the confirm, updates the stored user and reloads the list after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn({ friends: ['u-ann', { _id: 'u-bob' }, null] });
    let release: () => void = () => {};
    const api = mockApi({
      'GET /api/query_friends': [{ body: [ann, bob] }, { body: [bob] }],
      'GET /api/pending_requests': { body: pending(0) },
      'DELETE /api/delete_friend': () => new Promise((resolve) => (release = () => resolve({ body: { message: 'Friend removed' } }))),
    });
    renderFriends();
    await screen.findByText('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Friend' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove Ann from your friends?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('button', { name: 'Removing...' })).toBeDisabled();
    expect(api.callsTo('DELETE', '/api/delete_friend')[0]!.body).toEqual({ userId: 'u-ann' });
    await act(async () => release());
    await waitFor(() => expect(screen.queryByText('Ann')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('1 friend')).toBeInTheDocument();
    expect(getStoredUser()!.friends).toEqual(['u-bob']);
    expect(api.callsTo('GET', '/api/query_friends')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(900));
    expect(api.callsTo('GET', '/api/query_friends')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(api.callsTo('GET', '/api/query_friends')).toHaveLength(2));
  });

  it("removing a friend makes the map and the feed ask again (their friends-only memories go)", async () => {
    signedIn({ friends: ['u-ann'] });
    mockApi({
      'GET /api/query_friends': { body: [ann] },
      'GET /api/pending_requests': { body: pending(0) },
      'DELETE /api/delete_friend': { body: { message: 'Friend removed' } },
    });
    const { queryClient } = renderFriends();
    const { mapView, feedList } = visibleMemoryLists(queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Ann')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(mapView)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(feedList)!.isInvalidated).toBe(true);
  });

  it('Cancel keeps the friend', async () => {
    signedIn();
    const api = mockApi({ 'GET /api/query_friends': { body: [ann] }, 'GET /api/pending_requests': { body: pending(0) } });
    renderFriends();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Ann')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/delete_friend')).toHaveLength(0);
  });

  it.each([
    [{ error: 'You are not friends with this user' }, 'You are not friends with this user'],
    [undefined, 'Failed to remove friend'],
  ])('shows a failed removal for 3 s (%o)', async (body, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn();
    mockApi({
      'GET /api/query_friends': { body: [ann] },
      'GET /api/pending_requests': { body: pending(0) },
      'DELETE /api/delete_friend': { status: body ? 404 : 500, body },
      'GET /api/circles': { body: [] },
    });
    renderFriends();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText('Ann')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    await act(async () => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('needs a login to remove a friend', async () => {
    signedIn();
    const api = mockApi({ 'GET /api/query_friends': { body: [ann] }, 'GET /api/pending_requests': { body: NEVER } });
    renderFriends();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    localStorage.removeItem('token');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You must be logged in to remove friends')).toHaveAttribute('role', 'alert');
    expect(api.callsTo('DELETE', '/api/delete_friend')).toHaveLength(0);
  });
});
