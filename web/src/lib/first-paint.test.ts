import {
  APP_STARTED_ATTRIBUTE,
  EARLY_ANSWERS_GLOBAL,
  FIRST_FEED_PAGE,
  FIRST_PAINT_REDIRECTS,
  FIRST_PAINT_SCRIPT,
  LEAVING_ATTRIBUTE,
  SUBMIT_WAITING_ATTRIBUTE,
} from '@memory-map/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyColorScheme, COLOR_SCHEME_KEY, loadColorSchemeChoice } from './color-scheme.ts';
import { prefersDark } from '../../test/prefers-dark.ts';

// The inline script every page runs before its first paint (shared/src/first-paint.ts) does what
// the app does once its JavaScript runs; these pin the two together.

/** Runs the script as a page does, at this path; `location` is a stand-in (jsdom cannot navigate). */
function runScript(pathname: string) {
  const location = { pathname, replace: vi.fn<(url: string) => void>() };
  new Function('location', FIRST_PAINT_SCRIPT)(location);
  return location;
}

const html = document.documentElement;
/** What the page shows of the scheme: the attribute the CSS reads, and the browser's bar colour. */
const schemeOnPage = () => ({ theme: html.getAttribute('data-theme'), themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') });

function freshPage() {
  html.removeAttribute('data-theme');
  html.removeAttribute(LEAVING_ATTRIBUTE);
  html.style.visibility = '';
  document.head.innerHTML = '<meta name="theme-color" content="#0f172a">';
}

/** The page's fetch, never answering: what the script asks for, and with which headers. */
const pageFetch = () => vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));

