import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../lib/outbox/index.ts';
import { PendingMemory } from './pending-memory.tsx';

const item = (): OutboxItem => ({
  id: 'o1',
  userId: 'me',
  seq: 1,
  kind: 'create',
  pinId: 'o1',
  method: 'POST',
  path: '/api/create',
  fields: {},
  files: [{ field: 'image', name: 'a.jpg', blob: new Blob(['x'], { type: 'image/jpeg' }) }],
  preview: { title: 'Train window', description: 'Fields going by, all gold.', latitude: 48.1, longitude: 11.5, visibility: '1', locationName: 'Munich, Germany' },
  attempts: 0,
  nextTryAt: 0,
  version: 1,
});

describe('A memory waiting to upload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows its photo and its story from the device, in the map's compact popup too", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo-1', revokeObjectURL: () => {} }));
    for (const compact of [false, true]) {
      const { unmount } = render(<PendingMemory item={item()} compact={compact} />);
      expect(screen.getByText('Waiting to upload')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Train window' })).toBeInTheDocument();
      expect(screen.getByText('Fields going by, all gold.')).toBeInTheDocument();
      expect((await screen.findAllByRole('img')).some((img) => img.getAttribute('src') === 'blob:photo-1')).toBe(true);
      unmount();
    }
  });
});
