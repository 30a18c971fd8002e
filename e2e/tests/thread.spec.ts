import { authHeaders, createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { gotoLive, openAs } from '../fixtures/live.ts';
import { shot } from '../fixtures/shots.ts';

/**
 * A memory's conversation (docs/design.md §14) with two people on two phones: the friend opens the
 * memory from the feed, reacts and comments; the author, with the memory's screen open, sees both
 * arrive without reloading and the bell's badge count them, then reads them on the notifications
 * screen. The memory is friends-only: the public feed's count (feed.spec.ts) is not touched.
 */

test('one person reacts and comments; the other sees it live and gets a badge', async ({ page, browser, request, baseURL }) => {
  const ann = await createUser(request, 'threadann');
  const ben = await createUser(request, 'threadben');
  await makeFriends(request, ann, ben);
  const pin = await createMemory(request, ann, { title: 'Lake day', description: 'Cold water, warm sun.', visibility: '2' });

  // Ann (the author) has the memory's screen open; she has read Ben's acceptance already.
  expect((await request.post('/api/notifications/read', { data: {}, headers: authHeaders(ann) })).status()).toBe(204);
  await signIn(page, ann);
  await gotoLive(page, `/memory/${pin.id}`);
  await expect(page.getByRole('heading', { name: 'Lake day', level: 1 })).toBeVisible();
  await expect(page.getByText('No comments yet. Say something nice.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Ben opens it from his feed card.
  const benPage = await openAs(browser, baseURL!, ben);
  await gotoLive(benPage, '/feeds');
  await benPage.getByRole('button', { name: 'Open Lake day: 0 reactions, 0 comments' }).click();
  await expect(benPage).toHaveURL(new RegExp(`/memory/${pin.id}$`));
  await benPage.getByRole('button', { name: 'Love, 0' }).click();
  await expect(benPage.getByRole('button', { name: 'Love, 1, yours' })).toHaveAttribute('aria-pressed', 'true');
  await benPage.getByRole('textbox', { name: 'Comment' }).fill(`What a day, @${ann.username}!`);
  await benPage.getByRole('button', { name: 'Send' }).click();
  const thread = benPage.getByRole('list', { name: 'Comments' });
  await expect(thread.getByText(`What a day, @${ann.username}!`)).toBeVisible();
  await expect(thread.getByText('Sending…')).toHaveCount(0);
  await shot(benPage, 'memory-thread-light');
  await expectAccessible(benPage, 'memory screen');

  // Ann sees both live, and the bell counts them (a reaction and a mention).
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(`What a day, @${ann.username}!`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Love, 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`${ben.username} mentioned you on Lake day`) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`${ben.username} reacted to Lake day`) })).toBeVisible();
  // Seen: the badge is gone.
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await shot(page, 'notifications-light');
  await expectAccessible(page, 'notifications screen');

  // A comment that cannot be sent stays on Ben's screen, marked, and goes once he retries.
  await benPage.context().setOffline(true);
  await benPage.getByRole('textbox', { name: 'Comment' }).fill('Sent from the tunnel');
  await benPage.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByRole('alert')).toContainText("You're offline");
  await expect(thread.getByText('Not sent')).toBeVisible();
  await benPage.emulateMedia({ colorScheme: 'dark' });
  await shot(benPage, 'memory-thread-failed-dark');
  await expectAccessible(benPage, 'memory screen with a failed comment (dark)');
  await benPage.context().setOffline(false);
  await thread.getByRole('button', { name: 'Retry' }).click();
  await expect(thread.getByText('Not sent')).toHaveCount(0);

  // Ann, still on her notifications, sees it arrive there (and, looking at it, has read it); it
  // leads to the memory.
  await page.getByRole('link', { name: new RegExp(`${ben.username} commented on Lake day`) }).click();
  await expect(page).toHaveURL(new RegExp(`/memory/${pin.id}$`));
  await expect(page.getByRole('heading', { name: '2 comments' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'memory-author-dark');
  await benPage.context().close();
});
