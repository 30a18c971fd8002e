import { expect, test } from '../fixtures.ts';

test('an unknown route shows the not-found screen with a way back', async ({ page }) => {
  await page.goto('/this-does-not-exist');
  await expect(page.getByRole('heading', { name: 'No page exists' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Landing Page' }).click();
  // "/" redirects to /login for a visitor without a session.
  await expect(page).toHaveURL(/\/login$/);
});
