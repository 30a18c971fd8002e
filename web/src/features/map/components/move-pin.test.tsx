import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/providers.tsx';
import { makePin } from '../../../../test/pins.ts';
import { movePin } from '../api/move-pin.ts';
import { MoveBar } from './move-pin.tsx';
import { PinPopup } from './pin-popup.tsx';

const own = makePin({ pinType: 'own', isOwnPin: true, author: 'me', userId: 'me', tags: ['f1', 'f2'], visibility: '2' });

describe('moving a memory', () => {
  it('offers Move on own pins only', async () => {
    const onMove = vi.fn();
    const { unmount } = render(<PinPopup pin={own} type="own" onUpdate={vi.fn()} onDelete={vi.fn()} onMove={onMove} onOpenImage={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(onMove).toHaveBeenCalledWith(own);
    unmount();
    render(<PinPopup pin={makePin()} type="public" onUpdate={vi.fn()} onDelete={vi.fn()} onMove={onMove} onOpenImage={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
  });

  it('saves only once the pin has moved; Cancel and a failure message', async () => {
    const props = { saving: false, error: null, onSave: vi.fn(), onCancel: vi.fn() };
    const { rerender } = render(<MoveBar move={{ pin: own, at: { lat: own.latitude, lng: own.longitude } }} {...props} />);
    expect(screen.getByRole('region', { name: 'Move memory' })).toHaveTextContent('Sunset pier');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    rerender(<MoveBar move={{ pin: own, at: { lat: 48.85, lng: 2.35 } }} {...props} />);
    expect(screen.getByText('48.85000, 2.35000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
    rerender(<MoveBar move={{ pin: own, at: { lat: 48.85, lng: 2.35 } }} {...props} saving error="Failed to update pin" />);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to update pin');
  });

  it('sends the memory unchanged with its new position, keeping tags (photo and date left out: kept)', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = vi.fn(async () => jsonResponse(200, { ...own, latitude: 48.85, longitude: 2.35 }));
    vi.stubGlobal('fetch', fetchMock);
    await movePin({ pin: own, latitude: 48.85, longitude: 2.35 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/update_pin');
    expect(init.method).toBe('PUT');
    expect(Object.fromEntries((init.body as FormData).entries())).toEqual({
      pinId: own.id,
      title: own.title,
      description: own.description,
      visibility: '2',
      tags: '["f1","f2"]',
      latitude: '48.85',
      longitude: '2.35',
    });
  });
});
