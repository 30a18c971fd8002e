import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, NEVER, signedIn } from '../../../../test/api-mock.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { UserProfileForm } from './user-profile-form.tsx';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));

describe('Edit User Profile screen', () => {
  it('has three required inputs, the User ID filled from the stored user', () => {
    signedIn({ _id: 'user-123' });
    mockApi({});
    renderWithProviders(<UserProfileForm />);
    expect(screen.getByRole('heading', { name: 'Edit User Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toHaveValue('user-123');
    for (const label of ['User ID', 'First Name', 'Last Name']) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it("sends PUT /update_user as JSON with no token header ('Updating...'), then says 'Profile updated successfully!'", async () => {
    signedIn({ _id: 'user-123' });
    let release: () => void = () => {};
    const api = mockApi({ 'PUT /update_user': () => new Promise((r) => (release = () => r({ body: {} }))) });
    renderWithProviders(<UserProfileForm />);
    fill('First Name', ' Ada ');
    fill('Last Name', 'Lovelace');
    submit();
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    const [call] = api.callsTo('PUT', '/update_user');
    expect(call!.body).toEqual({ userId: 'user-123', firstName: 'Ada', lastName: 'Lovelace' });
    expect(call!.headers.authorization).toBeUndefined();
    expect(call!.headers['content-type']).toBe('application/json');
    await act(async () => release());
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully!');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it('fills the names from GET /api/get_user when the screen opens (the stored record may be old)', async () => {
    const stored = signedIn({ _id: 'user-123', firstName: null, lastName: null });
    let release: () => void = () => {};
    mockApi({
      'GET /api/get_user': () =>
        new Promise((r) => (release = () => r({ body: { ...stored, firstName: 'Grace', lastName: 'Hopper' } }))),
    });
    renderWithProviders(<UserProfileForm />);
    expect(screen.getByLabelText('First Name')).toHaveValue('');
    await act(async () => release());
    expect(await screen.findByDisplayValue('Grace')).toBe(screen.getByLabelText('First Name'));
    expect(screen.getByLabelText('Last Name')).toHaveValue('Hopper');
  });

  it('keeps what was typed when the server answers later', async () => {
    const stored = signedIn({ _id: 'user-123' });
    let release: () => void = () => {};
    mockApi({
      'GET /api/get_user': () =>
        new Promise((r) => (release = () => r({ body: { ...stored, firstName: 'Grace', lastName: 'Hopper' } }))),
    });
    renderWithProviders(<UserProfileForm />);
    fill('First Name', 'Ada');
    await act(async () => release());
    expect(await screen.findByDisplayValue('Hopper')).toBe(screen.getByLabelText('Last Name'));
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
  });

  it('a saved change is stored, so the screen opened again shows it before the server answers', async () => {
    signedIn({ _id: 'user-123', firstName: null, lastName: null });
    mockApi({ 'PUT /update_user': { body: {} }, 'GET /api/get_user': NEVER });
    const first = renderWithProviders(<UserProfileForm />);
    fill('First Name', 'Ada');
    fill('Last Name', 'Lovelace');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile updated successfully!');
    expect(getStoredUser()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    first.unmount();
    renderWithProviders(<UserProfileForm />);
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
  });

  it.each([[403], [401], [500]])("says 'Update failed!' when the server answers %i", async (status) => {
    signedIn({ _id: 'user-123' });
    mockApi({ 'PUT /update_user': { status, body: { error: 'nope' } } });
    renderWithProviders(<UserProfileForm />);
    fill('First Name', 'Ada');
    fill('Last Name', 'Lovelace');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Update failed!$/);
  });

  it('sends nothing while an input is blank', () => {
    signedIn({ _id: 'user-123' });
    const api = mockApi({});
    renderWithProviders(<UserProfileForm />);
    fill('First Name', '   ');
    fill('Last Name', 'Lovelace');
    fireEvent.submit(screen.getByRole('button', { name: 'Update Profile' }).closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    expect(api.callsTo('PUT', '/update_user')).toHaveLength(0);
  });
});
