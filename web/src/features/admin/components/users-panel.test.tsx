import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn, type Reply } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { UsersPanel } from './users-panel.tsx';

const person = (id: string, username: string) => ({
  _id: id,
  username,
  email: `${username}@example.test`,
  createdAt: '2024-01-01T00:00:00.000Z',
  lastSeenAt: null,
  memories: 0,
  storageBytes: 0,
  disabled: false,
  isAdmin: false,
});

describe('The Admin screen’s people', () => {
  it('keep their rows, and a reset link shown in one, while a search is on its way', async () => {
    signedIn({ _id: 'admin', isAdmin: true });
    let answerSearch: (reply: Reply) => void = () => {};
    const api = mockApi({
      'GET /api/admin/users': (call) =>
        call.url.includes('q=') ? new Promise<Reply>((resolve) => (answerSearch = resolve)) : { body: [person('u1', 'ana'), person('u2', 'bo')] },
      'POST /api/admin/users/u1/reset_link': { body: { url: 'http://localhost/reset-password?token=abc', expiresAt: '2030-01-01T00:00:00.000Z' } },
    });
    renderWithProviders(<UsersPanel myId="admin" />);
    const row = (await screen.findByText('ana')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Reset link' }));
    const link = await within(row).findByRole('textbox', { name: 'Reset link for ana' });
    expect(link).toHaveValue('http://localhost/reset-password?token=abc');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ana' } });
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('q=ana'))).toBe(true));
    // The search is in flight: nothing on screen goes away meanwhile.
    expect(screen.queryByText('Loading people…')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Reset link for ana' })).toHaveValue('http://localhost/reset-password?token=abc');

    answerSearch({ body: [person('u1', 'ana')] });
    await waitFor(() => expect(screen.queryByText('bo')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Reset link for ana' })).toHaveValue('http://localhost/reset-password?token=abc');
  });
});
