import { expect, test } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

test('an unknown route shows the not-found screen with a way back', async ({ page }) => {
  await page.goto('/this-does-not-exist');
  await expect(page.getByRole('heading', { name: 'No page exists' })).toBeVisible();
  // The bottom navigation is hidden on /login and /register only.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Landing Page' }).click();
  // "/" redirects to /login for a visitor without a session.
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep unknown path is not found either, on reload too', async ({ page }) => {
  await page.goto('/friends/someone/else');
  await expect(page.getByRole('heading', { name: 'No page exists' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Return to Landing Page' })).toHaveAttribute('href', '/');
});
