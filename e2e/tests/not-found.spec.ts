import { createUser, expect, signIn, test } from '../fixtures.ts';
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

test('signed in, "Return to Landing Page" leads to the map', async ({ page, request }) => {
  const me = await createUser(request, 'lost');
  await signIn(page, me);
  await page.goto('/no-such-place');
  await expect(page.getByRole('heading', { name: 'No page exists' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Landing Page' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('signed in, /login goes straight to the map', async ({ page, request }) => {
  const me = await createUser(request, 'again');
  await signIn(page, me);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/landing$/);
});
