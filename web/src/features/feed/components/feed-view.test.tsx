import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn, stubIntersectionObserver } from '../../../../test/api-mock.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { feedKeys } from '../api/keys.ts';
import { FeedView } from './feed-view.tsx';
import { authorLine } from './feed-item.tsx';
import type { Pin } from '../../../lib/api/types.ts';

let n = 0;
function pin(over: Partial<Pin> = {}): Pin {
  n += 1;
  return {
    id: `pin-${n}`,
    title: `Memory ${n}`,
    description: 'Short.',
    latitude: 1,
    longitude: 2,
    locationName: 'Lisbon, Portugal',
    imageUrl: null,
    thumbnailUrl: null,
    visibility: '3',
    author: 'someone',
    userId: 'someone',
    authorName: 'someone',
    authorPicture: '/media/someone.webp',
    tags: [],
    taggedFriends: [],
    pinType: 'public',
    isOwnPin: false,
    createdAt: '2024-05-04T10:00:00.000Z',
    updatedAt: '2024-05-04T10:00:00.000Z',
    images: [],
    happenedAt: '2024-05-04T10:00:00.000Z',
    ...over,
  };
}

const own = () => pin({ title: 'Mine', visibility: '2', pinType: 'own', isOwnPin: true, author: 'me', authorName: 'me' });
const friend = () => pin({ title: 'From a friend', visibility: '2', pinType: 'friend', authorName: 'fay' });
const pub = () => pin({ title: 'For all', visibility: '3', pinType: 'public', authorName: 'stranger' });

const item = (title: string) => screen.getByRole('article', { name: title });

describe('authorLine', () => {
  it("adds ' & name, name' for tagged friends", () => {
    expect(authorLine({ authorName: 'ann', taggedFriends: [] })).toEqual({ author: 'ann', tagged: '' });
    expect(
      authorLine({
        authorName: 'ann',
        taggedFriends: [
          { _id: '1', username: 'bo', profilePicture: '' },
          { _id: '2', username: 'cy', profilePicture: '' },
        ],
      }),
    ).toEqual({ author: 'ann', tagged: ' & bo, cy' });
  });
});

