import { createRequire } from 'node:module';
import { cpuTimes, jiffiesBetween, jiffiesOfCommand, maxProcessRssMbOf, rssMbOf, treeJiffies } from './bench-process.ts';

/** The part of autocannon's options and result the bench uses (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  requests?: AutocannonRequest[];
  timeout?: number;
}
interface Histogram {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  total: number;
  p50: number;
  p90: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { sent: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  '2xx': number;
}

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: AutocannonOptions) => Promise<AutocannonResult>;

export interface LoadSpec {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /**
   * Requests to send instead of a duration: the run ends when they are answered, however slow the
   * machine (the bench's own test, which checks that every scenario works, not how fast).
   */
  amount?: number;
  method?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
  /**
   * The requests each connection cycles through (tokens, cursors). They are built into bytes
   * once, so the load generator spends its CPU on sending, not on building requests.
   */
  requests: Array<{ path: string; headers?: Record<string, string>; freshPath?: () => string; method?: string; body?: Buffer | string }>;
  /** Whose resident memory to watch while the load runs. */
  pid?: number;
  /** Processes that are part of the system under test too (the database server), by command name. */
  alsoOurs?: string;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  meanMs: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /** Highest resident memory of the watched process during the load, MB. */
  rssMaxMb: number | null;
  /** Highest resident memory of any one of its processes (a cluster worker), MB. */
  rssMaxProcessMb: number | null;
  bytesPerSecond: number;
  /** Share of the machine's CPU used by other work (not the server, not the bench) during the run. */
  otherCpu: number | null;
}

/** One autocannon run over loopback, with the server's RSS sampled four times a second. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let rssMax: number | null = null;
  let rssMaxProcess: number | null = null;
  const sample = () => {
    if (spec.pid === undefined) return;
    const rss = rssMbOf(spec.pid);
    if (rss !== null) rssMax = Math.max(rssMax ?? 0, rss);
    const one = maxProcessRssMbOf(spec.pid);
    if (one !== null) rssMaxProcess = Math.max(rssMaxProcess ?? 0, one);
  };
  const timer = setInterval(sample, 250);
  const baseHeaders = { ...(spec.headers ?? {}) };
  const ours = () =>
    new Map([
      ...(spec.pid === undefined ? [] : treeJiffies(spec.pid)),
      ...treeJiffies(process.pid),
      ...(spec.alsoOurs ? jiffiesOfCommand(spec.alsoOurs) : []),
    ]);
  const cpuBefore = cpuTimes();
  const oursBefore = ours();
  try {
    const result = await autocannon({
      url: spec.url,
      connections: spec.connections,
      ...(spec.amount ? { amount: spec.amount } : { duration: spec.duration }),
      timeout: 30,
      requests: spec.requests.map((r) => ({
        method: r.method ?? spec.method ?? 'GET',
        body: r.body ?? spec.body,
        path: r.path,
        headers: { ...baseHeaders, ...r.headers },
        // A new path for every request sent (autocannon's connections each cycle through the list).
        ...(r.freshPath ? { setupRequest: (req: AutocannonRequest) => ({ ...req, path: r.freshPath!() }) } : {}),
      })),
    });
    sample();
    const cpuAfter = cpuTimes();
    const elapsed = cpuAfter.total - cpuBefore.total;
    const other = elapsed > 0 ? (cpuAfter.busy - cpuBefore.busy - jiffiesBetween(oursBefore, ours())) / elapsed : null;
    return {
      otherCpu: other === null ? null : Math.max(0, other),
      requests: result.requests.total,
      rps: result.requests.total / (result.duration || spec.duration),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      meanMs: result.latency.mean,
      maxMs: result.latency.max,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      rssMaxMb: rssMax,
      rssMaxProcessMb: rssMaxProcess,
      bytesPerSecond: result.throughput.mean,
    };
  } finally {
    clearInterval(timer);
  }
}
