import { authHeaders, createUser, expect, signIn, test } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

test('Edit User Profile saves first and last name through the session cookie', async ({ page, request }) => {
  const me = await createUser(request, 'names');
  await signIn(page, me);
  let authorization: string | undefined = 'unset';
  page.on('request', (r) => {
    if (r.url().endsWith('/update_user') && r.method() === 'PUT') authorization = r.headers().authorization;
  });
  await page.goto('/user-profile');
  await expect(page.getByRole('heading', { name: 'Edit User Profile' })).toBeVisible();
  await expect(page.getByLabel('User ID')).toHaveValue(me.id);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await shot(page, 'user-profile-filled');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Profile updated successfully!');
  await shot(page, 'user-profile-success');
  expect(authorization).toBeUndefined();

  const res = await request.get('/api/get_user', { headers: authHeaders(me) });
  const user = await res.json();
  expect([user.firstName, user.lastName]).toEqual(['Ada', 'Lovelace']);

  // The saved names are stored, and shown again after a reload.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect([stored.firstName, stored.lastName]).toEqual(['Ada', 'Lovelace']);
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Lovelace');

  // A stored record without them (signed in before, or on another device): the server's names fill in.
  await page.evaluate(() => {
    const u = JSON.parse(localStorage.getItem('user') ?? '{}');
    localStorage.setItem('user', JSON.stringify({ ...u, firstName: null, lastName: null }));
  });
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Lovelace');
  await shot(page, 'user-profile-reloaded');
});

test("Edit User Profile says 'Update failed!' for someone else's id", async ({ page, request }) => {
  const me = await createUser(request, 'mine');
  const other = await createUser(request, 'theirs');
  await signIn(page, me);
  await page.goto('/user-profile');
  await page.getByLabel('User ID').fill(other.id);
  await page.getByLabel('First Name').fill('Not');
  await page.getByLabel('Last Name').fill('Me');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Update failed!');
  await shot(page, 'user-profile-failed');
  const res = await request.get('/api/get_user', { headers: authHeaders(other) });
  expect((await res.json()).firstName).toBeNull();
  // The session was not ended by the refusal.
  await expect(page).toHaveURL(/\/user-profile$/);
});
