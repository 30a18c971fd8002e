import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { makePin } from '../../../../test/pins.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { FeedView } from './feed-view.tsx';
import type { Pin } from '../../../lib/api/types.ts';

/** Noon of today's date, `years` years back, on this device. */
function yearsBack(years: number): string {
  const now = new Date();
  return new Date(now.getFullYear() - years, now.getMonth(), now.getDate(), 12).toISOString();
}

function mine(title: string, years: number): Pin {
  const at = yearsBack(years);
  return makePin({ id: title, title, pinType: 'own', isOwnPin: true, author: 'me', userId: 'me', createdAt: at, updatedAt: at, locationName: 'Porto, Portugal' });
}

const feedPin = makePin({ id: 'feed-1', title: 'In the feed' });

describe('On This Day card', () => {
  it("sits at the top of the feed with one's memories from this date, asked for in the device's time zone", async () => {
    signedIn();
    const api = mockApi({
      'GET /api/query_feed': { body: [feedPin] },
      'GET /api/on_this_day': { body: [mine('Beach day', 1), mine('Old bridge', 3)] },
    });
    renderWithProviders(<FeedView />);
    const card = await screen.findByRole('region', { name: 'On This Day' });
    const entries = within(card).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('1 year ago');
    expect(entries[0]).toHaveTextContent('Beach day');
    expect(entries[0]).toHaveTextContent('Porto, Portugal');
    expect(entries[1]).toHaveTextContent('3 years ago');
    expect(entries[1]).toHaveTextContent('Old bridge');
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(api.callsTo('GET', '/api/on_this_day')[0]!.url).toBe(`/api/on_this_day?tz=${encodeURIComponent(tz)}`);
    // Above the feed's own list.
    const list = await screen.findByRole('article', { name: 'In the feed' });
    expect(card.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is not there when no memory is from this date, or when the answer fails', async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [feedPin] }, 'GET /api/on_this_day': { body: [] } });
    const first = renderWithProviders(<FeedView />);
    await screen.findByRole('article', { name: 'In the feed' });
    expect(screen.queryByRole('region', { name: 'On This Day' })).not.toBeInTheDocument();
    first.unmount();

    const api = mockApi({ 'GET /api/query_feed': { body: [feedPin] }, 'GET /api/on_this_day': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } } });
    renderWithProviders(<FeedView />);
    await screen.findByRole('article', { name: 'In the feed' });
    expect(api.callsTo('GET', '/api/on_this_day')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'On This Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("hides with one's own memories when 'Your Memories' is filtered out", async () => {
    signedIn();
    mockApi({ 'GET /api/query_feed': { body: [feedPin] }, 'GET /api/on_this_day': { body: [mine('Beach day', 2)] } });
    renderWithProviders(<FeedView />);
    await screen.findByRole('region', { name: 'On This Day' });
    fireEvent.click(screen.getByRole('button', { name: /Filter Memories/ }));
    fireEvent.click(screen.getByLabelText('Your Memories'));
    expect(screen.queryByRole('region', { name: 'On This Day' })).not.toBeInTheDocument();
  });
});
