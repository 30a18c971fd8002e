/**
 * One value the read cache keeps in step with a change log instead of reading it again after each
 * write (docs/decisions/085-maintained-read-cache.md): the public layer of the feed. It is held
 * with the counter it reflects (`seq`, at least: it may have been read later) and a `base` stamp
 * for what the log does not carry (names and pictures on pins, the signing window of image URLs).
 *
 * A reader asks with the counter it read before any data. At or below what is held: the held
 * value (newer data is never wrong; older is). Above it, and within `maxCatchUp`: the held value
 * with the changes in between applied (one short read of the log and of the changed rows).
 * Further behind, another base, or nothing held: built whole. Catch-ups chain: each starts from
 * the one before, so concurrent readers of a newer counter share the work and never step back.
 *
 * A value may follow a second counter, `sub` (a viewer's layer: the sum of their friends' `f:`
 * counters, migration 0080), whose log the catch-up finds itself (it is many scopes): a reader
 * above the held `sub` catches up with `subMoved` set, even when `seq` has not moved.
 */
export class MaintainedValue<T> {
  private held: { base: string; seq: number; sub: number; value: Promise<T> } | null = null;
  /** Built whole, and caught up (for the tests and the metrics). */
  rebuilds = 0;
  catchUps = 0;

  constructor(
    readonly maxCatchUp: number,
    /** Counts shared by many values (every viewer's layer), beside this one's own. */
    private readonly totals?: { rebuilds: number; catchUps: number },
  ) {}

  get(
    base: string,
    seq: number,
    build: () => Promise<T>,
    catchUp: (value: T, after: number, upTo: number, subMoved: boolean) => Promise<T | null>,
    sub = 0,
  ): Promise<T> {
    const held = this.held;
    if (held && held.base === base && held.seq >= seq && held.sub >= sub) return held.value;
    let value: Promise<T>;
    let entry: { base: string; seq: number; sub: number; value: Promise<T> };
    if (held && held.base === base && seq - held.seq <= this.maxCatchUp) {
      this.catchUps += 1;
      if (this.totals) this.totals.catchUps += 1;
      // Never back: a reader of an older `seq` but a newer `sub` keeps the newer `seq` held.
      const upTo = Math.max(seq, held.seq);
      const subMoved = sub > held.sub;
      // null from catchUp: the value cannot be kept right by changes alone (too many left it).
      value = held.value.then((v) => catchUp(v, held.seq, upTo, subMoved)).then((v) => v ?? this.rebuild(build));
      entry = { base, seq: upTo, sub: Math.max(sub, held.sub), value };
    } else {
      value = this.rebuild(build);
      entry = { base, seq, sub, value };
    }
    this.held = entry;
    value.catch(() => {
      // A failed read holds nothing: the next reader builds again.
      if (this.held === entry) this.held = null;
    });
    return value;
  }

  private rebuild(build: () => Promise<T>): Promise<T> {
    this.rebuilds += 1;
    if (this.totals) this.totals.rebuilds += 1;
    return build();
  }

  clear(): void {
    this.held = null;
  }
}
