import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { TagFriendsModal } from './tag-friends-modal.tsx';
import type { PublicUser } from '../../../lib/api/types.ts';

function Harness({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(initial);
  const [open, setOpen] = useState(true);
  return open ? (
    <TagFriendsModal
      open
      selected={selected}
      onToggle={(f: PublicUser) => setSelected((s) => (s.includes(f._id) ? s.filter((x) => x !== f._id) : [...s, f._id]))}
      onClose={() => setOpen(false)}
    />
  ) : (
    <p>closed with {selected.join(',')}</p>
  );
}

/** The modal as the memory form holds it: always mounted, opened and closed by a prop. */
function FormLike() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Tag Friends
      </button>
      <TagFriendsModal open={open} selected={[]} onToggle={() => {}} onClose={() => setOpen(false)} />
    </>
  );
}

const friends = [
  { _id: 'f1', username: 'carol', profilePicture: '/media/c.jpg' },
  { _id: 'f2', username: 'dave', profilePicture: '' },
];

describe('TagFriendsModal', () => {
  it('shows a spinner while loading', () => {
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise(() => {})));
    renderWithProviders(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Tag Friends' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading friends' })).toBeInTheDocument();
  });

  it("says 'No friends to tag' when there are none", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, [])));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('No friends to tag')).toBeInTheDocument();
    expect(screen.getByText('0 friend(s) selected')).toBeInTheDocument();
  });

  it('logs a failure only and leaves the list empty', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(500, { error: 'down' })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Harness />);
    expect(await screen.findByText('No friends to tag')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again each time it opens, so a friend made since shows up', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(200, []))
      .mockResolvedValue(jsonResponse(200, [friends[0]]));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<FormLike />);
    expect(await screen.findByText('No friends to tag')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tag Friends' }));
    expect(await screen.findByRole('button', { name: /carol/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('toggles friends with a check mark, counts them, and Done closes', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, friends));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['f2']} />);
    const carol = await screen.findByRole('button', { name: /carol/ });
    const dave = screen.getByRole('button', { name: /dave/ });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/query_friends');
    expect(dave).toHaveAttribute('aria-pressed', 'true');
    expect(dave).toHaveTextContent('✓');
    expect(screen.getByText('1 friend(s) selected')).toBeInTheDocument();
    await user.click(carol);
    expect(carol).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 friend(s) selected')).toBeInTheDocument();
    await user.click(dave);
    expect(dave).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('1 friend(s) selected')).toBeInTheDocument();
    // A friend without a picture gets the default one.
    const images = [...document.querySelectorAll('.tag-row img')];
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['/media/c.jpg', '/media/default-avatar.svg']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('closed with f1')).toBeInTheDocument();
  });
});