describe('the first-paint script', () => {
  beforeEach(() => {
    freshPage();
    vi.stubGlobal('fetch', pageFetch());
  });
  afterEach(() => {
    freshPage();
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
    localStorage.removeItem('token');
  });

  it('applies the scheme chosen in Settings as the app does: the same key, the same attribute and theme colour', () => {
    for (const stored of ['dark', 'light', null, 'nonsense']) {
      for (const deviceDark of [false, true]) {
        const label = `stored ${stored}, device ${deviceDark ? 'dark' : 'light'}`;
        prefersDark(deviceDark);
        if (stored === null) localStorage.removeItem(COLOR_SCHEME_KEY);
        else localStorage.setItem(COLOR_SCHEME_KEY, stored);

        freshPage();
        runScript('/feeds');
        const byScript = schemeOnPage();

        freshPage();
        applyColorScheme(loadColorSchemeChoice());
        expect(byScript, label).toEqual(schemeOnPage());
      }
    }
    // And what that is, for one case: Dark chosen on a light device.
    prefersDark(false);
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    freshPage();
    runScript('/login');
    expect(schemeOnPage()).toEqual({ theme: 'dark', themeColor: '#020617' });
  });

  it('sends a visitor on from a screen that would send them on at once, hiding the page it leaves', () => {
    for (const [signedIn, table] of [
      [true, FIRST_PAINT_REDIRECTS.signedIn],
      [false, FIRST_PAINT_REDIRECTS.signedOut],
    ] as const) {
      if (signedIn) localStorage.setItem('token', 'tok');
      else localStorage.removeItem('token');
      for (const [from, to] of Object.entries(table)) {
        // As the router matches paths: any case, a trailing slash.
        for (const asked of new Set([from, `${from.toUpperCase()}/`])) {
          freshPage();
          expect(runScript(asked).replace, `${asked} signed ${signedIn ? 'in' : 'out'}`).toHaveBeenCalledWith(to);
          expect(html.hasAttribute(LEAVING_ATTRIBUTE)).toBe(true);
          expect(html.style.visibility).toBe('hidden');
        }
      }
    }
  });

  it('leaves every other page as it is', () => {
    for (const [token, pathname] of [
      ['tok', '/landing'],
      ['tok', '/feeds'],
      [null, '/login'],
      [null, '/register'],
      [null, '/feeds'],
      [null, '/friends'],
      [null, '/no-such-page'],
    ] as const) {
      if (token) localStorage.setItem('token', token);
      else localStorage.removeItem('token');
      freshPage();
      expect(runScript(pathname).replace, pathname).not.toHaveBeenCalled();
      expect(html.hasAttribute(LEAVING_ATTRIBUTE)).toBe(false);
      expect(html.style.visibility).toBe('');
    }
  });

  it('still draws the page when storage cannot be read (private mode): the device scheme, no redirect', () => {
    prefersDark(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runScript('/login').replace).not.toHaveBeenCalled();
    expect(schemeOnPage()).toEqual({ theme: null, themeColor: '#020617' });
  });

  it('never lets the browser send a form; before the app runs it holds one back and marks the page, and typing again withdraws it', () => {
    runScript('/login');
    document.body.innerHTML = '<form><input name="password" value="secret"><button>Log In</button></form>';
    const form = document.querySelector('form')!;
    const reachedForm = vi.fn();
    form.addEventListener('submit', reachedForm);
    const send = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event;
    };
    try {
      // Before the app: the browser would send it as a GET, the password in the address.
      expect(send().defaultPrevented).toBe(true);
      expect(reachedForm).not.toHaveBeenCalled();
      expect(html.hasAttribute(SUBMIT_WAITING_ATTRIBUTE)).toBe(true);
      document.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
      expect(html.hasAttribute(SUBMIT_WAITING_ATTRIBUTE)).toBe(false);

      // Once the app's screen is up, the form's own handler gets it; the browser still never sends it.
      html.setAttribute(APP_STARTED_ATTRIBUTE, '');
      expect(send().defaultPrevented).toBe(true);
      expect(reachedForm).toHaveBeenCalledTimes(1);
      expect(html.hasAttribute(SUBMIT_WAITING_ATTRIBUTE)).toBe(false);
    } finally {
      html.removeAttribute(SUBMIT_WAITING_ATTRIBUTE);
      html.removeAttribute(APP_STARTED_ATTRIBUTE);
      document.body.innerHTML = '';
    }
  });

  it("starts the feed's first page on the feed's page, signed in, with the stored token, and keeps its answer for the app", () => {
    localStorage.setItem('token', 'tok');
    const fetchSpy = pageFetch();
    vi.stubGlobal('fetch', fetchSpy);
    runScript('/Feeds/');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(FIRST_FEED_PAGE, { credentials: 'same-origin', headers: { accept: 'application/json', authorization: 'Bearer tok' } });
    const kept = (window as unknown as Record<string, Record<string, { token: string; answer: unknown }>>)[EARLY_ANSWERS_GLOBAL]!;
    expect(Object.keys(kept)).toEqual([FIRST_FEED_PAGE]);
    expect(kept[FIRST_FEED_PAGE]!.token).toBe('tok');
    expect(kept[FIRST_FEED_PAGE]!.answer).toBe(fetchSpy.mock.results[0]!.value);
  });

  it('starts nothing signed out, on a page being left, or on a screen with no first request', () => {
    for (const [token, pathname] of [
      [null, '/feeds'],
      ['tok', '/login'],
      ['tok', '/landing'],
      ['tok', '/friends'],
    ] as const) {
      if (token) localStorage.setItem('token', token);
      else localStorage.removeItem('token');
      const fetchSpy = pageFetch();
      vi.stubGlobal('fetch', fetchSpy);
      freshPage();
      runScript(pathname);
      expect(fetchSpy, pathname).not.toHaveBeenCalled();
      expect(EARLY_ANSWERS_GLOBAL in window, pathname).toBe(false);
    }
  });

  it('can sit inside a <script> element as it is', () => {
    expect(FIRST_PAINT_SCRIPT).not.toMatch(/<\/|<!--/);
  });
});
