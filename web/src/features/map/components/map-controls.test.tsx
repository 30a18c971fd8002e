import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../../test/providers.tsx';
import { ALL_TYPES } from '../lib/map-items.ts';
import { MAP_THEMES } from '../lib/themes.ts';
import { MapControls, type MapControlsProps } from './map-controls.tsx';

function setup(over: Partial<MapControlsProps> = {}) {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const props: MapControlsProps = {
    filter: ALL_TYPES,
    onFilterChange: vi.fn(),
    theme: MAP_THEMES.VOYAGER,
    onThemeChange: vi.fn(),
    onPlaceChosen: vi.fn(),
    open: true,
    onOpenChange: vi.fn(),
    ...over,
  };
  renderWithProviders(<MapControls {...props} />);
  return { props, fetchMock, user: userEvent.setup() };
}

describe('MapControls', () => {
  it('starts with Own, Friend and Public all checked and reports a change', async () => {
    const { props, user } = setup();
    for (const label of ['Own', 'Friend', 'Public']) expect(screen.getByLabelText(label)).toBeChecked();
    await user.click(screen.getByLabelText('Friend'));
    expect(props.onFilterChange).toHaveBeenCalledWith({ own: true, friend: false, public: true });
  });

  it('offers the three themes and reports the choice', async () => {
    const { props, user } = setup();
    expect(screen.getByRole('radio', { name: 'Voyager' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(props.onThemeChange).toHaveBeenCalledWith(MAP_THEMES.DARK);
    expect(screen.getByRole('radio', { name: 'Satellite' })).toBeInTheDocument();
  });

  it('toggles the panel from its button', async () => {
    const { props, user } = setup({ open: false });
    expect(screen.queryByRole('region', { name: 'Map controls' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Map controls' }));
    expect(props.onOpenChange).toHaveBeenCalledWith(true);
  });

  it('ignores a blank search', async () => {
    const { fetchMock, user } = setup();
    await user.type(screen.getByLabelText('Search location'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for 5, shows at most 5 and flies to the chosen one', async () => {
    const { fetchMock, props, user } = setup();
    const many = Array.from({ length: 7 }, (_, i) => ({ lat: i, lon: i, display_name: `Springfield ${i}` }));
    fetchMock.mockResolvedValue(jsonResponse(200, many));
    await user.type(screen.getByLabelText('Search location'), 'Springfield{Enter}');
    const results = await screen.findAllByRole('button', { name: /^Springfield/ });
    expect(results).toHaveLength(5);
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/places/search');
    expect(url.searchParams.get('q')).toBe('Springfield');
    expect(url.searchParams.get('limit')).toBe('5');
    await user.click(results[2]!);
    expect(props.onPlaceChosen).toHaveBeenCalledWith(many[2]);
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says when nothing matches', async () => {
    const { fetchMock, user } = setup();
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await user.type(screen.getByLabelText('Search location'), 'Nowhereville{Enter}');
    expect(await screen.findByText('No places found')).toBeInTheDocument();
  });

  it('says when the search fails', async () => {
    const { fetchMock, user } = setup();
    fetchMock.mockResolvedValue(jsonResponse(500, { error: 'boom' }));
    await user.type(screen.getByLabelText('Search location'), 'Paris{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Search failed. Please try again.'));
  });
});
