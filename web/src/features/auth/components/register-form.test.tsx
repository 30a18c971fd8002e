import { screen, waitFor, within } from '@testing-library/react';
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

  it("checks the password live while typing, in the spec's own sentences", async () => {
    const { user } = setup();
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const rule = (text: string) => within(rules).getByText(text).closest('li')!;
    const length = () => rule('Password must be at least 6 characters long');
    const special = () => rule('Password must contain at least one special character');
    // Listed before anything is typed, but not yet failed.
    expect(within(rules).getAllByRole('listitem')).toHaveLength(2);
    expect(length()).toHaveClass('pending');
    expect(special()).toHaveClass('pending');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long Password must contain at least one special character',
    );

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(length()).toHaveClass('unmet');
    expect(length()).toHaveTextContent('(not met)');
    expect(special()).toHaveClass('unmet');
    await user.type(screen.getByLabelText('Password'), '!');
    expect(special()).toHaveClass('met');
    expect(special()).toHaveAttribute('data-met', 'true');
    expect(length()).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Password'), 'de');
    expect(length()).toHaveClass('met');
    expect(length()).toHaveTextContent('(met)');

    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    expect(screen.getByText('Passwords do not match.').closest('p')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Confirm Password'), '!de');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    expect(screen.getByText('Passwords match').closest('p')).toHaveAttribute('data-met', 'true');
    // Live messages are not the form's error: nothing was submitted.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so live when a password is longer than the server accepts', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Password'));
    await user.paste(`${'a'.repeat(128)}!`);
    expect(screen.getByText('Password must be at most 128 characters long').closest('li')).toHaveClass('unmet');
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
