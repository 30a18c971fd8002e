import { createMemory, createUser, expect, makeFriends, signIn, test } from '../fixtures.ts';
import { freshSpot, grantLocation, popup } from '../fixtures/map.ts';
import { shot } from '../fixtures/shots.ts';

// Issue 31: no dead ends. A feed card opens its memory on the map; a friend opens into a profile.

test("a friend's profile shows what of theirs one may see, and each memory opens on the map", async ({ page, context, request }) => {
  const here = freshSpot();
  await grantLocation(context, here);
  const me = await createUser(request, 'pviewer');
  const friend = await createUser(request, 'pfriend');
  await makeFriends(request, me, friend);
  await createMemory(request, friend, { title: 'Lantern festival', visibility: '2', latitude: 35.0116, longitude: 135.7681, locationName: 'Kyoto, Japan' });
  await createMemory(request, friend, { title: 'Only for me', visibility: '1', latitude: 35.0, longitude: 135.7 });
  await createMemory(request, friend, { title: 'Harbour swim', visibility: '3', latitude: 43.2965, longitude: 5.3698, locationName: 'Marseille, France' });
  await signIn(page, me);
  await page.goto('/friends');
  await page.getByRole('list', { name: 'Friends' }).getByRole('link', { name: new RegExp(friend.username) }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${friend.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: friend.username })).toBeVisible();
  const list = page.getByRole('list', { name: `Memories of ${friend.username}` });
  await expect(list.getByRole('heading')).toHaveText(['Harbour swim', 'Lantern festival']);
  await expect(page.getByText('2 memories you can see')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of these memories' })).toBeVisible();
  await shot(page, 'issue31-friend-profile');

  await page.getByRole('button', { name: 'Show Lantern festival on map' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(popup(page, 'Lantern festival')).toBeVisible();
  await shot(page, 'issue31-show-on-map');
});

test('a feed card opens its memory on the map, and its author opens into their profile', async ({ page, context, request }) => {
  await grantLocation(context, freshSpot());
  const me = await createUser(request, 'fviewer');
  const other = await createUser(request, 'fauthor');
  await createMemory(request, other, { title: 'Cliff path', visibility: '3', latitude: 50.7, longitude: -3.5, locationName: 'Devon, United Kingdom' });
  await signIn(page, me);
  await page.goto('/feeds');
  const card = page.getByRole('article', { name: 'Cliff path' });
  await card.getByRole('button', { name: 'Show Cliff path on map' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(popup(page, 'Cliff path')).toBeVisible();

  await page.goto('/feeds');
  await page.getByRole('article', { name: 'Cliff path' }).getByRole('link', { name: other.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: other.username })).toBeVisible();
  await expect(page.getByRole('list', { name: `Memories of ${other.username}` }).getByRole('heading')).toHaveText(['Cliff path']);
});
