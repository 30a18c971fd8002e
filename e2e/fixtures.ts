import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface E2EUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** The address (X-Forwarded-For) the user registered and signs in from. */
  address: string;
}

let seq = 0;
/** Unique per run so tests never collide on one server. */
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`;
}

/** Creates a user through the real API (fixtures make data directly; the UI is what's under test). */
export async function createUser(request: APIRequestContext, prefix = 'user'): Promise<E2EUser> {
  const username = uniqueName(prefix);
  const email = `${username}@example.test`;
  const password = 'secret!1';
  const address = `10.${seq % 250}.0.1`;
  const res = await request.post('/api/register', {
    data: { username, email, password, confirmPassword: password },
    headers: { 'x-forwarded-for': address },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.user._id, username, email, password, token: body.token, address };
}

/**
 * A sign-in through the API from the user's own address: the server allows 30 sign-ins a minute
 * per address, which a whole run from one address exceeds (a test got 429 once the suite ran fast).
 */
export function logIn(request: APIRequestContext, user: E2EUser, password = user.password, username = user.username) {
  return request.post('/api/profile/login', { data: { username, password }, headers: { 'x-forwarded-for': user.address } });
}

export function authHeaders(user: E2EUser) {
  return { authorization: `Bearer ${user.token}` };
}

/** Makes two users friends through the real request/accept endpoints. */
export async function makeFriends(request: APIRequestContext, a: E2EUser, b: E2EUser): Promise<void> {
  const sent = await request.post('/api/send_request', { data: { userId: b.id }, headers: authHeaders(a) });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const accepted = await request.post('/api/accept_request', { data: { userId: a.id }, headers: authHeaders(b) });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
}

export interface MemoryInput {
  title: string;
  description?: string;
  latitude?: number;
  longitude?: number;
  visibility?: '1' | '2' | '3';
  locationName?: string;
  tags?: string[];
  imagePath?: string;
}

/** Creates a memory through the real multipart endpoint. */
export async function createMemory(request: APIRequestContext, user: E2EUser, input: MemoryInput) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: input.title,
    description: input.description ?? `About ${input.title}`,
    latitude: String(input.latitude ?? 51.5074),
    longitude: String(input.longitude ?? -0.1278),
    visibility: input.visibility ?? '3',
    locationName: input.locationName ?? 'London, United Kingdom',
  };
  if (input.tags?.length) multipart.tags = JSON.stringify(input.tags);
  if (input.imagePath) multipart.image = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(input.imagePath) };
  const res = await request.post('/api/create', { multipart, headers: authHeaders(user) });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Puts the session where the app keeps it (docs/product.md §3) before the first page load. */
export async function signIn(page: Page, user: E2EUser): Promise<void> {
  const res = await logIn(page.request, user);
  expect(res.status()).toBe(200);
  const body = await res.json();
  await page.addInitScript(
    ([token, u]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(u));
      }
    },
    [body.token, body.user] as const,
  );
}

// A 1×1 transparent PNG stands in for every map tile: tests stay hermetic and never reach the internet.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export const test = base.extend<{ page: Page }>({
  page: async ({ page, context }, use) => {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
      const url = route.request().url();
      if (/\.(png|jpg|jpeg)(\?|$)/.test(url) || /tile|basemaps|arcgis/.test(url)) {
        // With CORS, as the tile servers answer: the map asks for tiles crossOrigin (the service worker keeps them).
        return route.fulfill({ status: 200, contentType: 'image/png', body: TILE, headers: { 'access-control-allow-origin': '*' } });
      }
      return route.abort();
    });
    await use(page);
  },
});

export { expect };
