import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageViewer } from './image-viewer.tsx';

describe('ImageViewer', () => {
  it('shows one image as it always did: no count, no paging', () => {
    render(<ImageViewer src="/media/one.jpg" alt="Picnic" onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Picnic' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picnic' })).toHaveAttribute('src', '/media/one.jpg');
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });

  it("pages through a memory's photos with the buttons, the arrow keys and a swipe, from where it was opened", async () => {
    const onClose = vi.fn();
    render(<ImageViewer sources={['/a.jpg', '/b.jpg', '/c.jpg']} start={1} alt="Picnic" onClose={onClose} />);
    const img = () => screen.getByRole('img');
    expect(img()).toHaveAttribute('src', '/b.jpg');
    expect(img()).toHaveAccessibleName('Picnic, photo 2 of 3');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(img()).toHaveAttribute('src', '/c.jpg');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    // Paging is not a tap on the backdrop: the viewer stays open.
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(img()).toHaveAttribute('src', '/a.jpg');
    const dialog = screen.getByRole('dialog');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(dialog, { changedTouches: [{ clientX: 200 }] });
    expect(img()).toHaveAttribute('src', '/b.jpg');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
