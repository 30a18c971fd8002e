import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeXHR } from '../../../../test/fake-xhr.ts';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { signedIn } from '../../../../test/api-mock.ts';
import { draftKey, loadDraft } from '../../../lib/drafts.ts';
import { QUEUED_NOTICES } from '../../../lib/outbox/index.ts';
import { PLACE_NAME_WAIT_MS } from '../api/reverse-geocode.ts';
import { CreateMemory } from './create-memory.tsx';

// Real JPEGs with the EXIF a phone writes (read by the real exifr): at the Eiffel Tower, 12 May 2019 14:30.
let gpsJpeg: Uint8Array<ArrayBuffer>;
let datedJpeg: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  const blank = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#48a' } }).jpeg();
  const tower = { GPSLatitudeRef: 'N', GPSLatitude: '488583/10000 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '22944/10000 0/1 0/1' };
  gpsJpeg = new Uint8Array(await blank().withExif({ IFD2: { DateTimeOriginal: '2019:05:12 14:30:00' }, IFD3: tower }).toBuffer());
  datedJpeg = new Uint8Array(await blank().withExif({ IFD2: { DateTimeOriginal: '2019:05:12 14:30:00' } }).toBuffer());
});

const fromMap = { lat: 51.50741, lng: -0.12784, fromMap: true, visibility: '1' };
const friends = [{ _id: 'f1', username: 'carol', profilePicture: '/media/default-avatar.svg' }];

