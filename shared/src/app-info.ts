/** What the Settings screen shows; the server serves the same values at /api/app-info. */
export const APP_VERSION = '0.1.0';
export const APP_TAGLINE = 'A place to store and organize your memories';
