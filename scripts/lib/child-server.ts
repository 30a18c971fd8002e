import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './bench-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** What it wrote to stderr (for failure messages). */
  stderr(): string;
  /** SIGKILL, as a power cut or the OOM killer would: no handler runs, nothing is flushed. */
  kill9(): Promise<void>;
  /** SIGTERM: the server finishes its requests and closes. */
  stop(): Promise<void>;
}

export interface ChildOptions {
  env: Record<string, string>;
  /** 'source' runs the TypeScript through tsx; 'bundle' runs server/dist/main.js as npm start does. */
  entry?: 'source' | 'bundle';
  /** Modules loaded before the server (--import), e.g. a test's hooks. */
  preload?: string[];
  /** Opens an IPC channel (process.send in the child). */
  ipc?: boolean;
}

/**
 * Starts the real server in its own process and resolves once it listens (its "serving" log
 * line), or rejects with its stderr if it exits first.
 */
export async function startChildServer(options: ChildOptions): Promise<ChildServer> {
  const port = await freePort();
  const entry = options.entry ?? 'source';
  const args = [
    ...(entry === 'source' ? ['--import', 'tsx'] : ['--enable-source-maps']),
    ...(options.preload ?? []).flatMap((p) => ['--import', p]),
    entry === 'source' ? path.join(ROOT, 'server/src/main.ts') : path.join(ROOT, 'server/dist/main.js'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    const onExit = () => reject(new Error(`the server exited before it listened:\n${stderr}`));
    child.once('exit', onExit);
    lines.on('line', (line) => {
      if (line.includes('Memory Map is serving')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    exited,
    stderr: () => stderr,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
