import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePin } from '../../../../test/pins.ts';
import { pinBadgeText } from '../../../lib/pin-type.ts';
import { PinPopup } from './pin-popup.tsx';
import type { Pin } from '../../../lib/api/types.ts';

function renderPopup(pin: Pin, type = pin.pinType) {
  const handlers = { onUpdate: vi.fn(), onDelete: vi.fn(), onOpenImage: vi.fn() };
  render(<PinPopup pin={pin} type={type} {...handlers} />);
  return handlers;
}

describe('PinPopup', () => {
  it("shows title, place, badge, 'By {author}', date, and no buttons for others' pins", () => {
    renderPopup(makePin());
    expect(screen.getByRole('heading', { name: 'Sunset pier' })).toBeInTheDocument();
    expect(screen.getByText('Brighton, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Public Memory')).toBeInTheDocument();
    expect(screen.getByText('By bob')).toBeInTheDocument();
    expect(screen.getByText(/2025/)).toHaveAttribute('datetime', '2025-06-01T18:30:00.000Z');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows when it happened, and the posting time when that was another moment', () => {
    renderPopup(makePin({ happenedAt: '2023-07-14', createdAt: '2025-06-01T18:30:00.000Z' }));
    expect(screen.getByText(new Date(2023, 6, 14).toLocaleDateString(undefined, { dateStyle: 'medium' }))).toHaveAttribute('datetime', '2023-07-14');
    expect(screen.getByText(/Posted/)).toBeInTheDocument();
    expect(screen.getByText(/2025/)).toHaveAttribute('datetime', '2025-06-01T18:30:00.000Z');
  });

  it('says nothing of the posting when it happened the day it was posted', () => {
    renderPopup(makePin({ happenedAt: '2025-06-01T18:00:00.000Z', createdAt: '2025-06-01T18:30:00.000Z' }));
    expect(screen.queryByText(/Posted/)).not.toBeInTheDocument();
  });

  it('gives the author update and delete buttons', async () => {
    const pin = makePin({ pinType: 'own', isOwnPin: true, visibility: '1', author: 'me', userId: 'me', authorName: 'ann' });
    const { onUpdate, onDelete } = renderPopup(pin);
    expect(screen.getByText('Your Memory (Private)')).toBeInTheDocument();
    // The author is named on one's own pins too, without the 'By'.
    expect(screen.getByText('ann')).toBeInTheDocument();
    expect(screen.queryByText(/^By /)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onUpdate).toHaveBeenCalledWith(pin);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(pin);
  });

  it.each([
    ['own', '1', 'Your Memory (Private)'],
    ['own', '2', 'Your Memory (Friends)'],
    ['own', '3', 'Your Memory (Public)'],
    ['friend', '2', 'Friend Memory'],
    ['public', '3', 'Public Memory'],
  ] as const)('badge for a %s pin with visibility %s reads %s', (type, visibility, text) => {
    expect(pinBadgeText(type, visibility)).toBe(text);
    renderPopup(makePin({ pinType: type, visibility }), type);
    expect(screen.getByText(text)).toHaveClass(`badge-${type}`);
  });

  it('shows exactly 100 characters without Show more', () => {
    const text = 'x'.repeat(100);
    renderPopup(makePin({ description: text }));
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('clamps 101 characters with Show more / Show less', async () => {
    const text = `${'y'.repeat(100)}z`;
    renderPopup(makePin({ description: text }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(screen.getByText(`${'y'.repeat(100)}…`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps title and Update / Delete outside the part that scrolls, however long the text', async () => {
    const text = 'word '.repeat(400).trim();
    const pin = makePin({ pinType: 'own', isOwnPin: true, visibility: '1', author: 'me', userId: 'me', description: text });
    const onLayout = vi.fn();
    render(<PinPopup pin={pin} type="own" onUpdate={vi.fn()} onDelete={vi.fn()} onOpenImage={vi.fn()} onLayout={onLayout} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const body = screen.getByText(text).closest('.pin-popup-body');
    expect(body).not.toBeNull();
    expect(body).not.toContainElement(screen.getByRole('heading', { name: pin.title }));
    expect(body).not.toContainElement(screen.getByRole('button', { name: 'Update' }));
    expect(body).not.toContainElement(screen.getByRole('button', { name: 'Delete' }));
    expect(body).toContainElement(screen.getByRole('button', { name: 'Show less' }));
    // Leaflet is told to re-measure (and re-fit) the popup once the text has grown.
    await waitFor(() => expect(onLayout).toHaveBeenCalled());
  });

  it("shows the image with its hint and opens it full size; lists 'Tagged Friends:'", async () => {
    const pin = makePin({
      imageUrl: '/media/full.jpg',
      thumbnailUrl: '/media/thumb.jpg',
      taggedFriends: [
        { _id: 'f1', username: 'carol', profilePicture: '/media/default-avatar.svg' },
        { _id: 'f2', username: 'dave', profilePicture: '/media/default-avatar.svg' },
      ],
    });
    const { onOpenImage } = renderPopup(pin);
    expect(screen.getByRole('img', { name: 'Sunset pier' })).toHaveAttribute('src', '/media/thumb.jpg');
    expect(screen.getByText('Click to view full size')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Sunset pier full size' }));
    expect(onOpenImage).toHaveBeenCalledWith(pin, 0);
    expect(screen.getByText('Tagged Friends:')).toBeInTheDocument();
    expect(screen.getByText('carol')).toBeInTheDocument();
    expect(screen.getByText('dave')).toBeInTheDocument();
  });

  it('pages through several photos: "2 / 3", previous and next, each opening full size at its place', async () => {
    const images = [1, 2, 3].map((n) => ({ id: `ph${n}`, url: `/media/full${n}.jpg`, thumbnailUrl: `/media/thumb${n}.jpg`, displayUrl: null, width: 800, height: 600 }));
    const pin = makePin({ imageUrl: images[0]!.url, thumbnailUrl: images[0]!.thumbnailUrl, images });
    const { onOpenImage } = renderPopup(pin);
    const gallery = screen.getByRole('group', { name: 'Photos of Sunset pier' });
    expect(within(gallery).getAllByRole('img', { hidden: true }).map((i) => i.getAttribute('src'))).toEqual(['/media/thumb1.jpg', '/media/thumb2.jpg', '/media/thumb3.jpg']);
    expect(within(gallery).getByText('1 / 3')).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }));
    expect(within(gallery).getByText('3 / 3')).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await userEvent.click(within(gallery).getByRole('button', { name: 'View Sunset pier, photo 3 of 3 full size' }));
    expect(onOpenImage).toHaveBeenCalledWith(pin, 2);
  });

  it('has no image or tag section when there are none', () => {
    renderPopup(makePin());
    expect(screen.queryByText('Click to view full size')).not.toBeInTheDocument();
    expect(screen.queryByText('Tagged Friends:')).not.toBeInTheDocument();
  });
});
