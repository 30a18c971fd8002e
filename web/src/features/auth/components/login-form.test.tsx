import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { LoginForm } from './login-form.tsx';

function setup() {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  const utils = renderWithProviders(<LoginForm />, { route: '/login', path: '/login' });
  const submit = () => user.click(screen.getByRole('button', { name: 'Log In' }));
  return { ...utils, user, fetchMock, submit };
}

describe('LoginForm', () => {
  it('shows the logo and a link to Register', () => {
    setup();
    expect(screen.getByRole('img', { name: 'Memory Map logo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['', ''],
    ['alice', ''],
    ['', 'secret!1'],
    ['   ', 'secret!1'],
  ])('asks for both fields (username %j, password %j) and sends nothing', async (username, password) => {
    const { user, submit, fetchMock } = setup();
    if (username) await user.type(screen.getByLabelText('Username'), username);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an username and password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server error text', async () => {
    const { user, submit, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Invalid username or password' }));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong!!');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('falls back to the spec text', async () => {
    const { user, submit, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(500, {}));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('is busy while signing in, then stores the session and goes to the map', async () => {
    const { user, submit, fetchMock, router } = setup();
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    await user.type(screen.getByLabelText('Username'), ' alice ');
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await submit();
    expect(screen.getByRole('button', { name: 'Logging In...' })).toBeDisabled();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ username: 'alice', password: 'secret!1' });
    answer(jsonResponse(200, { token: 'tok', user: { _id: 'u1', username: 'alice' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('says so when it is reached after the account was deleted', () => {
    renderWithProviders(<LoginForm />, {
      initialEntries: [{ pathname: '/login', state: { notice: 'Your account and everything in it have been deleted.' } }],
      path: '/login',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your account and everything in it have been deleted.');
  });
});
