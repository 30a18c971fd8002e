import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeXHR } from '../../../../test/fake-xhr.ts';
import { makePin } from '../../../../test/pins.ts';
import { jsonResponse, renderWithProviders, testQueryClient } from '../../../../test/providers.tsx';
import { updateMemoryPath } from '../../../config/paths.ts';
import { visibleMemoriesKey } from '../../../lib/visible-memories.ts';
import { UpdateMemory } from './update-memory.tsx';

const pinState = {
  id: 'pin-1',
  title: 'Old title',
  description: 'Old description',
  imageUrl: '/media/pins/old.jpg?sig=1',
  tags: ['f1', 'f2'],
  visibility: '2',
  taggedFriends: [{ _id: 'f1', username: 'carol', profilePicture: '/media/default-avatar.svg' }],
  locationName: 'Brighton, United Kingdom',
  latitude: 50.82,
  longitude: -0.14,
};

function setup(state: unknown = pinState) {
  localStorage.setItem('token', 'tok');
  const fetchMock = vi.fn(async (input: string) =>
    input === '/api/query_friends'
      ? jsonResponse(200, [
          { _id: 'f1', username: 'carol', profilePicture: '' },
          { _id: 'f2', username: 'dave', profilePicture: '' },
          { _id: 'f3', username: 'erin', profilePicture: '' },
        ])
      : jsonResponse(404, {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:new'), revokeObjectURL: vi.fn() }));
  const XHR = installFakeXHR();
  const utils = renderWithProviders(<UpdateMemory />, { initialEntries: [{ pathname: '/update-location', state }], path: '/update-location' });
  return { ...utils, XHR, user: userEvent.setup() };
}

async function clearAndType(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const el = screen.getByLabelText(label);
  await user.clear(el);
  if (text) await user.type(el, text);
}

describe('UpdateMemory', () => {
  it('without navigation state goes back to the map', async () => {
    const { router } = setup(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });

  it("is titled 'Update Memory' with every field filled from navigation state", async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Update Memory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Old title');
    expect(screen.getByLabelText('Description')).toHaveValue('Old description');
    expect(screen.getByLabelText('Visibility')).toHaveValue('2');
    expect(screen.getByRole('img', { name: 'Selected image preview' })).toHaveAttribute('src', '/media/pins/old.jpg?sig=1');
    expect(screen.getByText('Brighton, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Tagged friends: 2')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Tagged friends' });
    expect(chips).toHaveTextContent('carol');
    // A tag that came without a name gets it from the friend list.
    await waitFor(() => expect(chips).toHaveTextContent('dave'));
  });

  it.each([
    ['', 'Still here'],
    ['Still here', ''],
  ])("requires title and description (%j, %j) and sends nothing", async (title, description) => {
    const { user, XHR } = setup();
    await clearAndType(user, 'Title', title);
    await clearAndType(user, 'Description', description);
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    expect(XHR.sent).toHaveLength(0);
  });

  it('refuses a title of invisible characters only with the server\'s own message, and sends nothing', async () => {
    const { user, XHR } = setup();
    await clearAndType(user, 'Title', '\u200b\ufeff');
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
    expect(XHR.sent).toHaveLength(0);
  });

  it('sends pinId, fields and tags; keeps the photo when untouched; "Saving..." while busy; then the map', async () => {
    const { user, XHR, router } = setup();
    await clearAndType(user, 'Title', 'New title');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Public (Everyone)');
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    const xhr = XHR.sent[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/update_pin');
    expect(xhr.fields()).toEqual({ pinId: 'pin-1', title: 'New title', description: 'Old description', visibility: '3', tags: '["f1","f2"]' });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => xhr.respond(200, { id: 'pin-1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(router.state.location.state).toEqual({ focus: { lat: 50.82, lng: -0.14 } });
    // Back from the map must not reopen the form of a memory already saved.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows when it happened and sends it only when changed', async () => {
    const { user, XHR } = setup({ ...pinState, happenedAt: '2019-03-01' });
    expect(screen.getByLabelText('Date')).toHaveValue('2019-03-01');
    expect(screen.getByLabelText('Time (optional)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(XHR.sent[0]!.fields().happenedAt).toBeUndefined();
    act(() => XHR.sent[0]!.respond(500));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2018-12-24' } });
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(XHR.sent[1]!.fields().happenedAt).toBe('2018-12-24');
  });

  it('reads a moment in local time', async () => {
    const at = new Date(2020, 4, 6, 7, 8).toISOString();
    setup({ ...pinState, happenedAt: at });
    expect(screen.getByLabelText('Date')).toHaveValue('2020-05-06');
    expect(screen.getByLabelText('Time (optional)')).toHaveValue('07:08');
  });

  it("clears 'Please fill out all fields.' and a failed save's message once the fields are edited", async () => {
    const { user, XHR } = setup();
    await clearAndType(user, 'Description', '');
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    expect(XHR.sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Description'), 'Back again');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    act(() => XHR.sent[0]!.respond(500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update pin');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Public (Everyone)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends removeImage when the photo was removed, and no tags when all were removed', async () => {
    const { user, XHR } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    await user.click(screen.getByRole('button', { name: 'Remove carol' }));
    await user.click(await screen.findByRole('button', { name: 'Remove dave' }));
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    const fields = XHR.sent[0]!.fields();
    expect(fields.removeImage).toBe('true');
    expect(fields.keepImages).toBe('[]');
    expect(fields.tags).toBeUndefined();
    expect(fields.image).toBeUndefined();
  });

  it('sends a new photo in place of the old one when the old one was removed', async () => {
    const { user, XHR } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array(10)], 'new.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Selected image preview' })).toHaveAttribute('src', 'blob:new');
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    const fields = XHR.sent[0]!.fields();
    expect(fields.image).toBe('file:new.png');
    expect(fields.keepImages).toBe('["new:0"]');
    expect(fields.removeImage).toBeUndefined();
  });

  it('sends no photo fields when the photos are as they were', async () => {
    const { user, XHR } = setup();
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    const fields = XHR.sent[0]!.fields();
    expect(fields.keepImages).toBeUndefined();
    expect(fields.image).toBeUndefined();
    expect(fields.removeImage).toBeUndefined();
  });

  it('shows the photos in order; reorders, removes and adds, and sends keepImages with new files in their places', async () => {
    const images = ['a', 'b', 'c'].map((id) => ({ id, url: `/media/pins/${id}.jpg?sig=1`, thumbnailUrl: `/media/pins/${id}-thumb.jpg?sig=1`, width: 800, height: 600 }));
    const { user, XHR } = setup({ ...pinState, images });
    const list = screen.getByRole('list', { name: 'Photos' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(images.map((i) => i.thumbnailUrl));
    await user.click(screen.getByRole('button', { name: 'Move photo 3 of 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Remove image 1 of 3' }));
    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array(10)], 'new.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 3 of 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    const fields = XHR.sent[0]!.fields();
    expect(fields.keepImages).toBe('["c","new:0","b"]');
    expect(XHR.sent[0]!.all('image')).toEqual(['file:new.png']);
    expect(fields.removeImage).toBeUndefined();
  });

  it('tags more friends through the same modal', async () => {
    const { user, XHR } = setup();
    await user.click(screen.getByRole('button', { name: 'Tag Friends' }));
    expect(screen.getByRole('dialog', { name: 'Tag Friends' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /erin/ }));
    expect(screen.getByText('3 friend(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(XHR.sent[0]!.fields().tags).toBe('["f1","f2","f3"]');
  });

  it.each([
    [403, { error: 'Only the author can change this memory' }, 'Only the author can change this memory'],
    [500, undefined, 'Failed to update pin'],
  ])('shows the server error or the fallback (%s)', async (status, body, message) => {
    const { user, XHR } = setup();
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    act(() => XHR.sent[0]!.respond(status, body));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Update Memory' })).toBeEnabled();
  });
});

describe('UpdateMemory finds the memory by its id', () => {
  const own = makePin({ id: 'pin-1', title: 'Server title', description: 'Server description', visibility: '1', isOwnPin: true, pinType: 'own', userId: 'me', author: 'me', locationName: 'Hove, United Kingdom', latitude: 50.83, longitude: -0.17 });

  function open(entry: { pathname: string; search?: string; state?: unknown }, answer: (url: string) => Response, queryClient = testQueryClient()) {
    localStorage.setItem('token', 'tok');
    const fetchMock = vi.fn(async (input: string) => answer(input));
    vi.stubGlobal('fetch', fetchMock);
    const XHR = installFakeXHR();
    const utils = renderWithProviders(<UpdateMemory />, { initialEntries: [entry], path: '/update-location', queryClient });
    const asked = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/pins/'));
    return { ...utils, XHR, asked, user: userEvent.setup() };
  }
  const byId = (pin: unknown, status = 200) => (url: string) => (url === '/api/pins/pin-1' ? jsonResponse(status, pin) : jsonResponse(404, {}));
  const coldEntry = () => {
    const url = new URL(updateMemoryPath('pin-1'), 'http://x');
    return { pathname: url.pathname, search: url.search };
  };

  it('opens on a cold load of its URL with no state: asks the server for the memory and fills the form', async () => {
    const { asked, user, XHR } = open(coldEntry(), byId(own));
    expect(await screen.findByLabelText('Title')).toHaveValue('Server title');
    expect(screen.getByLabelText('Description')).toHaveValue('Server description');
    expect(screen.getByText('Hove, United Kingdom')).toBeInTheDocument();
    expect(asked()).toEqual(['/api/pins/pin-1']);
    await user.click(screen.getByRole('button', { name: 'Update Memory' }));
    expect(XHR.sent[0]!.fields()).toMatchObject({ pinId: 'pin-1', title: 'Server title' });
  });

  it('takes the memory from the cached lists before the handed-over state, and asks nothing', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData([...visibleMemoriesKey, 'map', 'some-area'], { items: [{ kind: 'pin', pin: { ...own, title: 'Cached title' } }], truncated: false });
    const { asked } = open({ pathname: '/update-location', state: pinState }, byId(own), queryClient);
    expect(screen.getByLabelText('Title')).toHaveValue('Cached title');
    expect(screen.getByLabelText('Description')).toHaveValue('Server description');
    expect(asked()).toEqual([]);
  });

  it('with state but no cached copy, opens on the state at once and asks nothing', () => {
    const { asked } = open({ pathname: '/update-location', state: pinState }, byId(own));
    expect(screen.getByLabelText('Title')).toHaveValue('Old title');
    expect(asked()).toEqual([]);
  });

  it.each([
    ['is gone', byId({ error: 'Pin not found' }, 404)],
    ["is someone else's", byId({ ...own, isOwnPin: false, pinType: 'friend' })],
  ])('goes back to the map when the memory %s', async (_case, answer) => {
    const { router } = open(coldEntry(), answer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
  });
});
