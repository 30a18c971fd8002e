import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { ImportScreen } from './import-screen.tsx';

// A real JPEG a phone could have taken in Paris on 10 May 2024 (read by the real exifr).
let parisJpeg: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  // The review is its own chunk in the app; here its module is loaded up front, so the tests wait
  // on the screen's behaviour, not on the transform of a module graph.
  await import('./review-screen.tsx');
  const gps = { GPSLatitudeRef: 'N', GPSLatitude: '488583/10000 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '22944/10000 0/1 0/1' };
  parisJpeg = new Uint8Array(
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a33' } })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: '2024:05:10 12:00:00' }, IFD3: gps })
      .toBuffer(),
  );
});

function setup() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ _id: 'me', username: 'me', email: 'me@x.test', profilePicture: '' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      if (url.pathname === '/api/places/reverse') return jsonResponse(200, { display_name: 'x', address: { city: 'Paris', country: 'France' } });
      return jsonResponse(404, { error: 'nope' });
    }),
  );
  renderWithProviders(<ImportScreen />, { route: '/import', path: '/import' });
  return userEvent.setup({ applyAccept: false });
}

const jpeg = (name: string) => new File([parisJpeg], name, { type: 'image/jpeg' });

describe('ImportScreen', () => {
  it('refuses more than 200 photos at once with a clear message, and reads none', async () => {
    const user = setup();
    const files = Array.from({ length: 201 }, (_, i) => new File([new Uint8Array(10)], `p${i}.jpg`, { type: 'image/jpeg' }));
    await user.upload(await screen.findByLabelText('Choose photos'), files);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 200 photos at a time. You chose 201: import them in parts.');
    expect(screen.queryByRole('listitem', { name: 'Memory 1' })).not.toBeInTheDocument();
  });

  it('lists files that are not photos as skipped, by name, and goes on with the photos', async () => {
    const user = setup();
    await user.upload(await screen.findByLabelText('Choose photos'), [
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      jpeg('tower.jpg'),
      jpeg('tower-2.jpg'),
    ]);
    const memory = await screen.findByRole('listitem', { name: 'Memory 1' });
    expect(memory).toHaveTextContent('2 photos');
    expect(await screen.findByLabelText('Title of memory 1')).toHaveValue('Paris, France');
    expect(screen.getByText('Skipped 1 file that is not a photo:')).toBeInTheDocument();
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 1 memory' })).toBeEnabled();
  });

  it('says so when none of the chosen files is a photo', async () => {
    const user = setup();
    await user.upload(await screen.findByLabelText('Choose photos'), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('None of the chosen files is a photo.');
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt');
  });
});
