import { authHeaders, createUser, expect, signIn, test } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

test('logout asks first, then ends the session on the server and on the device', async ({ page, request }) => {
  const me = await createUser(request, 'bye');
  await signIn(page, me);
  await page.goto('/profile');
  await expect(page.getByText(`@${me.username}`)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Do you want to sign out?');
  await shot(page, 'logout-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

  // The old token is dead on the server; the user's other sessions are not touched.
  const old = await request.get('/api/get_user', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);
  const other = await request.get('/api/get_user', { headers: authHeaders(me) });
  expect(other.status()).toBe(200);

  // Going back to the profile without a session leads to the login screen again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
