import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface ServerProcess {
  pid: number;
  url: string;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb(): number | null;
  stop(): Promise<void>;
  /** What the process printed to stderr (for failures). */
  stderr(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function ownRssKb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Resident memory of a process and its descendants (cluster workers), in MB (Linux /proc). */
export function rssMbOf(pid: number): number | null {
  const own = ownRssKb(pid);
  if (own === null) return null;
  let total = own;
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const child = queue.pop()!;
    total += ownRssKb(child) ?? 0;
    queue.push(...childrenOf(child));
  }
  return Math.round(total / 1024);
}

/**
 * A cluster is ready when it has `workers` children and they have gone quiet: each worker
 * loads its place index at full CPU before it listens (server/src/main.ts).
 */
export async function waitForWorkers(pid: number, workers: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = treeJiffies(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const after = treeJiffies(pid);
    const quiet = jiffiesBetween(before, after) < 10;
    before = after;
    if (childrenOf(pid).length >= workers && quiet) return;
    if (Date.now() > deadline) throw new Error(`the app's ${workers} workers were not all ready in time`);
  }
}

/** Resident memory of the biggest one of a process and its descendants, in MB (a cluster's largest worker). */
export function maxProcessRssMbOf(pid: number): number | null {
  const own = ownRssKb(pid);
  if (own === null) return null;
  let max = own;
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const child = queue.pop()!;
    max = Math.max(max, ownRssKb(child) ?? 0);
    queue.push(...childrenOf(child));
  }
  return Math.round(max / 1024);
}

/** Node's flags in package.json's `serve` script (docs/decisions/030-serving.md): the bench runs what npm start runs. */
export const SERVE_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=384'];

/**
 * Starts `node <script>` (through tsx for a .ts script) with the environment given and waits
 * until `readyPath` answers 200 (or the process dies, or the timeout passes).
 */
export async function startNodeServer(
  script: string,
  env: Record<string, string>,
  options: { cwd: string; readyPath: string; timeoutMs?: number },
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [...SERVE_NODE_FLAGS, script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  let exited = false;
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited) throw new Error(`${script} exited before it was ready:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} was not ready within the time limit:\n${stderr}`);
    }
    try {
      const res = await fetch(url + options.readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    pid: child.pid!,
    url,
    rssMb: () => rssMbOf(child.pid!),
    stderr: () => stderr,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

export function cpuTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Share of all CPUs busy over the next `ms` milliseconds (Linux /proc/stat). */
export async function cpuBusy(ms = 3000): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTimes();
  return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0;
}

/** Waits (up to `maxSeconds`) until other work leaves the CPUs mostly idle, so it does not skew the figures. */
export async function waitForIdle(maxSeconds: number, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const busy = await cpuBusy();
    if (busy < 0.15) return;
    if (Date.now() > deadline) {
      log(`The CPUs are still ${(busy * 100).toFixed(0)}% busy with other work; measuring anyway`);
      return;
    }
    log(`Waiting for the machine to be idle (CPUs ${(busy * 100).toFixed(0)}% busy with other work)…`);
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

function ownJiffies(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU time (clock ticks) used so far by a process and each of its descendants, by pid. */
export function treeJiffies(pid: number): Map<number, number> {
  const out = new Map<number, number>([[pid, ownJiffies(pid)]]);
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const child = queue.pop()!;
    out.set(child, ownJiffies(child));
    queue.push(...childrenOf(child));
  }
  return out;
}

/**
 * CPU used between two snapshots by the processes alive at the end (a process that ended
 * meanwhile takes its count with it, so it is left out rather than counted negative).
 */
export function jiffiesBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, j] of after) total += Math.max(0, j - (before.get(pid) ?? 0));
  return total;
}

/** CPU time (clock ticks) of every process with this command name (e.g. the PostgreSQL server's), by pid. */
export function jiffiesOfCommand(name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command === name) out.set(Number(entry), ownJiffies(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
