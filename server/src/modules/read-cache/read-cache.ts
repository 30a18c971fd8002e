import type { Queryable } from '../../db/queryable.ts';
import { mediaUrlWindow } from '../media/media-urls.ts';
import { generationsRepository } from './generations.repository.ts';
import { MaintainedValue } from './maintained-value.ts';
import { StampedLru } from './stamped-lru.ts';

/**
 * The read cache of the feed and the map (docs/decisions/080-read-cache.md). What a viewer reads
 * is the public layer, shared by everyone, plus their own layer (their memories and their
 * friends' friends-only ones). Each held value carries the stamp of the counters it depends on
 * (generations-sql.ts), read from the database before the value was read; a request reads the
 * current counters once, first, and uses only values with the same stamp. A write raises the
 * counters in its own transaction, so after its 2xx no server's next read can match a value
 * read before it. The signing window of image URLs is part of every stamp: a held pin never
 * carries a URL other than the one signing it now would give.
 */
export interface ReadStamps {
  /** Public memories and the people shown on pins. */
  public: string;
  /** The viewer's own layer and the people shown on pins. */
  viewer: string;
  /** Everything the viewer's reads depend on. */
  all: string;
  /**
   * For the layers kept in step with the change log (docs/decisions/085-maintained-read-cache.md):
   * the `public` and the viewer's counters, where those layers must have caught up to, and what
   * the log does not carry (people, the signing window), which only a rebuild follows.
   */
  publicSeq: number;
  viewerSeq: number;
  /** The sum of the viewer's friends' `f:` counters (migration 0080): moves when any of them does. */
  friendsSeq: number;
  base: string;
}

/** The counters a viewer's reads depend on (generations-sql.ts names the scopes). */
export interface ReadCounters {
  public: number;
  people: number;
  viewer: number;
  /**
   * The sum of the `f:` counters of the viewer's friends (their friends-only memories, each
   * counted once for its author). Counters only rise and the friend list only changes with the
   * viewer's own counter, so with `viewer` unchanged the sum is unchanged exactly when each is.
   */
  friends: number;
}

/** A viewer's own scope is this and their id. */
export const VIEWER_SCOPE_PREFIX = 'u:';

/**
 * Size of one presented pin held in memory, for the budget in docs/decisions/080: measured 3.9 KB
 * for a pin with a photo (two signed URLs), a signed author picture and two tags.
 */
export const PIN_BYTES = 4_000;

export interface ReadCacheOptions {
  /** Off (READ_CACHE=off): every read goes to the database, as before the cache. */
  enabled: boolean;
  /** Pins held in viewers' layers and map answers together; shared layers get an eighth more. */
  pinBudget?: number;
}

/**
 * How deep the feed's layers reach: public memories held once for everyone (the first pages of
 * every feed, ≈ 1 MB), and of each viewer's own memories and apart of their friends' friends-only
 * ones. A page below what they hold is read from the database.
 */
export const FEED_DEPTHS = { public: 512, personal: 64 };

/** 30,000 pins ≈ 120 MB at PIN_BYTES (+ an eighth shared, an eighth for later pages): the bound of docs/decisions/080-read-cache.md. */
export const DEFAULT_PIN_BUDGET = 30_000;

/**
 * How many counters behind a held layer may be and still catch up from the change log
 * (docs/decisions/085-maintained-read-cache.md); further behind, reading it whole is cheaper.
 */
export const MAINTAINED_CATCH_UP_MAX = 256;

/** What the cache holds: anything that says how many pins' worth it weighs. */
export interface Weighed {
  weight: number;
}

export class ReadCache {
  readonly enabled: boolean;
  /** Layers shared by all viewers (the public feed), by name. */
  readonly shared: StampedLru<Weighed>;
  /** One entry per viewer and what they asked (their feed layer, their first page, their map views). */
  readonly perViewer: StampedLru<Weighed>;
  /**
   * Feed pages after the first, per viewer and cursor, in a budget of their own: a long scroll,
   * or a client walking every page, cannot push out the first pages and layers everyone reads.
   */
  readonly laterPages: StampedLru<Weighed>;
  /**
   * The feed's public layer, kept in step with the change log rather than read again after every
   * public write (memories/feed-cache.ts). Outside the budget: one layer of at most twice
   * FEED_DEPTHS.public pins. (Each viewer's own layer is kept the same way, in `perViewer`.)
   */
  readonly publicFeed = new MaintainedValue<Weighed>(MAINTAINED_CATCH_UP_MAX);
  /** How the viewers' own layers were kept: caught up from the log, or read whole. */
  readonly personalTotals = { rebuilds: 0, catchUps: 0 };
  /** FEED_DEPTHS; tests make them small to reach past them with a few memories. */
  feedDepths = { ...FEED_DEPTHS };

  constructor(options: ReadCacheOptions) {
    // Every held value says how many pins (or clusters) it holds.
    const weigh = (value: Weighed) => Math.max(1, value.weight);
    this.enabled = options.enabled;
    const budget = options.pinBudget ?? DEFAULT_PIN_BUDGET;
    this.shared = new StampedLru(Math.max(1, Math.floor(budget / 8)), weigh);
    this.perViewer = new StampedLru(budget, weigh);
    this.laterPages = new StampedLru(Math.max(1, Math.floor(budget / 8)), weigh);
  }

  /**
   * The current counters of the viewer's scopes, and the signing window of `nowMs`. `counters`:
   * as the request's session lookup read them (sessions.repository.ts), before any data.
   */
  async stamps(db: Queryable, viewerId: string, nowMs: number, counters?: ReadCounters): Promise<ReadStamps> {
    const { public: pub, people, viewer, friends } = counters ?? (await this.readCounters(db, viewerId));
    const urls = mediaUrlWindow(nowMs);
    return {
      public: `${pub}/${people}/${urls}`,
      viewer: `${viewer}/${friends}/${people}/${urls}`,
      all: `${pub}/${viewer}/${friends}/${people}/${urls}`,
      publicSeq: pub,
      viewerSeq: viewer,
      friendsSeq: friends,
      base: `${people}/${urls}`,
    };
  }

  private async readCounters(db: Queryable, viewerId: string): Promise<ReadCounters> {
    const viewerScope = `${VIEWER_SCOPE_PREFIX}${viewerId}`;
    const gens = await generationsRepository.read(db, ['public', 'people', viewerScope]);
    let friends = 0;
    for (const gen of (await generationsRepository.friendCounters(db, viewerId)).values()) friends += gen;
    return { public: gens.get('public') ?? 0, people: gens.get('people') ?? 0, viewer: gens.get(viewerScope) ?? 0, friends };
  }

  /** For tests and operators: forget everything held (the counters make this never necessary). */
  clear(): void {
    this.shared.clear();
    this.publicFeed.clear();
    this.perViewer.clear();
    this.laterPages.clear();
  }
}
