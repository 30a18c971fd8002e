import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { NotificationsView } from './notifications-view.tsx';

const person = (n: number) => ({ _id: `u${n}`, username: `p${n}`, profilePicture: '' });

describe('The notifications screen', () => {
  it('names people as the groups say, leads to what each is about, and marks what it shows read', async () => {
    signedIn();
    const api = mockApi({
      'GET /api/notifications': {
        body: [
          { id: 'n3', kind: 'reaction', actors: [person(1), person(2), person(3)], actorCount: 4, pinId: 'p1', pinTitle: 'Lake day', createdAt: '2026-05-01T10:00:00.000Z', read: false },
          { id: 'n2', kind: 'comment', actors: [person(2)], actorCount: 1, pinId: 'p1', pinTitle: 'Lake day', text: 'So cold!', createdAt: '2026-05-01T09:00:00.000Z', read: false },
          { id: 'n1', kind: 'friend_request', actors: [person(5)], actorCount: 1, createdAt: '2026-04-01T09:00:00.000Z', read: true },
        ],
      },
      'POST /api/notifications/read': { status: 204 },
    });
    renderWithProviders(<NotificationsView />);
    expect(await screen.findByRole('link', { name: /p1 and 3 others reacted to Lake day/ })).toHaveAttribute('href', '/memory/p1');
    const commented = screen.getByRole('link', { name: /p2 commented on Lake day/ });
    expect(commented).toHaveAttribute('href', '/memory/p1');
    expect(commented).toHaveTextContent('“So cold!”');
    expect(screen.getByRole('link', { name: /p5 sent you a friend request/ })).toHaveAttribute('href', '/friend-requests');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ upTo: 'n3' }));
  });
});
