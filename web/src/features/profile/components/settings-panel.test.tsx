import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '../../../../test/api-mock.ts';
import { prefersDark } from '../../../../test/prefers-dark.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { applyColorScheme, COLOR_SCHEME_KEY, loadColorSchemeChoice, resolveColorScheme, setColorSchemeChoice } from '../../../lib/color-scheme.ts';
import { SettingsPanel } from './settings-panel.tsx';

describe('Settings > Appearance', () => {
  afterEach(() => {
    setColorSchemeChoice('system');
    document.documentElement.removeAttribute('data-theme');
  });

  it('offers Light, Dark and System; System follows the device and is the default', async () => {
    prefersDark(true);
    signedIn();
    mockApi({ 'GET /api/app-info': { body: { version: '0.1.0', tagline: 't', supportEmail: 's@x' } } });
    renderWithProviders(<SettingsPanel onBack={() => {}} />);
    const system = screen.getByRole('radio', { name: 'System' });
    expect(system).toBeChecked();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(resolveColorScheme('system')).toBe('dark');

    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(loadColorSchemeChoice()).toBe('dark');

    await userEvent.click(system);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBeNull();
  });

  it('puts a saved choice on the page before the app renders', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    applyColorScheme(loadColorSchemeChoice());
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem(COLOR_SCHEME_KEY, 'nonsense');
    expect(loadColorSchemeChoice()).toBe('system');
  });
});

describe('Settings > Help Center', () => {
  it.each([
    ['help@example.org', 'Email us at help@example.org'],
    ['', 'Ask the person who runs this Memory Map for help.'],
  ])('shows the configured support address, or says whom to ask without one (%j)', async (supportEmail, text) => {
    signedIn();
    mockApi({ 'GET /api/app-info': { body: { version: '0.1.0', tagline: 't', supportEmail } } });
    renderWithProviders(<SettingsPanel onBack={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Help Center' }));
    expect(screen.getByText('Need assistance?')).toBeInTheDocument();
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === text)).toBeInTheDocument();
    expect(screen.queryByText(/support@localhost/)).toBeNull();
  });
});
