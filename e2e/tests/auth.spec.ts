import { createUser, expect, signIn, test, uniqueName } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

test.describe('Register', () => {
  test('shows each rule of SPEC §5 and sends nothing until they hold', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/register')) posted += 1;
    });
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await shot(page, 'register-empty');
    const alert = page.getByRole('alert');
    const submit = page.getByRole('button', { name: 'Sign Up' });

    await submit.click();
    await expect(alert).toHaveText('Please fill out all fields.');

    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Email').fill('someone@example.test');
    await page.getByLabel('Password', { exact: true }).fill('ab!');
    await page.getByLabel('Confirm Password').fill('ab!');
    await submit.click();
    await expect(alert).toHaveText('Password must be at least 6 characters long');

    await page.getByLabel('Password', { exact: true }).fill('abcdefg');
    await page.getByLabel('Confirm Password').fill('abcdefg');
    await submit.click();
    await expect(alert).toHaveText('Password must contain at least one special character');

    await page.getByLabel('Password', { exact: true }).fill('abcdef!');
    await page.getByLabel('Confirm Password').fill('abcdef?');
    await submit.click();
    await expect(alert).toHaveText('Passwords do not match.');
    await shot(page, 'register-error');
    expect(posted).toBe(0);
  });

  test("checks the password live while typing, in the spec's sentences", async ({ page }) => {
    await page.goto('/register');
    const rules = page.getByRole('list', { name: 'Password requirements' });
    const length = rules.getByRole('listitem').filter({ hasText: 'Password must be at least 6 characters long' });
    const special = rules.getByRole('listitem').filter({ hasText: 'Password must contain at least one special character' });
    const password = page.getByLabel('Password', { exact: true });
    // Listed before typing, not yet failed; nothing about the confirmation yet.
    await expect(length).toHaveClass(/\bpending\b/);
    await expect(special).toHaveClass(/\bpending\b/);
    await expect(page.getByText('Passwords do not match.')).toHaveCount(0);

    await password.pressSequentially('abc');
    await expect(length).toHaveClass(/\bunmet\b/);
    await expect(special).toHaveClass(/\bunmet\b/);
    await expect(length).toHaveCSS('color', 'rgb(220, 38, 38)');
    await shot(page, 'register-live-unmet');
    await password.pressSequentially('!');
    await expect(special).toHaveClass(/\bmet\b/);
    await expect(length).toHaveClass(/\bunmet\b/);
    await password.pressSequentially('xy');
    await expect(length).toHaveClass(/\bmet\b/);
    await expect(length).toHaveAttribute('data-met', 'true');

    const confirm = page.getByLabel('Confirm Password');
    await confirm.pressSequentially('abc');
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await confirm.pressSequentially('!xy');
    await expect(page.getByText('Passwords do not match.')).toHaveCount(0);
    await expect(page.getByText('Passwords match')).toBeVisible();
    // Live messages only: no error was raised and nothing was sent.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'register-live-check');
  });

  test('a taken username shows the server message; a new account lands on the map', async ({ page, request }) => {
    const existing = await createUser(request, 'taken');
    await page.goto('/register');
    await page.getByLabel('Username').fill(existing.username);
    await page.getByLabel('Email').fill(`${uniqueName('other')}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('secret!1');
    await page.getByLabel('Confirm Password').fill('secret!1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username already taken');

    const username = uniqueName('fresh');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.test`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: JSON.parse(localStorage.getItem('user') ?? 'null') }));
    expect(stored.token).toBeTruthy();
    expect(stored.user.username).toBe(username);
  });

  test('someone already signed in who opens Register goes to the map', async ({ page, request }) => {
    await signIn(page, await createUser(request, 'already'));
    await page.goto('/register');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toHaveCount(0);
    // Replaced, not pushed: Back does not return to the form.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
  });

  test('clears its message once the fields are edited', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill out all fields.');
    await page.getByLabel('Username').fill('someone');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('links to Log In', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Login', () => {
  test('asks for both fields, shows the server error, then signs in to the map', async ({ page, request }) => {
    const user = await createUser(request, 'login');
    await page.goto('/login');
    await expect(page.getByRole('img', { name: 'Memory Map logo' })).toBeVisible();
    await shot(page, 'login-empty');
    const alert = page.getByRole('alert');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(alert).toHaveText('Please enter an username and password.');
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(alert).toHaveText('Please enter an username and password.');

    await page.getByLabel('Password').fill('wrong-password!');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(alert).toHaveText('Invalid username or password');
    await shot(page, 'login-error');

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('shows the fallback text when the server gives none', async ({ page }) => {
    await page.route('**/api/profile/login', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.goto('/login');
    await page.getByLabel('Username').fill('anyone');
    await page.getByLabel('Password').fill('secret!1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
  });

  test('links to Register', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('screens that need a session send visitors to log in', async ({ page }) => {
    for (const path of ['/landing', '/new-location', '/update-location']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test('the bottom navigation stays hidden on /login/ and /register/ (trailing slash)', async ({ page }) => {
  for (const path of ['/register/', '/login/']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: path.startsWith('/register') ? 'Sign Up' : 'Log In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  await shot(page, 'login-trailing-slash');
});
