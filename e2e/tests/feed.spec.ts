import path from 'node:path';
import type { Page } from '@playwright/test';
import { authHeaders, createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { feedTitles, scrollToCard } from '../fixtures/feed.ts';
import { shot } from '../fixtures/shots.ts';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.jpg');
const EMPTY = 'No pins match your current filters. Try adjusting your filters or add more memories!';
const articles = (page: Page) => page.getByRole('article');

test('the feed pages through 30+ memories newest first without duplicates, and the filters narrow it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const me = await createUser(request, 'reader');
  const pal = await createUser(request, 'pal');
  const stranger = await createUser(request, 'far');
  await makeFriends(request, me, pal);
  // 12 own (private, friends, public), 10 friends-only from a friend, 12 public from a stranger: 34 in all.
  for (let i = 1; i <= 12; i++) await createMemory(request, me, { title: `Own ${i}`, visibility: (['1', '2', '3'] as const)[i % 3] });
  for (let i = 1; i <= 10; i++) await createMemory(request, pal, { title: `Pal ${i}`, visibility: '2' });
  for (let i = 1; i <= 12; i++) await createMemory(request, stranger, { title: `Far ${i}`, visibility: '3' });
  // Never shown to me: the stranger's friends-only and the friend's private memories.
  await createMemory(request, stranger, { title: 'Hidden friends-only', visibility: '2' });
  await createMemory(request, pal, { title: 'Hidden private', visibility: '1' });
  // The newest of all, with tagged friends and a long description.
  await createMemory(request, pal, {
    title: 'Latest with friends',
    visibility: '3',
    tags: [me.id],
    description: 'A long day at the lake: swimming, a picnic under the pines, and a sunset that would not end at all.',
  });

  await signIn(page, me);
  await page.goto('/feeds');
  const first = articles(page).first();
  await expect(first).toHaveAttribute('aria-label', 'Latest with friends');
  // The first page of 20, more to come: the count is not known yet.
  await expect(first).toHaveAttribute('aria-posinset', '1');
  await expect(first).toHaveAttribute('aria-setsize', '-1');
  await expect(first).toContainText(`${pal.username} & ${me.username}`);
  await expect(first).toContainText('London, United Kingdom');
  await expect(first).toContainText('Public Memory');
  await expect(first.getByRole('button', { name: 'Show more' })).toBeVisible();
  await shot(page, 'feed-first-page');
  await first.getByRole('button', { name: 'Show more' }).click();
  await expect(first.getByRole('button', { name: 'Show less' })).toBeVisible();

  // Windowed: a reader scrolling to the end has seen every card once; the DOM holds only some.
  const titles = await feedTitles(page);
  expect(titles).toHaveLength(35);
  expect(new Set(titles).size).toBe(35);
  await expect(articles(page).last()).toHaveAttribute('aria-setsize', '35');
  expect(await articles(page).count()).toBeLessThan(35);
  expect(titles).not.toContain('Hidden friends-only');
  expect(titles).not.toContain('Hidden private');
  // Newest first: the stranger's last public memory comes before their first.
  expect(titles.indexOf('Far 12')).toBeLessThan(titles.indexOf('Far 1'));
  expect(titles.at(-1)).toBe('Own 1');
  await shot(page, 'feed-end');

  await page.locator('.app-main').evaluate((el) => el.scrollTo(0, 0));
  const toggle = page.getByRole('button', { name: /Filter Memories/ });
  await expect(toggle).toContainText('3');
  await toggle.click();
  await page.getByLabel('Public Memories').uncheck();
  await expect(toggle).toContainText('2');
  await expect(articles(page).first()).toHaveAttribute('aria-setsize', '22');
  await shot(page, 'feed-filter-open');
  await page.getByLabel('Your Memories').uncheck();
  await expect(articles(page).first()).toHaveAttribute('aria-setsize', '10');
  await expect(articles(page).first()).toContainText('Friend Memory');
  await page.getByLabel('Friend Memories').uncheck();
  await expect(toggle).toContainText('0');
  await expect(page.getByText(EMPTY)).toBeVisible();
  await shot(page, 'feed-filter-none');
  await page.getByLabel('Your Memories').check();
  await expect(articles(page).first()).toHaveAttribute('aria-setsize', '12');
  await expect(articles(page).first()).toContainText(/Your Memory \((Private|Friends|Public)\)/);
});

