// The live stream's numbers, apart from its schema so that the stream's client can read them
// without loading zod (docs/decisions/090-web-delivery.md, "Zod off the first screens").

/** The numbers of the live stream; docs/decisions/060-live-events.md explains them. */
export const LIVE_EVENTS = {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatSeconds: 25,
  /** A reconnect with Last-Event-ID receives what it missed within this time… */
  replaySeconds: 5 * 60,
  /** …and at most this many events per user. */
  replayPerUser: 100,
  /** Open streams per user on one app server (a phone and a few tabs); one more is 429. */
  streamsPerUser: 5,
} as const;
