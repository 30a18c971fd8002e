import type { Browser, Page } from '@playwright/test';
import { authHeaders, createUser, expect, makeFriends, signIn, test, type E2EUser } from '../fixtures.ts';
import { shot } from '../fixtures/shots.ts';

/** A second person on their own phone: a separate browser context with the same size and rules. */
async function openAs(browser: Browser, baseURL: string, user: E2EUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const row = (page: Page, username: string) => page.getByRole('listitem').filter({ hasText: username });
const requestsLink = (page: Page) => page.getByRole('link', { name: /Friend Requests/ });

test('two newcomers find each other: send → badge → accept → both friend lists', async ({ page, browser, request, baseURL }) => {
  const ann = await createUser(request, 'ann');
  const ben = await createUser(request, 'ben');
  await signIn(page, ann);
  const benPage = await openAs(browser, baseURL!, ben);

  // Ann: Friends is empty and leads to Add Friend.
  await page.goto('/friends');
  await expect(page.getByText("You don't have any friends yet")).toBeVisible();
  await expect(page.getByText('0 friends')).toBeVisible();
  await shot(page, 'friends-empty');
  await page.getByRole('link', { name: 'Find Friends' }).click();
  await expect(page).toHaveURL(/\/add-friend$/);
  await expect(page.getByRole('heading', { name: 'Add Friend' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill(ben.username.toUpperCase());
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(row(page, ben.username)).toBeVisible();
  // Strangers see username and picture only (docs/design.md §6).
  await expect(row(page, ben.username)).not.toContainText(ben.email);
  await row(page, ben.username).getByRole('button', { name: `Send friend request to ${ben.username}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send Friend Request' });
  await expect(dialog).toContainText(`Are you sure you want to send a friend request to ${ben.username}?`);
  await shot(page, 'add-friend-confirm');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(row(page, ben.username).getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await row(page, ben.username).click();
  await expect(page.getByText('Friend request already sent')).toBeVisible();
  await shot(page, 'add-friend-sent');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.friendRequests.sent).toContain(ben.id);

  // Ben: the badge counts the request; Add Friend says Ann is waiting for an answer.
  await benPage.goto('/friends');
  await expect(requestsLink(benPage).locator('.count-badge')).toHaveText('1');
  await shot(benPage, 'friends-badge');
  await benPage.goto('/add-friend');
  await row(benPage, ann.username).getByRole('button', { name: 'Respond to Request' }).click();
  await expect(benPage.getByText('This user has already sent you a friend request')).toBeVisible();
  await benPage.goto('/friends');
  await requestsLink(benPage).click();
  await expect(benPage.getByRole('heading', { name: 'Friend Requests' })).toBeVisible();
  const request1 = row(benPage, ann.username);
  await expect(request1).toContainText(ann.email);
  await shot(benPage, 'friend-requests-list');
  await request1.getByRole('button', { name: `Accept ${ann.username}` }).click();
  await expect(request1).toContainText('Accepted');
  await shot(benPage, 'friend-requests-accepted');
  await expect(request1).toHaveCount(0);
  await expect(benPage.getByText('No pending friend requests')).toBeVisible();

  // Both lists now hold the other, with e-mail; the badge is gone.
  await benPage.goto('/friends');
  await expect(row(benPage, ann.username)).toContainText(ann.email);
  await expect(benPage.getByText('1 friend', { exact: true })).toBeVisible();
  await expect(requestsLink(benPage).locator('.count-badge')).toHaveCount(0);
  await page.goto('/friends');
  await expect(row(page, ben.username)).toContainText(ben.email);
  await expect(page.getByText('1 friend', { exact: true })).toBeVisible();
  await shot(page, 'friends-one');
  await page.goto('/add-friend');
  await expect(row(page, ben.username).getByRole('button', { name: 'Friends' })).toBeVisible();
  await row(page, ben.username).click();
  await expect(page.getByText('You are already friends with this user')).toBeVisible();
  await benPage.context().close();
});

test('a rejected request disappears and the sender may ask again', async ({ page, request }) => {
  const cy = await createUser(request, 'cy');
  const dee = await createUser(request, 'dee');
  const sent = await request.post('/api/send_request', { data: { userId: dee.id }, headers: authHeaders(cy) });
  expect(sent.ok()).toBeTruthy();

  await signIn(page, dee);
  await page.goto('/friend-requests');
  const r = row(page, cy.username);
  await r.getByRole('button', { name: `Reject ${cy.username}` }).click();
  await expect(r).toContainText('Rejected');
  await shot(page, 'friend-requests-rejected');
  await expect(page.getByText('No pending friend requests')).toBeVisible();
  await shot(page, 'friend-requests-empty');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.friendRequests.received).not.toContain(cy.id);
  await page.goto('/friends');
  await expect(page.getByText("You don't have any friends yet")).toBeVisible();

  // The server forgot the request: Cy's Add Friend offers to send again.
  const pending = await request.get('/api/pending_requests', { headers: authHeaders(dee) });
  expect((await pending.json()).pendingRequests).toHaveLength(0);
  const again = await request.post('/api/send_request', { data: { userId: dee.id }, headers: authHeaders(cy) });
  expect(again.ok()).toBeTruthy();
});

test('search filters friends by username, case-insensitively', async ({ page, request }) => {
  const star = await createUser(request, 'star');
  const fan = await createUser(request, 'Fan');
  const pal = await createUser(request, 'pal');
  await makeFriends(request, fan, star);
  await makeFriends(request, pal, star);
  await signIn(page, star);
  await page.goto('/friends');
  await expect(page.getByText('2 friends')).toBeVisible();
  const friends = page.getByRole('list', { name: 'Friends' }).getByRole('listitem');
  await expect(friends).toHaveCount(2);
  await shot(page, 'friends-two');

  const search = page.getByPlaceholder('Search for friend(s)...');
  await search.fill('fAN');
  await expect(friends).toHaveCount(1);
  await expect(row(page, fan.username)).toBeVisible();
  await search.fill('PAL');
  await expect(friends).toHaveCount(1);
  await expect(row(page, pal.username)).toBeVisible();
  await search.fill('nobody-here');
  await expect(page.getByText('No friends match')).toBeVisible();
  await shot(page, 'friends-search-none');
  await search.fill('');
  await expect(friends).toHaveCount(2);
});

/**
 * Holds back the answer to the first matching request until the test releases it. The server has
 * done its work (`done` resolves then); the page has not heard back. No timers: the test decides
 * what happens while the call is in flight.
 */
async function holdFirstAnswer(page: Page, url: string): Promise<{ done: Promise<void>; release: () => void }> {
  let first = true;
  let markDone!: () => void;
  const done = new Promise<void>((resolve) => (markDone = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    markDone();
    await released;
    await route.fulfill({ response });
  });
  return { done, release };
}

test('requests accepted while another is still in flight each end Accepted and reach the stored friends', async ({ page, request }) => {
  const host = await createUser(request, 'host');
  const ava = await createUser(request, 'ava');
  const bo = await createUser(request, 'bo');
  const cy = await createUser(request, 'cy');
  for (const from of [ava, bo]) {
    const sent = await request.post('/api/send_request', { data: { userId: host.id }, headers: authHeaders(from) });
    expect(sent.ok()).toBeTruthy();
  }
  await signIn(page, host);
  const avaAnswer = await holdFirstAnswer(page, '**/api/accept_request');
  await page.goto('/friend-requests');
  await row(page, ava.username).getByRole('button', { name: `Accept ${ava.username}` }).click();
  await row(page, bo.username).getByRole('button', { name: `Accept ${bo.username}` }).click();
  await expect(row(page, bo.username)).toContainText('Accepted');
  await shot(page, 'friend-requests-two-accepted');
  // Ava's accept is done on the server, its answer still on the way. Cy asks meanwhile.
  await avaAnswer.done;
  const sent = await request.post('/api/send_request', { data: { userId: host.id }, headers: authHeaders(cy) });
  expect(sent.ok()).toBeTruthy();
  // Bo's row leaves after its 1.5 s and the list is fetched again: it has Cy, and no longer Ava.
  await expect(row(page, bo.username)).toHaveCount(0);
  await expect(row(page, cy.username)).toBeVisible();
  // Ava's row stays until its own answer and its own 1.5 s.
  await expect(row(page, ava.username)).toBeVisible();
  avaAnswer.release();
  await expect(row(page, ava.username)).toContainText('Accepted');
  await expect(row(page, ava.username)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Friend requests' }).getByRole('listitem')).toHaveCount(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.friends).toEqual(expect.arrayContaining([ava.id, bo.id]));
  expect(stored.friendRequests.received).not.toContain(ava.id);
  expect(stored.friendRequests.received).not.toContain(bo.id);
  await page.goto('/friends');
  await expect(page.getByText('2 friends')).toBeVisible();
});

test('requests sent while another is still in flight each end Request Sent and reach the stored sent list', async ({ page, request }) => {
  const asker = await createUser(request, 'asker');
  const cat = await createUser(request, 'cat');
  const dan = await createUser(request, 'dan');
  await signIn(page, asker);
  const catAnswer = await holdFirstAnswer(page, '**/api/send_request');
  await page.goto('/add-friend');
  for (const target of [cat, dan]) {
    await row(page, target.username).getByRole('button', { name: `Send friend request to ${target.username}` }).click();
    await page.getByRole('alertdialog', { name: 'Send Friend Request' }).getByRole('button', { name: 'Send Request' }).click();
  }
  // Dan's answer arrives while Cat's is still held.
  await expect(row(page, dan.username).getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await catAnswer.done;
  catAnswer.release();
  await expect(row(page, cat.username).getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await shot(page, 'add-friend-two-sent');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.friendRequests.sent).toEqual(expect.arrayContaining([cat.id, dan.id]));
});

test('logged out, Add Friend and Friend Requests offer to log in, as Friends does', async ({ page }) => {
  for (const [path, text] of [
    ['/add-friend', 'You must be logged in to view users'],
    ['/friend-requests', 'You must be logged in to view friend requests'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(text);
    await shot(page, `${path.slice(1)}-logged-out`);
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});
