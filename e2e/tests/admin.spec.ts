import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext } from '@playwright/test';
import { authHeaders, createUser, expect, signIn, test, uniqueName, type E2EUser } from '../fixtures.ts';

/**
 * An admin for this run. The first account of the server is its admin, but which spec makes it
 * depends on the order they run in; so a user of this spec is made one in the server's database
 * (fixtures make data directly; the screens are what is under test).
 */
async function createAdmin(request: APIRequestContext): Promise<E2EUser> {
  const user = await createUser(request, 'boss');
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'memory-map.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update users set is_admin = 1 where id = ?').run(user.id);
  } finally {
    db.close();
  }
  return user;
}

async function setMode(request: APIRequestContext, admin: E2EUser, registration: string) {
  const res = await request.put('/api/admin/settings', { data: { registration }, headers: authHeaders(admin) });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin invites someone, who signs up with the link; disabling them ends their session', async ({ page, browser, request }) => {
  const admin = await createAdmin(request);
  try {
    await signIn(page, admin);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('This device')).toBeVisible();
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();

    await page.getByRole('radio', { name: /By invite/ }).check();
    await expect.poll(async () => (await (await request.get('/api/admin/settings', { headers: authHeaders(admin) })).json()).registration).toBe('invite');
    await page.getByRole('button', { name: 'Make invite' }).click();
    const link = page.getByRole('textbox', { name: /^Invite link / });
    await expect(link).toHaveValue(/\/register\?invite=/);
    const inviteUrl = new URL(await link.inputValue());

    // Someone else, on their own phone, opens the link.
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    const name = uniqueName('guest');
    await guest.goto(inviteUrl.pathname + inviteUrl.search);
    await expect(guest.getByText('You have been invited.')).toBeVisible();
    await guest.getByLabel('Username').fill(name);
    await guest.getByLabel('Email').fill(`${name}@example.test`);
    await guest.getByLabel('Password', { exact: true }).fill('secret!1');
    await guest.getByLabel('Confirm Password').fill('secret!1');
    await guest.getByRole('button', { name: 'Sign Up' }).click();
    await expect(guest).toHaveURL(/\/landing$/);

    // Without the link, the same form is refused with the server's words.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/register');
    const other = uniqueName('nolink');
    await strangerPage.getByLabel('Username').fill(other);
    await strangerPage.getByLabel('Email').fill(`${other}@example.test`);
    await strangerPage.getByLabel('Password', { exact: true }).fill('secret!1');
    await strangerPage.getByLabel('Confirm Password').fill('secret!1');
    await strangerPage.getByRole('button', { name: 'Sign Up' }).click();
    await expect(strangerPage.getByRole('alert')).toHaveText('This invite is not valid');
    await stranger.close();

    // The admin finds them and disables the account: their app is signed out at its next call.
    await page.getByRole('searchbox').fill(name);
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('0 memories');
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await guest.goto('/profile');
    await expect(guest).toHaveURL(/\/login$/);
    await guestContext.close();
  } finally {
    await setMode(request, admin, 'open');
  }
});

test('without e-mail, Forgot password says to ask an admin, whose reset link sets a new password', async ({ page, browser, request }) => {
  const admin = await createAdmin(request);
  const member = await createUser(request, 'forgetful');

  const memberContext = await browser.newContext();
  const phone = await memberContext.newPage();
  await phone.goto('/login');
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(phone).toHaveURL(/\/forgot-password$/);
  await expect(phone.getByText(/Ask an admin of this server for a password reset link/)).toBeVisible();

  await signIn(page, admin);
  await page.goto('/admin');
  await page.getByRole('searchbox').fill(member.username);
  const row = page.getByRole('listitem').filter({ hasText: member.username });
  await row.getByRole('button', { name: 'Reset link' }).click();
  const link = row.getByRole('textbox', { name: `Reset link for ${member.username}` });
  await expect(link).toHaveValue(/\/reset-password\?token=/);
  const resetUrl = new URL(await link.inputValue());

  await phone.goto(resetUrl.pathname + resetUrl.search);
  await phone.getByRole('textbox', { name: 'New Password' }).fill('brand!new1');
  await phone.getByLabel('Confirm Password').fill('brand!new1');
  await phone.getByRole('button', { name: 'Save New Password' }).click();
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('status')).toHaveText('Your password has been changed. Log in with the new one.');
  // The old session ended with the reset; the new password works.
  expect((await request.get('/api/get_user', { headers: authHeaders(member) })).status()).toBe(401);
  await phone.getByLabel('Username').fill(member.username);
  await phone.getByLabel('Password').fill('brand!new1');
  await phone.getByRole('button', { name: 'Log In' }).click();
  await expect(phone).toHaveURL(/\/landing$/);
  await memberContext.close();
});

test('a member sees no Admin link, and the Admin screen says it is for admins', async ({ page, request }) => {
  const member = await createUser(request, 'member');
  await signIn(page, member);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText('This device')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Only an admin can do this.')).toBeVisible();
});
