import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, DEFAULT_AVATAR } from './avatar.tsx';

describe('Avatar', () => {
  it('shows the default picture when there is none', () => {
    render(<Avatar src={null} alt="pic" />);
    expect(screen.getByRole('img', { name: 'pic' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('falls back to the default picture when the picture fails to load', () => {
    render(<Avatar src="/media/a.jpg?sig=old" alt="pic" />);
    fireEvent.error(screen.getByRole('img', { name: 'pic' }));
    expect(screen.getByRole('img', { name: 'pic' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('tries a new picture URL after an earlier one failed (signed URLs expire)', () => {
    const { rerender } = render(<Avatar src="/media/a.jpg?sig=expired" alt="pic" />);
    fireEvent.error(screen.getByRole('img', { name: 'pic' }));
    expect(screen.getByRole('img', { name: 'pic' })).toHaveAttribute('src', DEFAULT_AVATAR);
    rerender(<Avatar src="/media/a.jpg?sig=fresh" alt="pic" />);
    expect(screen.getByRole('img', { name: 'pic' })).toHaveAttribute('src', '/media/a.jpg?sig=fresh');
    // Going back to the URL that failed keeps the default.
    rerender(<Avatar src="/media/a.jpg?sig=expired" alt="pic" />);
    expect(screen.getByRole('img', { name: 'pic' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });
});
