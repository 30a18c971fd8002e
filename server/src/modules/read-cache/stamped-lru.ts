import { LRUCache } from 'lru-cache';

/**
 * A bounded map of values that are only good for one stamp (read-cache.ts): a lookup with another
 * stamp is a miss and drops the entry. Bounded by weight (the caller's measure of an entry's
 * size, e.g. the pins it holds), least recently used first out. Concurrent misses for one key
 * and stamp share one build, so a burst after a change rebuilds once.
 *
 * The weighing and the eviction are lru-cache's (maxSize + sizeCalculation). What stays ours is
 * the stamp and the shared build (docs/decisions/140-libraries.md): lru-cache's own fetchMethod
 * would share a build too, but it knows no stamp — a value read before a change would be handed
 * out after it until its TTL ran out, and the read cache's whole point is to answer nothing a
 * change has made stale. A value is weighed once its build is done; until then it counts as 1.
 */
interface Entry<V> {
  stamp: string;
  value: Promise<V>;
  weight: number;
}

export class StampedLru<V> {
  private readonly entries: LRUCache<string, Entry<V>>;

  constructor(
    /** Sum of weights kept at most. */
    readonly budget: number,
    private readonly weigh: (value: V) => number,
  ) {
    // lru-cache wants a positive whole number for each entry's size.
    this.entries = new LRUCache<string, Entry<V>>({ maxSize: budget, sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.weight)) });
  }

  /** Reads answered from what was held, and reads that had to build (the metrics). */
  hits = 0;
  misses = 0;

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.entries.calculatedSize;
  }

  /** The value held for `key` at `stamp`, else what `build` makes (kept for the next reader). */
  get<T extends V>(key: string, stamp: string, build: () => Promise<T>): Promise<T> {
    // get() makes it the most recently used.
    const held = this.entries.get(key);
    if (held && held.stamp === stamp) {
      this.hits += 1;
      return held.value as Promise<T>;
    }
    this.misses += 1;
    const entry: Entry<V> = { stamp, value: build(), weight: 1 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        // Dropped or replaced meanwhile (a newer stamp, evicted): nothing to weigh.
        if (this.entries.peek(key) !== entry) return;
        // A new object, so lru-cache weighs it again (and evicts what no longer fits).
        this.entries.set(key, { ...entry, weight: this.weigh(value) });
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  clear(): void {
    this.entries.clear();
  }
}
