import { useState } from 'react';
import { useRouteError } from 'react-router';

/** A screen's code that could not be fetched: each browser words the failed import its own way. */
function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|error loading dynamically|unable to preload/i.test(message);
}

export const SCREEN_NEEDS_CONNECTION = {
  title: 'This screen needs a connection',
  text: 'The first time you open it, this screen has to load from the internet. Connect and try again; after that it opens offline too.',
  stillOffline: "You're still offline. Try again once you're connected.",
} as const;

/**
 * What a screen shows instead of itself when it failed to open (router.tsx), inside the layout so
 * the navigation stays. The usual case: opened offline before the service worker had the whole app
 * (a first visit), so its chunk could not be fetched. A lazy screen that failed keeps failing until
 * the page loads again, so trying again reloads the page — once there is a network to load from.
 */
export function ScreenError() {
  const error = useRouteError();
  const [stillOffline, setStillOffline] = useState(false);
  const needsConnection = isMissingCode(error) || !navigator.onLine;

  const retry = () => {
    if (!navigator.onLine) {
      setStillOffline(true);
      return;
    }
    window.location.reload();
  };

  return (
    <section className="screen centered screen-error">
      <h1>{needsConnection ? SCREEN_NEEDS_CONNECTION.title : 'Something went wrong'}</h1>
      <p>{needsConnection ? SCREEN_NEEDS_CONNECTION.text : 'This screen could not open. Reload to try again.'}</p>
      {stillOffline && (
        <p className="form-error" role="alert">
          {SCREEN_NEEDS_CONNECTION.stillOffline}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={retry}>
        {needsConnection ? 'Try again' : 'Reload'}
      </button>
    </section>
  );
}
