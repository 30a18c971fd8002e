import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/**
 * The conversation's events (docs/design.md §14) come beside the memory and friend events every
 * other test reads in order; a stream hears them only when opened with `{ conversation: true }`.
 */
const CONVERSATION_EVENTS = ['notification', 'conversation'];

export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * A Server-Sent Events reader for tests, over a real socket (inject() cannot stream). Events and
 * comments queue up; `next()` waits for the next event and fails if the stream ends first, so a
 * test waits for the event itself and never for a time.
 */
export class SseClient {
  private buffer = '';
  private readonly events: SseMessage[] = [];
  private readonly comments: string[] = [];
  private waiters: Array<() => void> = [];
  ended = false;
  readonly closed: Promise<void>;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly res: IncomingMessage,
    /** The body, for answers other than 200. */
    readonly body: string,
    private readonly conversation = false,
  ) {
    this.closed = new Promise((resolve) => {
      const done = () => {
        this.ended = true;
        this.wake();
        resolve();
      };
      res.once('close', done);
      res.once('error', done);
    });
    if (status !== 200) return;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.receive(chunk));
  }

  /** Opens the stream and resolves when the response has started (for 200, with its first bytes). */
  static open(baseUrl: string, headers: Record<string, string> = {}, options: { conversation?: boolean } = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(`${baseUrl}/api/events`, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve(new SseClient(res.statusCode ?? 0, res.headers, res, body)));
          return;
        }
        const client = new SseClient(200, res.headers, res, '', options.conversation);
        client.waitFor(() => client.comments.length > 0).then(() => {
          client.comments.shift(); // ': connected'
          resolve(client);
        }, reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private waitFor(ready: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (ready()) resolve();
        else if (this.ended) reject(new Error('the stream ended'));
        else this.waiters.push(check);
      };
      check();
    });
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: Partial<SseMessage> & { data?: string } = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('data: ')) message.data = line.slice(6);
      }
      if (message.event && (this.conversation || !CONVERSATION_EVENTS.includes(message.event))) this.events.push({ id: message.id, event: message.event, data: JSON.parse(message.data ?? 'null') });
    }
    this.wake();
  }

  /** The next event, in order. */
  async next(): Promise<SseMessage> {
    await this.waitFor(() => this.events.length > 0);
    return this.events.shift()!;
  }

  /** The next comment line after those already read (heartbeats). */
  async nextComment(): Promise<string> {
    await this.waitFor(() => this.comments.length > 0);
    return this.comments.shift()!;
  }

  /** Events received and not yet read. */
  get unread(): number {
    return this.events.length;
  }

  pause(): void {
    this.res.pause();
  }

  close(): Promise<void> {
    this.res.destroy();
    return this.closed;
  }
}