describe('Feed screen', () => {
  it('fetches nothing without a token', () => {
    const api = mockApi({});
    renderWithProviders(<FeedView />);
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('asks for the first page of 20', async () => {
    signedIn();
    const api = mockApi({ 'GET /api/query_feed': { body: [pub()] } });
    renderWithProviders(<FeedView />);
    await screen.findByText('For all');
    expect(api.callsTo('GET', '/api/query_feed')[0]!.url).toBe('/api/query_feed?limit=20');
  });

  it('draws the first page in the background without saying "no memories" in between', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [pub()] } });
    // Every text the screen ever shows, from its first commit on.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderWithProviders(<FeedView />);
    await screen.findByText('For all');
    observer.disconnect();
    expect(seen.filter((text) => text.includes('No pins match'))).toEqual([]);
  });

  it('shows each memory: author and tagged friends, place, badge, thumbnail, title, date', async () => {
    signedIn();
    const p = pin({
      title: 'Picnic',
      authorName: 'ann',
      visibility: '2',
      pinType: 'own',
      isOwnPin: true,
      taggedFriends: [
        { _id: 'b', username: 'bo', profilePicture: '' },
        { _id: 'c', username: 'cy', profilePicture: '' },
      ],
      imageUrl: '/media/full.webp?sig=1',
      thumbnailUrl: '/media/thumb.webp?sig=1',
      images: [{ id: 'ph1', url: '/media/full.webp?sig=1', thumbnailUrl: '/media/thumb.webp?sig=1', displayUrl: null, width: 800, height: 600 }],
    });
    mockApi({ 'GET /api/query_feed': { body: [p] } });
    renderWithProviders(<FeedView />);
    await screen.findByText('Picnic');
    const card = item('Picnic');
    expect(card).toHaveTextContent('ann & bo, cy');
    expect(within(card).getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(within(card).getByText('Your Memory (Friends)')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: "ann's picture" })).toHaveAttribute('src', '/media/someone.webp');
    expect(within(card).getByRole('img', { name: 'Picnic' })).toHaveAttribute('src', '/media/thumb.webp?sig=1');
    expect(within(card).getByRole('heading', { name: 'Picnic' })).toBeInTheDocument();
    expect(card.querySelector('time')).toHaveAttribute('dateTime', '2024-05-04T10:00:00.000Z');
    expect(card.querySelector('time')!.textContent).toMatch(/2024/);

    fireEvent.click(within(card).getByRole('button', { name: 'View Picnic full size' }));
    const viewer = screen.getByRole('dialog', { name: 'Picnic' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/full.webp?sig=1');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close image' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Friend Memory', friend],
    ['Public Memory', pub],
  ])('badges %s', async (badge, make) => {
    signedIn();
    const p = make();
    mockApi({ 'GET /api/query_feed': { body: [p] } });
    renderWithProviders(<FeedView />);
    expect(await within(await screen.findByRole('article')).findByText(badge)).toBeInTheDocument();
  });

  it("opens a memory on the map from its card, and someone else's name opens their profile", async () => {
    signedIn({ _id: 'me' });
    const theirs = pin({ title: 'Harbour', authorName: 'fay', author: 'fay-id', latitude: 43.3, longitude: 5.37 });
    mockApi({ 'GET /api/query_feed': { body: [theirs, own()] } });
    const { router } = renderWithProviders(<FeedView />, { route: '/feeds' });
    await screen.findByRole('article', { name: 'Harbour' });
    expect(within(item('Harbour')).getByRole('link', { name: 'fay' })).toHaveAttribute('href', '/people/fay-id');
    // One's own name leads nowhere new.
    expect(within(item('Mine')).queryByRole('link')).toBeNull();
    fireEvent.click(within(item('Harbour')).getByRole('button', { name: 'Show Harbour on map' }));
    expect(router.state.location.pathname).toBe('/landing');
    expect(router.state.location.state).toEqual({ focus: { lat: 43.3, lng: 5.37 }, openPin: theirs.id });
  });

  it("offers 'Show more' only above 80 characters, and 'Show less' after", async () => {
    signedIn();
    const long = pin({ title: 'Long', description: 'x'.repeat(81) });
    const exact = pin({ title: 'Exact', description: 'y'.repeat(80) });
    mockApi({ 'GET /api/query_feed': { body: [long, exact] } });
    renderWithProviders(<FeedView />);
    await screen.findByText('Long');
    expect(within(item('Exact')).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const text = item('Long').querySelector('.feed-item-text')!;
    expect(text).toHaveClass('clamped');
    fireEvent.click(within(item('Long')).getByRole('button', { name: 'Show more' }));
    expect(text).not.toHaveClass('clamped');
    fireEvent.click(within(item('Long')).getByRole('button', { name: 'Show less' }));
    expect(text).toHaveClass('clamped');
  });

  it('filters by type with a count of active filters', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [own(), friend(), pub()] } });
    renderWithProviders(<FeedView />);
    await screen.findByText('Mine');
    const toggle = screen.getByRole('button', { name: /Filter Memories/ });
    expect(toggle).toHaveTextContent('3');
    expect(screen.queryByLabelText('Your Memories')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByLabelText('Friend Memories'));
    expect(toggle).toHaveTextContent('2');
    expect(screen.queryByText('From a friend')).not.toBeInTheDocument();
    expect(screen.getByText('Mine')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Your Memories'));
    expect(screen.queryByText('Mine')).not.toBeInTheDocument();
    expect(screen.getByText('For all')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Public Memories'));
    expect(toggle).toHaveTextContent('0');
    expect(screen.getByText('No pins match your current filters. Try adjusting your filters or add more memories!')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Friend Memories'));
    expect(screen.getByText('From a friend')).toBeInTheDocument();
  });

  it('derives the type from isOwnPin and visibility when pinType is missing', async () => {
    signedIn();
    const p1 = { ...pin({ title: 'A', isOwnPin: true, visibility: '1' }), pinType: undefined };
    const p2 = { ...pin({ title: 'B', visibility: '3' }), pinType: undefined };
    const p3 = { ...pin({ title: 'C', visibility: '2' }), pinType: undefined };
    mockApi({ 'GET /api/query_feed': { body: [p1, p2, p3] } });
    renderWithProviders(<FeedView />);
    expect(await within(await screen.findByRole('article', { name: 'A' })).findByText('Your Memory (Private)')).toBeInTheDocument();
    expect(within(item('B')).getByText('Public Memory')).toBeInTheDocument();
    expect(within(item('C')).getByText('Friend Memory')).toBeInTheDocument();
  });

  it('shows the empty message for an empty feed', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [] } });
    renderWithProviders(<FeedView />);
    expect(await screen.findByText('No pins match your current filters. Try adjusting your filters or add more memories!')).toBeInTheDocument();
  });

  it('says when the feed cannot load', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { status: 500, body: { error: 'down' } } });
    renderWithProviders(<FeedView />);
    expect(await screen.findByText('Failed to load feed. Please try again later.')).toBeInTheDocument();
  });

  it('says when a refresh fails, above the memories it still shows, and can try again', async () => {
    signedIn();
    const p = pub();
    mockApi({ 'GET /api/query_feed': [{ body: [p] }, { status: 500, body: { error: 'down' } }, { body: [p, friend()] }] });
    const { queryClient } = renderWithProviders(<FeedView />);
    await screen.findByText('For all');
    await act(async () => queryClient.refetchQueries({ queryKey: feedKeys.all }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load feed. Please try again later.');
    expect(screen.getByText('For all')).toBeInTheDocument();
    // Above the list, not in its place.
    expect(alert.compareDocumentPosition(item('For all')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('From a friend')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('follows the Link header as the end comes into view, without duplicates', async () => {
    const io = stubIntersectionObserver();
    signedIn();
    const a = pin({ title: 'First' });
    const b = pin({ title: 'Second' });
    const c = pin({ title: 'Third' });
    const api = mockApi({
      'GET /api/query_feed': [
        { body: [a, b], headers: { link: `</api/query_feed?limit=20&before=${b.id}>; rel="next"` } },
        { body: [b, c] },
      ],
    });
    renderWithProviders(<FeedView />);
    await screen.findByText(b.title);
    await waitFor(() => expect(io.count).toBeGreaterThan(0));
    act(() => io.intersectAll());
    expect(await screen.findByText(c.title)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/query_feed')[1]!.url).toBe(`/api/query_feed?limit=20&before=${b.id}`);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // No next link on the last page: nothing more is asked.
    await waitFor(() => expect(io.count).toBe(0));
  });

  it('searches as one types: results with the matched words marked, then the feed again once cleared', async () => {
    signedIn();
    const found = pin({ title: 'Ducks at Zürich lake', description: 'Bread for the ducklings.', locationName: 'Zürich, Switzerland' });
    const api = mockApi({ 'GET /api/query_feed': { body: [pub()] }, 'GET /api/search': { body: [found] } });
    renderWithProviders(<FeedView />);
    await screen.findByText('For all');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search memories' }), { target: { value: 'zurich duck' } });
    const card = await screen.findByRole('article', { name: 'Ducks at Zürich lake' });
    expect(screen.queryByText('For all')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/search')[0]!.url).toBe('/api/search?q=zurich+duck&limit=20');
    const marked = Array.from(card.querySelectorAll('mark')).map((m) => m.textContent);
    expect(marked).toEqual(['Zürich', 'Ducks', 'Zürich', 'ducklings']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('For all')).toBeInTheDocument();
    expect(document.querySelector('mark')).toBeNull();
  });

  it('says when nothing matches, and when the search fails', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [pub()] }, 'GET /api/search': [{ body: [] }, { status: 500, body: { error: 'boom' } }] });
    renderWithProviders(<FeedView />);
    await screen.findByText('For all');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search memories' }), { target: { value: 'zeppelin' } });
    expect(await screen.findByText('No memories match “zeppelin”.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search memories' }), { target: { value: 'blimp' } });
    expect(await screen.findByText('Search failed. Please try again.')).toBeInTheDocument();
  });
});
