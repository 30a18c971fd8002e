/**
 * A bounded map of values that are only good for one stamp (read-cache.ts): a lookup with another
 * stamp is a miss and drops the entry. Bounded by weight (the caller's measure of an entry's
 * size, e.g. the pins it holds), least recently used first out. Concurrent misses for one key
 * and stamp share one build, so a burst after a change rebuilds once.
 */
interface Entry<V> {
  stamp: string;
  value: Promise<V>;
  weight: number;
}

export class StampedLru<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private total = 0;

  constructor(
    /** Sum of weights kept at most. */
    readonly budget: number,
    private readonly weigh: (value: V) => number,
  ) {}

  /** Reads answered from what was held, and reads that had to build (the metrics). */
  hits = 0;
  misses = 0;

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }

  /** The value held for `key` at `stamp`, else what `build` makes (kept for the next reader). */
  get<T extends V>(key: string, stamp: string, build: () => Promise<T>): Promise<T> {
    const held = this.entries.get(key);
    if (held && held.stamp === stamp) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, held);
      this.hits += 1;
      return held.value as Promise<T>;
    }
    this.misses += 1;
    if (held) this.remove(key, held);
    const entry: Entry<V> = { stamp, value: build(), weight: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(value);
        this.total += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.budget) return;
      this.remove(key, entry);
    }
  }
}
