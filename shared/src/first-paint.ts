import { LIMITS } from './limits.ts';

/**
 * The script every page of the web app runs first, inline in its <head>, before anything is drawn
 * (docs/decisions/090-web-delivery.md, "Drawn before the JavaScript runs"). It lives here, as text,
 * because two sides need the very same bytes: the web build writes it into index.html (and so into
 * every drawn page, web/build/first-paint-script.ts), and the server allows it in the content
 * policy by its sha256 hash (server/src/plugins/security-headers.ts); inline scripts are otherwise
 * refused (`script-src 'self'`).
 *
 * What it does, each the same as the app does once its JavaScript runs:
 * - the colour scheme chosen in Settings, as web/src/lib/color-scheme.ts applies it: data-theme on
 *   <html> and the theme-color meta (web/src/lib/first-paint.test.ts runs both and compares);
 * - the screens that send a visitor elsewhere at once (the sign-in screen someone signed in, the
 *   map someone signed out) do it here, with location.replace, so the page drawn is the one the
 *   visitor ends up on (web/src/app/first-paint-redirects.test.tsx checks the table against the
 *   app's own routes). The page being left is hidden meanwhile and the app is not started on it
 *   (LEAVING_ATTRIBUTE, read by web/src/main.tsx);
 * - a screen whose first content is one GET the app would make anyway (the feed's first page) has
 *   it started here, with the stored token, while the app's code is still on its way; the app
 *   takes the answer over instead of asking again (web/src/lib/early-answers.ts). On a phone the
 *   code takes seconds to arrive, and only then would the request start;
 * - no form is ever sent by the browser itself: every form is the app's to send, and the browser
 *   would send the sign-in form (drawn whole, usable seconds before its scripts arrive on a slow
 *   network) as a GET with the password in the address, the history and the server's logs.
 *   Until a screen of the app is on screen (APP_STARTED_ATTRIBUTE, set by
 *   web/src/app/first-render-mark.tsx) a form sent is also kept from the page's elements and marked
 *   (SUBMIT_WAITING_ATTRIBUTE); the sign-in form sends it once the app runs. Typing again before then withdraws it, so what is
 *   sent is never a half-typed password.
 */

/** localStorage: the scheme chosen in Settings, 'light' or 'dark' (absent: the device's). */
export const COLOR_SCHEME_KEY = 'mm-color-scheme';
/** The theme-color meta for each scheme: the header's colour. */
export const THEME_COLORS = { light: '#0f172a', dark: '#020617' } as const;
/** localStorage: the session's token (docs/product.md §3). */
export const SESSION_TOKEN_KEY = 'token';
/** Set on <html> by the script when it sends the visitor to another page. */
export const LEAVING_ATTRIBUTE = 'data-leaving';
/** Set on <html> by the app once a screen of it is on screen: its forms answer from then on. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
/** Set on <html> by the script when a form was sent before the app started (a CSS hook too). */
export const SUBMIT_WAITING_ATTRIBUTE = 'data-submit-waiting';

/**
 * Where a path sends a visitor, signed in (a token stored) or not, before the screen shows anything
 * (docs/product.md §2: each screen checks the token itself). Paths as the router matches them
 * (lower case, no trailing slash).
 */
export const FIRST_PAINT_REDIRECTS: { signedIn: Readonly<Record<string, string>>; signedOut: Readonly<Record<string, string>> } = {
  signedIn: { '/': '/landing', '/login': '/landing', '/register': '/landing' },
  signedOut: { '/': '/login', '/landing': '/login', '/new-location': '/login', '/update-location': '/login', '/profile': '/login', '/admin': '/login', '/import': '/login' },
};

/** The first page of the feed, as the feed screen asks for it (web/src/features/feed/api/query-feed.ts). */
export const FIRST_FEED_PAGE = `/api/query_feed?limit=${LIMITS.feedPageDefault}`;

/**
 * The GETs a screen's page starts before the app's code runs, signed in only, by path as the
 * router matches it. Each must be one the screen makes at once, with exactly this URL: an answer
 * nobody takes over was a request sent for nothing.
 */
export const FIRST_PAINT_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/feeds': [FIRST_FEED_PAGE],
};

/** On window: the answers started by the script, by URL, each with the token it was sent with. */
export const EARLY_ANSWERS_GLOBAL = '__memoryMapEarlyAnswers';

const json = JSON.stringify;

/**
 * ES5 and no `</`: it runs in every browser that loads the page, inside a <script> element. Free
 * names (document, location, localStorage, matchMedia) are the page's globals.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var html = document.documentElement, choice = null, token = null;
  try {
    choice = localStorage.getItem(${json(COLOR_SCHEME_KEY)});
    token = localStorage.getItem(${json(SESSION_TOKEN_KEY)});
  } catch (e) {}
  if (choice === 'light' || choice === 'dark') html.setAttribute('data-theme', choice);
  else choice = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', ${json(THEME_COLORS)}[choice]);
  var path = location.pathname.replace(/\\/+$/, '').toLowerCase() || '/';
  var to = (token ? ${json(FIRST_PAINT_REDIRECTS.signedIn)} : ${json(FIRST_PAINT_REDIRECTS.signedOut)})[path];
  if (to) {
    html.setAttribute(${json(LEAVING_ATTRIBUTE)}, '');
    html.style.visibility = 'hidden';
    location.replace(to);
  }
  var early = token && !to && window.fetch ? ${json(FIRST_PAINT_REQUESTS)}[path] : null;
  if (early) {
    var answers = {};
    for (var i = 0; i < early.length; i++) {
      var answer = fetch(early[i], { credentials: 'same-origin', headers: { accept: 'application/json', authorization: 'Bearer ' + token } });
      // A failure is the app's to report, once it takes the answer over; never an unhandled one.
      answer['catch'](function () {});
      answers[early[i]] = { token: token, answer: answer };
    }
    window[${json(EARLY_ANSWERS_GLOBAL)}] = answers;
  }
  document.addEventListener('submit', function (event) {
    event.preventDefault();
    if (html.hasAttribute(${json(APP_STARTED_ATTRIBUTE)})) return;
    event.stopPropagation();
    html.setAttribute(${json(SUBMIT_WAITING_ATTRIBUTE)}, '');
  }, true);
  document.addEventListener('input', function () {
    html.removeAttribute(${json(SUBMIT_WAITING_ATTRIBUTE)});
  }, true);
})();`;