function routeFetch(reverse: (url: URL) => Response | Promise<Response> = () => jsonResponse(200, { display_name: 'x', address: { road: 'Whitehall', city: 'London', country: 'United Kingdom' } })) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://x');
    if (url.pathname === '/api/places/reverse') return reverse(url);
    if (url.pathname === '/api/query_friends') return jsonResponse(200, friends);
    return jsonResponse(404, { error: 'nope' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function setup(state: unknown = fromMap) {
  localStorage.setItem('token', 'tok');
  const XHR = installFakeXHR();
  const utils = renderWithProviders(<CreateMemory />, { initialEntries: [{ pathname: '/new-location', state }], path: '/new-location' });
  return { ...utils, XHR, user: userEvent.setup() };
}

const photo = (name = 'beach.jpg', type = 'image/jpeg', size = 1000) =>
  new File([name === 'gps.jpg' ? gpsJpeg : name === 'dated.jpg' ? datedJpeg : new Uint8Array(size)], name, { type });

describe('CreateMemory', () => {
  it('without coordinates asks to pick a spot and offers Go to Map', async () => {
    routeFetch();
    const { user, router } = setup(null);
    expect(screen.getByText('Please go back and right-click a spot on the map to choose a location first.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Map' }));
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('shows the reverse-geocoded place name from road, city and country', async () => {
    const fetchMock = routeFetch();
    setup();
    expect(await screen.findByText('Whitehall, London, United Kingdom')).toBeInTheDocument();
    // The place lookup (the form also asks for the viewer's circles).
    const url = fetchMock.mock.calls.map((c) => new URL(c[0], 'http://x')).find((u) => u.searchParams.has('lat'))!;
    expect(url.searchParams.get('lat')).toBe('51.50741');
    expect(url.searchParams.get('lon')).toBe('-0.12784');
  });

  it.each([
    ['the geocoder fails', () => jsonResponse(500, { error: 'down' })],
    ['the address is empty (open sea)', () => jsonResponse(200, { display_name: '', address: {} })],
  ])("reads 'Unknown location' when %s", async (_label, answer) => {
    routeFetch(answer);
    setup();
    expect(await screen.findByText('Unknown location')).toBeInTheDocument();
  });

  it('uses town or village when there is no city', async () => {
    routeFetch(() => jsonResponse(200, { display_name: 'x', address: { village: 'Grasmere', country: 'United Kingdom' } }));
    setup();
    expect(await screen.findByText('Grasmere, United Kingdom')).toBeInTheDocument();
  });

  it.each([
    ['', ''],
    ['Title only', ''],
    ['', 'Description only'],
    ['   ', '   '],
  ])("requires title and description (%j, %j) and sends nothing", async (title, description) => {
    routeFetch();
    const { user, XHR } = setup();
    if (title) await user.type(screen.getByLabelText('Title'), title);
    if (description) await user.type(screen.getByLabelText('Description'), description);
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    expect(XHR.sent).toHaveLength(0);
  });

  it('refuses a title of invisible characters only with the server\'s own message, and sends nothing', async () => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), '\u200b\u00ad\u200b');
    await user.type(screen.getByLabelText('Description'), 'A real story');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
    expect(XHR.sent).toHaveLength(0);
  });

  it('offers the visibility labels, private by default', () => {
    routeFetch();
    setup();
    const select = screen.getByLabelText('Visibility') as HTMLSelectElement;
    expect(select.value).toBe('1');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Private (Only You)', 'Friends Only', 'Public (Everyone)']);
  });

  it('takes images only, with a preview and a remove button', async () => {
    routeFetch();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user } = setup();
    const input = screen.getByLabelText('Image') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*');
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, photo('notes.txt', 'text/plain'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
    await user.upload(input, photo());
    expect(screen.getByRole('img', { name: 'Selected image preview' })).toHaveAttribute('src', 'blob:preview');
    await user.upload(input, photo('huge.jpg', 'image/jpeg', 15 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('The image must be 15 MB or smaller.');
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Selected image preview' })).not.toBeInTheDocument();
  });

  it('takes several photos at once, orders them with buttons, removes one, and sends them in that order', async () => {
    routeFetch();
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:${++n}`), revokeObjectURL: vi.fn() }));
    const { user, XHR } = setup({ ...fromMap, visibility: '1' });
    await screen.findByText('Whitehall, London, United Kingdom');
    await user.type(screen.getByLabelText('Title'), 'Three');
    await user.type(screen.getByLabelText('Description'), 'Photos');
    await user.upload(screen.getByLabelText('Image'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    const list = screen.getByRole('list', { name: 'Photos' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual([
      'Selected image preview 1 of 3',
      'Selected image preview 2 of 3',
      'Selected image preview 3 of 3',
    ]);
    expect(screen.getByText(/3 of 10 photos/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 of 3 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 of 3 later' })).toBeDisabled();
    // c to the front, then a away: c, b.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 of 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 of 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Remove image 2 of 3' }));
    expect(within(list).getAllByRole('img')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(XHR.sent[0]!.all('image')).toEqual(['file:c.jpg', 'file:b.jpg']);
    expect(screen.getByRole('progressbar', { name: 'Uploading photos' })).toBeInTheDocument();
  });

  it('refuses more than 10 photos before sending, with how many more fit', async () => {
    routeFetch();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const { user, XHR } = setup();
    const input = screen.getByLabelText('Image');
    await user.upload(input, Array.from({ length: 8 }, (_, i) => photo(`p${i}.jpg`)));
    await user.upload(input, Array.from({ length: 3 }, (_, i) => photo(`q${i}.jpg`)));
    expect(screen.getByRole('alert')).toHaveTextContent('A memory can have at most 10 photos. You can add 2 more.');
    expect(screen.getByText(/8 of 10 photos/)).toBeInTheDocument();
    await user.upload(input, [photo('q0.jpg'), photo('q1.jpg')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10 photos (the most a memory can have)' })).toBeDisabled();
    expect(XHR.sent).toHaveLength(0);
  });

  it('sends the memory with photo and tags, shows upload progress and "Saving...", then goes to the map', async () => {
    routeFetch();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user, XHR, router } = setup({ ...fromMap, visibility: '1' });
    await screen.findByText('Whitehall, London, United Kingdom');
    await user.type(screen.getByLabelText('Title'), '  Big Ben  ');
    await user.type(screen.getByLabelText('Description'), 'Bongs at noon');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Friends Only');
    await user.upload(screen.getByLabelText('Image'), photo());
    await user.click(screen.getByRole('button', { name: 'Tag Friends' }));
    await user.click(await screen.findByRole('button', { name: /carol/ }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('Tagged friends: 1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tagged friends' })).toHaveTextContent('carol');

    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    const xhr = XHR.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/create');
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(xhr.fields()).toEqual({
      title: 'Big Ben',
      description: 'Bongs at noon',
      latitude: '51.50741',
      longitude: '-0.12784',
      visibility: '2',
      locationName: 'Whitehall, London, United Kingdom',
      tags: '["f1"]',
      image: 'file:beach.jpg',
    });
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => xhr.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading photo' })).toHaveAttribute('aria-valuenow', '40');
    act(() => xhr.respond(201, { id: 'new' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(router.state.location.state).toEqual({ focus: { lat: 51.50741, lng: -0.12784 } });
    // The form replaced itself: Back from the map does not reopen the memory just saved.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("clears 'Please fill out all fields.' as soon as a field is edited", async () => {
    routeFetch();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    await user.type(screen.getByLabelText('Title'), 'T');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    await user.type(screen.getByLabelText('Description'), 'D');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("saved while 'Finding the place…': waits for the name instead of storing an empty one", async () => {
    let answer!: (r: Response) => void;
    routeFetch(() => new Promise<Response>((r) => (answer = r)));
    const { user, XHR } = setup();
    expect(screen.getByText('Finding the place…')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(XHR.sent).toHaveLength(0);
    await act(async () => answer(jsonResponse(200, { display_name: 'x', address: { city: 'London', country: 'United Kingdom' } })));
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    expect(XHR.sent[0]!.fields().locationName).toBe('London, United Kingdom');
  });

  it('gives up on a place lookup that never answers and leaves the place for the server to name', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routeFetch(() => new Promise<Response>(() => {}));
    const { XHR } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(XHR.sent).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(PLACE_NAME_WAIT_MS));
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    // The server names a memory that arrives without a place (docs/design.md §5).
    expect(XHR.sent[0]!.fields().locationName).toBeUndefined();
  });

  it('leaves out tags and image when there are none; a removed chip is not sent', async () => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Tag Friends' }));
    await user.click(await screen.findByRole('button', { name: /carol/ }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Remove carol' }));
    expect(screen.getByText('Tagged friends: 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    const fields = XHR.sent[0]!.fields();
    expect(fields.tags).toBeUndefined();
    expect(fields.image).toBeUndefined();
  });

  it('dates the memory to a day of its own: a date alone when the time is cleared', async () => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-07-14' } });
    fireEvent.change(screen.getByLabelText('Time (optional)'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(XHR.sent[0]!.fields().happenedAt).toBe('2024-07-14');
  });

  it('sends a date and time as the moment in the author\'s time zone', async () => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-07-14' } });
    fireEvent.change(screen.getByLabelText('Time (optional)'), { target: { value: '18:30' } });
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(XHR.sent[0]!.fields().happenedAt).toBe(new Date(2024, 6, 14, 18, 30).toISOString());
  });

  it.each([
    ['2999-01-01', 'The date cannot be more than a day in the future'],
    ['1899-12-31', 'The date must be in 1900 or later'],
    ['', 'Enter the date it happened'],
  ])('refuses the date %j with a message and sends nothing', async (date, message) => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(XHR.sent).toHaveLength(0);
  });

  it.each([
    ['the server error text', (x: { respond: (s: number, b?: unknown) => void }) => x.respond(400, { error: 'You can only tag your friends' }), 'You can only tag your friends'],
    ["'Failed to create pin' without one", (x: { respond: (s: number, b?: unknown) => void }) => x.respond(500), 'Failed to create pin'],
  ] as const)('shows %s', async (_label, answer, message) => {
    routeFetch();
    const { user, XHR } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Description'), 'D');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    act(() => answer(XHR.sent[0]! as never));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Save Memory' })).toBeEnabled();
  });

  it('keeps a memory whose send got no answer in the outbox and goes to the map saying so', async () => {
    routeFetch();
    const { user, XHR, router } = setup();
    await user.type(screen.getByLabelText('Title'), 'Cut off');
    await user.type(screen.getByLabelText('Description'), 'In a tunnel');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    act(() => XHR.sent[0]!.fail());
    await waitFor(() => expect(router.state.location.pathname).toBe('/landing'));
    expect(router.state.location.state).toMatchObject({ notice: QUEUED_NOTICES.saved });
    expect(XHR.sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("offers the photo's GPS position and re-geocodes when taken up", async () => {
    const fetchMock = routeFetch((url) =>
      url.searchParams.get('lat')!.startsWith('48.85')
        ? jsonResponse(200, { display_name: 'x', address: { city: 'Paris', country: 'France' } })
        : jsonResponse(200, { display_name: 'x', address: { city: 'London', country: 'United Kingdom' } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user, XHR } = setup();
    await screen.findByText('London, United Kingdom');
    await user.upload(screen.getByLabelText('Image'), photo('plain.jpg'));
    expect(screen.queryByRole('button', { name: "Use the photo's location" })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Image'), photo('gps.jpg'));
    await user.click(await screen.findByRole('button', { name: "Use the photo's location" }));
    expect(await screen.findByText('Paris, France')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('lat=48.8583'))).toBe(true);
    await user.type(screen.getByLabelText('Title'), 'Tower');
    await user.type(screen.getByLabelText('Description'), 'Up high');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    expect(XHR.sent[0]!.fields()).toMatchObject({ latitude: '48.8583', longitude: '2.2944', locationName: 'Paris, France' });
  });

  it("names the photo's place through our geocoder, not by its coordinates alone", async () => {
    routeFetch((url) =>
      url.searchParams.get('lat')!.startsWith('48.85')
        ? jsonResponse(200, { display_name: 'x', address: { city: 'Paris', country: 'France' } })
        : jsonResponse(200, { display_name: 'x', address: { city: 'London', country: 'United Kingdom' } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user } = setup();
    await screen.findByText('London, United Kingdom');
    await user.upload(screen.getByLabelText('Image'), photo('gps.jpg'));
    expect(await screen.findByText(/This photo was taken in Paris, France\./)).toBeInTheDocument();
    // Offered, not taken: the memory stays where the map put it until the person says so.
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
  });

  it("proposes the photo's capture date, kept only when taken up", async () => {
    routeFetch();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const { user, XHR } = setup();
    const today = (screen.getByLabelText('Date') as HTMLInputElement).value;
    await user.upload(screen.getByLabelText('Image'), photo('dated.jpg'));
    const taken = new Date(2019, 4, 12).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
    expect(await screen.findByText(`This photo was taken on ${taken} at 14:30.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(today);
    await user.click(screen.getByRole('button', { name: "Use the photo's date" }));
    expect(screen.getByLabelText('Date')).toHaveValue('2019-05-12');
    expect(screen.getByLabelText('Time (optional)')).toHaveValue('14:30');
    expect(screen.queryByRole('button', { name: "Use the photo's date" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Tower');
    await user.type(screen.getByLabelText('Description'), 'Up high');
    await user.click(screen.getByRole('button', { name: 'Save Memory' }));
    await waitFor(() => expect(XHR.sent).toHaveLength(1));
    expect(XHR.sent[0]!.fields().happenedAt).toBe(new Date(2019, 4, 12, 14, 30).toISOString());
  });

  it('Cancel goes back to the map', async () => {
    routeFetch();
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/landing');
  });

  it('keeps the chosen trip in its draft: the form opened again has it back', async () => {
    signedIn();
    const trip = { id: 't1', title: 'Iberia by train', description: '', visibility: '2', userId: 'me', authorName: 'me', coverPinId: null, coverThumbnailUrl: null, startsAt: null, endsAt: null, pinIds: [] };
    const fetchMock = routeFetch();
    const friendsAndPlaces = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: string) => (new URL(input, 'http://x').pathname === '/api/trips' ? jsonResponse(200, [trip]) : friendsAndPlaces(input)));
    const first = setup();
    const select = await screen.findByRole('combobox', { name: 'Trip' });
    await first.user.selectOptions(select, 'Iberia by train');
    await waitFor(async () => expect((await loadDraft(draftKey('me', 'new')))?.tripId).toBe('t1'));
    first.unmount();

    setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trip' })).toHaveValue('t1'));
  });
});
