import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { newOutboxItem } from '../../../lib/outbox/index.ts';
import { addToOutbox, readOutbox } from '../../../lib/outbox/outbox-store.ts';
import { ACCOUNT_DELETED, DeleteAccount } from './delete-account.tsx';

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.getByRole('alertdialog', { name: 'Delete your account?' });
}

describe('Delete account', () => {
  it('says what goes and asks for the password before sending anything', async () => {
    signedIn();
    const api = mockApi({});
    renderWithProviders(<DeleteAccount />, { route: '/profile', path: '/profile' });
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('all your memories and their photos');
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your password to delete your account');
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's answer to a wrong password and keeps the session", async () => {
    signedIn();
    mockApi({ 'DELETE /api/account': { status: 403, body: { error: 'That password is not correct. Your account has not been deleted.' } } });
    renderWithProviders(<DeleteAccount />, { route: '/profile', path: '/profile' });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'nope!1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not correct. Your account has not been deleted.');
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('deletes with the password, forgets the session on this device and goes to the login screen', async () => {
    signedIn();
    const api = mockApi({ 'DELETE /api/account': { status: 204 } });
    const { router, queryClient } = renderWithProviders(<DeleteAccount />, { route: '/profile', path: '/profile' });
    queryClient.setQueryData(['something', 'cached'], { secret: true });
    const preview = { title: 'Beach', description: 'Sand', latitude: 1, longitude: 2, visibility: '1' as const };
    await addToOutbox(newOutboxItem({ kind: 'create', userId: 'me', fields: { title: 'Beach' }, preview }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'secret!1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/account')[0]?.body).toEqual({ password: 'secret!1' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ notice: ACCOUNT_DELETED });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(queryClient.getQueryData(['something', 'cached'])).toBeUndefined();
    // What waited to upload belonged to an account that is gone.
    expect(await readOutbox('me')).toEqual([]);
  });
});
