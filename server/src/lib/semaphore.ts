/** Thrown by Semaphore.run when every permit is taken and the queue is full. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('Every permit is taken and the queue is full');
    this.name = 'SemaphoreFullError';
  }
}

/**
 * At most `permits` tasks run at once; up to `maxWaiting` more wait their turn, first come first
 * served, and any beyond that are refused at once. A bounded queue is the point: waiting work
 * holds memory too (an upload's bytes), so an unbounded queue only moves the exhaustion.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly permits: number,
    readonly maxWaiting: number,
  ) {}

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a permit now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a permit is free; throws SemaphoreFullError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  /**
   * Waits for a permit and returns its release (idempotent); throws SemaphoreFullError when the
   * queue is full. For a permit held across calls; prefer run() otherwise.
   */
  async acquire(): Promise<() => void> {
    await this.take();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release();
    };
  }

  private take(): Promise<void> {
    if (this.active < this.permits) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new SemaphoreFullError());
    // The permit passes straight from the releasing task to the first waiter (active unchanged),
    // so a newcomer can never overtake the queue.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
