import { SESSION_TOKEN_KEY } from '@memory-map/shared';
import { useSyncExternalStore } from 'react';
import type { SelfUser } from './api/types.ts';

/** docs/product.md §3: the current user record and the token live in localStorage under 'user' and 'token'. */
const USER_KEY = 'user';
// Shared: the page's first script reads it too, to open the right screen (shared/src/first-paint.ts).
const TOKEN_KEY = SESSION_TOKEN_KEY;
const CHANGE_EVENT = 'mm-session-change';

/** The stored user record; friends and request lists may hold ids or objects with _id (docs/product.md §3). */
export type StoredUser = Omit<SelfUser, 'friends' | 'friendRequests'> & {
  friends?: Array<string | { _id: string } | null>;
  friendRequests?: {
    sent?: Array<string | { _id: string } | null>;
    received?: Array<string | { _id: string } | null>;
  };
};

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

function notify() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function saveSession(token: string, user: StoredUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function saveStoredUser(user: StoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

/** Applies a change to the stored user record (e.g. add an id to the sent list). */
export function updateStoredUser(change: (user: StoredUser) => StoredUser): void {
  const user = getStoredUser();
  if (user) saveStoredUser(change(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

/** Ids from a stored list that may hold ids, objects with _id, or nulls (nulls ignored). */
export function idsOf(list: Array<string | { _id: string } | null> | undefined): string[] {
  return (list ?? []).flatMap((x) => (x == null ? [] : typeof x === 'string' ? [x] : x._id ? [x._id] : []));
}

function subscribe(callback: () => void) {
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

const signedOut = () => null;

/** Re-renders when the session changes in this tab or another. */
export function useSession(): { token: string | null; user: StoredUser | null } {
  // The page drawn at build time is the signed-out sign-in screen (app/prerender.tsx): hydrating
  // it starts from no session, then React re-renders with what this browser holds.
  const token = useSyncExternalStore(subscribe, getToken, signedOut);
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(USER_KEY), signedOut);
  return { token, user: raw ? safeParse(raw) : null };
}

function safeParse(raw: string): StoredUser | null {
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}
