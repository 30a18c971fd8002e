import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_NEEDS_CONNECTION, ScreenError } from './screen-error.tsx';

function Broken({ error }: { error: Error }): never {
  throw error;
}

function open(error: Error) {
  const router = createMemoryRouter([{ errorElement: <ScreenError />, children: [{ path: '/', element: <Broken error={error} /> }] }]);
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('ScreenError', () => {
  it("says a screen whose code could not be fetched needs a connection, and Try again waits until there is one", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    open(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/feeds-abc.js'));
    expect(screen.getByRole('heading', { name: SCREEN_NEEDS_CONNECTION.title })).toBeInTheDocument();
    expect(screen.getByText(SCREEN_NEEDS_CONNECTION.text)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SCREEN_NEEDS_CONNECTION.stillOffline);
    expect(reload).not.toHaveBeenCalled();

    online.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says something went wrong for any other failure, online', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(new Error('boom'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
