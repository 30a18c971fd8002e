import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { makePin } from '../../../../test/pins.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { PinPopup } from './pin-popup.tsx';
import { ShareSheet } from './share-sheet.tsx';
import type { Pin } from '../../../lib/api/types.ts';

const own = makePin({ id: 'p9', title: 'Cliff walk', pinType: 'own', isOwnPin: true, author: 'me', userId: 'me', visibility: '1' });
const URL_MADE = 'http://localhost/s/abcdefghijklmnopqrstuvwxyz012345';
const EXPIRES = '2031-05-12T10:00:00.000Z';

/** The popup and the share sheet it opens, as the map screen (landing-map.tsx) puts them together. */
function PopupAndSheet({ pin }: { pin: Pin }) {
  const [sharing, setSharing] = useState<Pin | null>(null);
  return (
    <>
      <PinPopup pin={pin} type={pin.pinType} onUpdate={vi.fn()} onDelete={vi.fn()} onOpenImage={vi.fn()} onShare={setSharing} />
      {sharing && <ShareSheet pin={sharing} onClose={() => setSharing(null)} />}
    </>
  );
}

function popup(pin = own) {
  signedIn();
  return renderWithProviders(<PopupAndSheet pin={pin} />);
}

/** Replaces navigator's share / clipboard for one test (jsdom has neither). */
function stubNavigator(props: { share?: unknown; clipboard?: unknown }) {
  for (const [name, value] of Object.entries(props)) {
    Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  }
}

afterEach(() => {
  for (const name of ['share', 'clipboard']) {
    if (Object.getOwnPropertyDescriptor(navigator, name)) Reflect.deleteProperty(navigator, name);
  }
});

describe('Share link in the pin popup', () => {
  it("is offered on one's own memories only", () => {
    popup(makePin());
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('makes a link for the chosen days, copies it, shows it, and stops sharing', async () => {
    const writeText = vi.fn(async () => {});
    stubNavigator({ clipboard: { writeText } });
    const api = mockApi({
      'GET /api/pins/p9/share': { body: { expiresAt: null } },
      'POST /api/pins/p9/share': { status: 201, body: { url: URL_MADE, expiresAt: EXPIRES } },
      'DELETE /api/pins/p9/share': { status: 204 },
    });
    popup();
    const opener = screen.getByRole('button', { name: 'Share link' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(opener);
    // A sheet of its own over the map, named for what it does, with the memory's title.
    const sheet = screen.getByRole('dialog', { name: 'Share this memory' });
    expect(sheet).toHaveTextContent('Cliff walk');
    expect(await screen.findByText('Not shared')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Link works for'), '30 days');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');
    expect(api.callsTo('POST', '/api/pins/p9/share')[0]?.body).toEqual({ expiresInDays: 30 });
    expect(writeText).toHaveBeenCalledWith(URL_MADE);
    expect(screen.getByLabelText('Link to this memory')).toHaveValue(URL_MADE);
    expect(screen.getByText(/^Shared until /)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sharing stopped. The link no longer works.');
    expect(api.callsTo('DELETE', '/api/pins/p9/share')).toHaveLength(1);
    expect(screen.getByText('Not shared')).toBeInTheDocument();
    expect(screen.queryByLabelText('Link to this memory')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("opens the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => {});
    stubNavigator({ share });
    mockApi({
      'GET /api/pins/p9/share': { body: { expiresAt: null } },
      'POST /api/pins/p9/share': { status: 201, body: { url: URL_MADE, expiresAt: EXPIRES } },
    });
    popup();
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Cliff walk', url: URL_MADE }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link shared.');
  });

  it('leaves the address on screen to copy by hand when the device offers neither', async () => {
    mockApi({
      'GET /api/pins/p9/share': { body: { expiresAt: null } },
      'POST /api/pins/p9/share': { status: 201, body: { url: URL_MADE, expiresAt: EXPIRES } },
    });
    popup();
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copy the link below.');
    expect(screen.getByLabelText('Link to this memory')).toHaveValue(URL_MADE);
  });

  it('offers a new link and Stop sharing for a memory shared earlier (whose address cannot be shown again)', async () => {
    mockApi({ 'GET /api/pins/p9/share': { body: { expiresAt: EXPIRES } } });
    popup();
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    expect(await screen.findByText(/^Shared until /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Link to this memory')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the state", async () => {
    mockApi({
      'GET /api/pins/p9/share': { body: { expiresAt: null } },
      'POST /api/pins/p9/share': { status: 404, body: { error: 'Memory not found' } },
    });
    popup();
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Memory not found');
    expect(screen.getByText('Not shared')).toBeInTheDocument();
  });
});
