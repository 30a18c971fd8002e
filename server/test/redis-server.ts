import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** Whether this machine can start a Redis of its own (Debian's redis-server package). */
export const HAS_REDIS_SERVER = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().startsWith('+PONG'));
    });
  });
}

/**
 * A throwaway Redis for tests that take it down: never the shared one. Nothing is saved to disk.
 * stop() kills it (as a crash would), pause()/resume() freeze it (a hung server: connections
 * stay open, nothing answers).
 */
export class TestRedis {
  private process?: ChildProcess;
  private constructor(readonly port: number) {}

  static async start(port?: number): Promise<TestRedis> {
    const redis = new TestRedis(port ?? (await freePort()));
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.process = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    // Waiting for it to come up (not an assertion): it answers within a few milliseconds.
    while (!(await answersPing(this.port))) {
      if (exited) throw new Error(`redis-server could not start on port ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  get running(): boolean {
    const child = this.process;
    return Boolean(child && child.exitCode === null && child.signalCode === null);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  resume(): void {
    this.process?.kill('SIGCONT');
  }
}