test('an image opens full size from the feed', async ({ page, request }) => {
  const me = await createUser(request, 'pics');
  await createMemory(request, me, { title: 'With a photo', visibility: '1', imagePath: PHOTO });
  await signIn(page, me);
  await page.goto('/feeds');
  const item = page.getByRole('article', { name: 'With a photo' });
  await expect(item).toContainText('Your Memory (Private)');
  const thumb = item.getByRole('img', { name: 'With a photo' });
  await expect(thumb).toHaveJSProperty('complete', true);
  const thumbWidth = await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(thumbWidth).toBeGreaterThan(0);
  await item.getByRole('button', { name: 'View With a photo full size' }).click();
  const viewer = page.getByRole('dialog', { name: 'With a photo' });
  await expect(viewer).toBeVisible();
  const full = viewer.getByRole('img');
  await expect(full).toHaveJSProperty('complete', true);
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(thumbWidth);
  await shot(page, 'feed-image-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test("removing a friend takes their friends-only memories out of the feed", async ({ page, request }) => {
  const me = await createUser(request, 'ex');
  const old = await createUser(request, 'old');
  await makeFriends(request, me, old);
  await createMemory(request, old, { title: 'Only for friends', visibility: '2' });
  await createMemory(request, old, { title: 'For everyone', visibility: '3' });

  await signIn(page, me);
  await page.goto('/feeds');
  await expect(page.getByRole('article', { name: 'Only for friends' })).toContainText('Friend Memory');
  await expect(page.getByRole('article', { name: 'For everyone' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Friends' }).click();
  await page.getByRole('button', { name: `Remove ${old.username}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Friend' });
  await expect(dialog).toContainText(`Are you sure you want to remove ${old.username} from your friends?`);
  await shot(page, 'friends-remove-confirm');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("You don't have any friends yet")).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.friends).not.toContain(old.id);
  // The list is asked again a second later and stays empty.
  await page.waitForTimeout(1200);
  await expect(page.getByText("You don't have any friends yet")).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await expect(page.getByRole('article', { name: 'For everyone' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Only for friends' })).toHaveCount(0);
  // Both ways: the old friend no longer has me either.
  const theirs = await request.get('/api/query_friends', { headers: authHeaders(old) });
  expect(await theirs.json()).toEqual([]);
  await page.reload();
  await expect(page.getByRole('article', { name: 'For everyone' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Only for friends' })).toHaveCount(0);
});

test('a refresh that fails keeps the memories on screen, with the error above them', async ({ page, request }) => {
  const me = await createUser(request, 'stale');
  await createMemory(request, me, { title: 'Still here', visibility: '1' });
  await signIn(page, me);
  await page.goto('/feeds');
  await expect(page.getByRole('article', { name: 'Still here' })).toBeVisible();

  await page.route('**/api/query_feed**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Friends' }).click();
  // The feed must really be left: while the Friends chunk loads the feed stays up (a transition),
  // and a tap on Feed then would never open the feed again, so nothing would ask.
  await expect(page.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Feed' }).click();
  // The screen asks again on opening (with retries); the cached memory stays meanwhile.
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Failed to load feed. Please try again later.', { timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Still here' })).toBeVisible();
  await shot(page, 'feed-refresh-failed');

  await page.unroute('**/api/query_feed**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Still here' })).toBeVisible();
});

/** How far a card's top sits below the top of the app's scroller, in px. */
function topInScroller(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true }).evaluate((card) => {
    const main = document.querySelector('.app-main')!;
    return Math.round(card.getBoundingClientRect().top - main.getBoundingClientRect().top);
  });
}

test('a memory arriving live above the card being read does not move it; a focused card stays in the page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const me = await createUser(request, 'steady');
  const pal = await createUser(request, 'poster');
  await makeFriends(request, me, pal);
  for (let i = 1; i <= 15; i++) await createMemory(request, me, { title: `Note ${i}`, visibility: '1', imagePath: i % 4 ? undefined : PHOTO });
  await signIn(page, me);
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await page.goto('/feeds');
  await stream;
  await scrollToCard(page, 'Note 5');
  await page.locator('.app-main').evaluate((main) => {
    const target = main.querySelector('[aria-label="Note 5"]')!;
    main.scrollTop += target.getBoundingClientRect().top - main.getBoundingClientRect().top - 80;
  });
  await expect.poll(() => topInScroller(page, 'Note 5')).toBe(80);
  await expect(page.getByRole('article', { name: 'Note 5', exact: true })).toHaveAttribute('aria-posinset', '11');

  // A friend posts: the feed is asked again and the new memory comes first, above the reader.
  const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/query_feed');
  await createMemory(request, pal, { title: 'Fresh from a friend', visibility: '2' });
  await refreshed;
  await expect(page.getByRole('article', { name: 'Note 5', exact: true })).toHaveAttribute('aria-posinset', '12');
  expect(await topInScroller(page, 'Note 5')).toBe(80);

  // Focus on a card, then the list scrolled far from it: the card stays drawn, focus stays on it.
  const card = page.getByRole('article', { name: 'Note 5', exact: true });
  await card.focus();
  await page.locator('.app-main').evaluate((main) => main.scrollTo(0, 0));
  await expect(page.getByRole('article', { name: 'Fresh from a friend' })).toBeVisible();
  await expect(card).toBeFocused();
  // The keyboard goes on from the card: through its own controls (Open, Show on map), then to the next card.
  await page.keyboard.press('Tab');
  // Its conversation's button (docs/design.md §14), then Show on map.
  await expect(card.getByRole('button', { name: /^Open Note 5: / })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Show Note 5 on map' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('article', { name: 'Note 4', exact: true })).toBeFocused();
});
