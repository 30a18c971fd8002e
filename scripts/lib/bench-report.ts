import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.ts';

export interface ScenarioResult extends LoadResult {
  id: string;
  name: string;
  connections: number;
  /** Throughput as a share of bare Fastify's in the same run. */
  ratio: number | null;
  /** What one answer held (pins, clusters, friends), measured once before the load. */
  items?: string;
  itemCount?: number;
  notes?: string;
}

export interface TargetCheck {
  target: string;
  goal: string;
  value: string;
  met: boolean | null;
}

export interface BenchRun {
  label: string;
  at: string;
  dialect: 'sqlite' | 'postgres';
  users: number;
  memories: number;
  friendsPerUser: number;
  connections: number;
  /** App processes (1 unless --workers). */
  workers: number;
  durationSeconds: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string };
  notes: string[];
  ceiling: ScenarioResult;
  scenarios: ScenarioResult[];
  extra: Record<string, unknown>;
  targets: TargetCheck[];
}

export interface ResultsFile {
  updatedAt: string;
  runs: Record<string, BenchRun>;
  growth: Record<string, GrowthCheck[]>;
}

export interface GrowthCheck {
  scenario: string;
  small: { memories: number; p99: number };
  large: { memories: number; p99: number };
  factor: number;
  met: boolean;
}

const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => pad(r, widths));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}

export function scenarioTable(run: BenchRun): string {
  const rows = [['scenario', 'req/s', 'vs bare', 'p50 ms', 'p99 ms', 'conns', 'answer', 'RSS MB', 'errors', 'other CPU']];
  for (const s of [run.ceiling, ...run.scenarios]) {
    rows.push([
      s.name,
      fmt(s.rps),
      s.ratio === null ? '1' : `${(s.ratio * 100).toFixed(1)}%`,
      fmt(s.p50, 1),
      fmt(s.p99, 1),
      String(s.connections),
      s.items ?? '',
      fmt(s.rssMaxMb),
      String(s.errors + s.non2xx),
      s.otherCpu === null || s.otherCpu === undefined ? '—' : `${(s.otherCpu * 100).toFixed(0)}%`,
    ]);
  }
  return table(rows);
}

export function targetTable(checks: TargetCheck[]): string {
  const rows = [['target', 'goal', 'measured', '']];
  for (const c of checks) rows.push([c.target, c.goal, c.value, c.met === null ? 'n/a' : c.met ? 'met' : 'MISSED']);
  return table(rows);
}

/** Feed and city-map p99 at the smallest and the largest data set run on the same database. */
export function growthChecks(runs: BenchRun[]): GrowthCheck[] {
  if (runs.length < 2) return [];
  const sorted = [...runs].sort((a, b) => a.memories - b.memories);
  const small = sorted[0]!;
  const large = sorted.at(-1)!;
  if (small.memories === large.memories) return [];
  const checks: GrowthCheck[] = [];
  for (const id of ['feed', 'map-city']) {
    const a = small.scenarios.find((s) => s.id === id);
    const b = large.scenarios.find((s) => s.id === id);
    if (!a || !b) continue;
    // A p99 below a millisecond is within the timer's resolution: compare from 1 ms up.
    const factor = Math.max(b.p99, 1) / Math.max(a.p99, 1);
    checks.push({
      scenario: id,
      small: { memories: small.memories, p99: a.p99 },
      large: { memories: large.memories, p99: b.p99 },
      factor,
      met: factor <= 1.3 && factor >= 1 / 1.3,
    });
  }
  return checks;
}

export function growthTable(checks: GrowthCheck[]): string {
  const rows = [['growth', 'p99 small', 'p99 large', 'factor', '']];
  for (const c of checks) {
    rows.push([
      `${c.scenario} (${c.small.memories} → ${c.large.memories} memories)`,
      fmt(c.small.p99, 1),
      fmt(c.large.p99, 1),
      `${c.factor.toFixed(2)}×`,
      c.met ? 'met' : 'MISSED',
    ]);
  }
  return table(rows);
}

/** Adds this run to the results file (runs keyed by database and size), and recomputes growth. */
export function saveRun(file: string, run: BenchRun): ResultsFile {
  let results: ResultsFile = { updatedAt: '', runs: {}, growth: {} };
  if (existsSync(file)) {
    try {
      results = JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
      results.runs ??= {};
    } catch {
      // A damaged file is replaced.
    }
  }
  results.runs[run.label] = run;
  results.updatedAt = run.at;
  results.growth = {};
  for (const dialect of ['sqlite', 'postgres'] as const) {
    // Like with like: the same database, users and number of app processes.
    const same = Object.values(results.runs).filter((r) => r.dialect === dialect && r.users === run.users && (r.workers ?? 1) === 1);
    const checks = growthChecks(same);
    if (checks.length > 0) results.growth[`${dialect}-u${run.users}`] = checks;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  return results;
}
