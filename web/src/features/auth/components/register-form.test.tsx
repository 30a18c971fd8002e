import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { RegisterForm, registrationProblem } from './register-form.tsx';

function setup() {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  const utils = renderWithProviders(<RegisterForm />, { route: '/register', path: '/register' });
  const fill = async (v: { username?: string; email?: string; password?: string; confirm?: string }) => {
    if (v.username) await user.type(screen.getByLabelText('Username'), v.username);
    if (v.email) await user.type(screen.getByLabelText('Email'), v.email);
    if (v.password) await user.type(screen.getByLabelText('Password'), v.password);
    if (v.confirm) await user.type(screen.getByLabelText('Confirm Password'), v.confirm);
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { ...utils, user, fetchMock, fill, submit };
}

const good = { username: 'alice', email: 'alice@example.com', password: 'secret!1', confirm: 'secret!1' };

describe('RegisterForm', () => {
  it.each([
    [{ ...good, username: '' }, 'Please fill out all fields.'],
    [{ ...good, email: '' }, 'Please fill out all fields.'],
    [{ ...good, password: '' }, 'Please fill out all fields.'],
    [{ ...good, confirm: '' }, 'Please fill out all fields.'],
    [{ ...good, password: 'ab!1', confirm: 'ab!1' }, 'Password must be at least 6 characters long'],
    [{ ...good, password: 'secret12', confirm: 'secret12' }, 'Password must contain at least one special character'],
    [{ ...good, confirm: 'secret!2' }, 'Passwords do not match.'],
  ])('shows the spec message and sends nothing for %o', async (values, message) => {
    const { fill, submit, fetchMock } = setup();
    await fill(values);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the message once the fields are edited, and shows the next one on the next try', async () => {
    const { fill, submit, user, fetchMock } = setup();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    await user.type(screen.getByLabelText('Username'), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await fill({ email: good.email, password: 'secret!1', confirm: 'secret!2' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    await user.type(screen.getByLabelText('Confirm Password'), '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('also checks the server rules for usernames and e-mail before sending', () => {
    expect(registrationProblem({ username: 'a b', email: 'a@b.co', password: 'secret!1', confirmPassword: 'secret!1' })).toMatch(/^Username must be/);
    expect(registrationProblem({ username: 'alice', email: 'nope', password: 'secret!1', confirmPassword: 'secret!1' })).toBe('Email must be a valid e-mail address');
    expect(registrationProblem({ username: 'alice', email: 'a@b.co', password: 'secret!1', confirmPassword: 'secret!1' })).toBeNull();
  });

  it('checks the password live while typing', async () => {
    const { user } = setup();
    const rules = () => screen.getByRole('list', { name: 'Password requirements' });
    const length = () => screen.getByText('At least 6 characters').closest('li')!;
    const special = () => screen.getByText(/^One special character/).closest('li')!;
    expect(length()).toHaveAttribute('data-met', 'false');
    expect(special()).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Password'), 'abc!');
    expect(length()).toHaveAttribute('data-met', 'false');
    expect(special()).toHaveAttribute('data-met', 'true');
    await user.type(screen.getByLabelText('Password'), 'de');
    expect(length()).toHaveAttribute('data-met', 'true');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    expect(screen.getByText('Passwords match').closest('li')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Confirm Password'), '!de');
    expect(screen.getByText('Passwords match').closest('li')).toHaveAttribute('data-met', 'true');
    expect(rules()).toBeInTheDocument();
  });

  it('shows the server error text', async () => {
    const { fill, submit, fetchMock } = setup();
    fetchMock.mockResolvedValue(jsonResponse(409, { error: 'Username already taken' }));
    await fill(good);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Username already taken');
  });

  it('falls back to the spec text when the server gives none', async () => {
    const { fill, submit, fetchMock } = setup();
    fetchMock.mockRejectedValue(new TypeError('network down'));
    await fill(good);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('is busy while the request is in flight, then keeps the session and goes to the map', async () => {
    const { fill, submit, fetchMock, router } = setup();
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    await fill(good);
    await submit();
    expect(screen.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/register');
    expect(JSON.parse(init.body)).toEqual({ username: 'alice', email: 'alice@example.com', password: 'secret!1', confirmPassword: 'secret!1' });
    expect(init.headers.authorization).toBeUndefined();
    answer(jsonResponse(201, { token: 't0k', user: { _id: 'u1', username: 'alice' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(localStorage.getItem('token')).toBe('t0k');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ _id: 'u1', username: 'alice' });
  });

  it('links to Log In', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });
});
