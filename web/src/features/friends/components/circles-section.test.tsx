import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { FriendsView } from './friends-view.tsx';

const ann = { _id: 'u-ann', username: 'Ann', profilePicture: '/media/a.webp' };
const bob = { _id: 'u-bob', username: 'bobby', profilePicture: '/media/b.webp' };
const family = { id: 'c-1', name: 'Family', memberIds: ['u-ann'] };

describe('Circles on the Friends screen', () => {
  it('makes a circle of the checked friends and shows the server\'s refusal as it says it', async () => {
    signedIn();
    const api = mockApi({
      'GET /api/query_friends': { body: [ann, bob] },
      'GET /api/pending_requests': { body: { pendingRequests: [] } },
      'GET /api/circles': [{ body: [] }, { body: [family] }],
      'POST /api/circles': [{ status: 409, body: { error: 'You already have a circle with this name' } }, { status: 201, body: family }],
    });
    renderWithProviders(<FriendsView />, { route: '/friends' });
    expect(await screen.findByText(/No circles yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New circle' }));
    const editor = screen.getByRole('dialog', { name: 'New circle' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Give the circle a name');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: ' Family ' } });
    fireEvent.click(within(editor).getByRole('checkbox', { name: 'Ann' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent('You already have a circle with this name');
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New circle' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/circles').map((c) => c.body)).toEqual([
      { name: 'Family', memberIds: ['u-ann'] },
      { name: 'Family', memberIds: ['u-ann'] },
    ]);
    const list = await screen.findByRole('list', { name: 'Circles' });
    expect(list).toHaveTextContent('Family');
    expect(list).toHaveTextContent('1 person');
  });

  it('asks before deleting, saying its memories become private, and deletes only on Delete', async () => {
    signedIn();
    const api = mockApi({
      'GET /api/query_friends': { body: [ann] },
      'GET /api/pending_requests': { body: { pendingRequests: [] } },
      'GET /api/circles': [{ body: [family] }, { body: [] }],
      'DELETE /api/circles/c-1': { body: { message: 'Circle deleted' } },
    });
    renderWithProviders(<FriendsView />, { route: '/friends' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Family' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete circle' });
    expect(ask).toHaveTextContent('Memories shared with “Family” become private: only you will see them.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/circles/c-1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Family' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete circle' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No circles yet. Make one for family, a club, close friends…')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/circles/c-1')).toHaveLength(1);
  });
});
