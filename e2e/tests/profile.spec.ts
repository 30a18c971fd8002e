import path from 'node:path';
import { authHeaders, createUser, logIn, signIn, test, expect } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');
const DEFAULT_AVATAR = '/media/default-avatar.svg';

test('without a session the profile sends you to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a new picture replaces the old one at once and stays', async ({ page, request }) => {
  const me = await createUser(request, 'pic');
  await signIn(page, me);
  await page.goto('/profile');
  await expect(page.getByText(`@${me.username}`)).toBeVisible();
  const picture = page.getByRole('img', { name: 'Profile picture' });
  await expect(picture).toHaveAttribute('src', DEFAULT_AVATAR);
  await shot(page, 'profile-menu');

  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const file = page.getByLabel('Profile picture file');
  await expect(file).toHaveAttribute('accept', 'image/*');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose an image to upload');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose an image file');
  await file.setInputFiles(PHOTO);
  await shot(page, 'profile-picture-chosen');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(file).toHaveCount(0);
  await expect(picture).not.toHaveAttribute('src', DEFAULT_AVATAR);
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shown = await picture.getAttribute('src');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.profilePicture).toBe(shown);
  await shot(page, 'profile-picture-new');

  const res = await request.get('/api/get_user', { headers: authHeaders(me) });
  expect((await res.json()).profilePicture).not.toBe(DEFAULT_AVATAR);
  await page.reload();
  await expect(picture).not.toHaveAttribute('src', DEFAULT_AVATAR);
});

test('a server refusal of the picture is shown and nothing changes', async ({ page, request }) => {
  const me = await createUser(request, 'bad');
  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  // Claims to be an image, but the bytes are not one: the server judges by decoding.
  await page.getByLabel('Profile picture file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await shot(page, 'profile-picture-refused');
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', DEFAULT_AVATAR);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Profile picture file')).toHaveCount(0);
});

test('the username changes on screen, in storage and on the server; the password too', async ({ page, request }) => {
  const me = await createUser(request, 'nm');
  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const username = page.getByLabel('New username');
  await expect(username).toHaveValue(me.username);
  // The optional password is explained under the field, whole, not in a placeholder cut off at 390 px.
  const password = page.getByLabel('New password (optional)');
  await expect(password).not.toHaveAttribute('placeholder');
  const hint = page.getByText('Leave blank to keep your current password');
  await expect(hint).toBeVisible();
  expect(await hint.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await shot(page, 'profile-edit');
  await username.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username cannot be empty');
  const renamed = `${me.username}x`;
  await username.fill(renamed);
  await page.getByLabel('New password (optional)').fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
  await shot(page, 'profile-edit-error');
  await page.getByLabel('New password (optional)').fill('n3w-secret!');
  // A new password asks for the current one (issue 31).
  await page.getByLabel('Current password').fill(me.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Profile updated!');
  await expect(page.getByText(`@${renamed}`)).toBeVisible();
  await shot(page, 'profile-edit-saved');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.username).toBe(renamed);

  const login = await logIn(request, me, 'n3w-secret!', renamed);
  expect(login.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(`@${renamed}`)).toBeVisible();

  // A taken name is refused with the server's words.
  const other = await createUser(request, 'taken');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('New username').fill(other.username);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username already taken');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(`@${renamed}`)).toBeVisible();
});

test('settings: help centre with the support e-mail, about with version and tagline', async ({ page, request }) => {
  const me = await createUser(request, 'set');
  await signIn(page, me);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await page.getByRole('button', { name: 'Help Center' }).click();
  await expect(page.getByText('Need assistance?')).toBeVisible();
  const mail = page.getByRole('link', { name: 'help@memorymap.test' });
  await expect(mail).toHaveAttribute('href', 'mailto:help@memorymap.test');
  await expect(page.getByText('Version 0.1.0')).toBeVisible();
  await expect(page.getByText('A place to store and organize your memories')).toBeVisible();
  await shot(page, 'profile-settings');
  await page.getByRole('button', { name: 'Back to Profile' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
});
