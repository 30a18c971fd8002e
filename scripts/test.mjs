#!/usr/bin/env node
// The one gate (docs/conventions.md §7): lint, typecheck, unit + API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against the built app. Every stage runs even
// if an earlier one failed, so one run shows everything; the last line is "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (stage) => only.length === 0 || only.includes(stage);
const results = [];
/** Set when the PostgreSQL suite runs in the background: awaited before the summary. */
let collectPostgres = null;

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

// Each count names what failed, so the summary (the end of a long log, often all a reader of CI
// sees) says which test to look at.
function countVitest(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const names = [];
  // A file that failed with no failed test in it (it did not load, a hook threw) counts as one.
  let brokenFiles = 0;
  for (const f of report.testResults ?? []) {
    const where = path.relative(root, f.name);
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) names.push(`${where} › ${a.fullName}`);
    if (f.status === 'failed' && failedTests.length === 0) {
      brokenFiles += 1;
      names.push(`${where}: ${String(f.message ?? '').split('\n')[0]}`);
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, names };
}

function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message?.split('\n')[0] ?? '';
          names.push(`${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')} — ${error}`);
        }
      }
    }
    for (const s of suite.suites ?? []) walk(s, [...trail, s.title]);
  };
  for (const s of suites ?? []) walk(s, []);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, names };
}

/**
 * A suite started now and collected later: its output goes to a file, printed whole when it is
 * collected, so two stages running at once do not interleave their lines.
 */
function suiteInBackground(name, cmd, args, env, file, count) {
  const log = file.replace(/\.json$/, '.log');
  console.log(`\n▶ ${name} (beside the browser tests; its output follows them): ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const stream = createWriteStream(log);
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stdout.pipe(stream, { end: false });
  child.stderr.pipe(stream, { end: false });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  return async () => {
    const code = await exited;
    await new Promise((resolve) => stream.end(resolve));
    console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
    process.stdout.write(readFileSync(log));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const c = count(file) ?? { passed: 0, failed: 1 };
    if (code !== 0 && c.failed === 0) c.failed = 1;
    results.push({ name, ...c, seconds });
  };
}

function check(name, cmd, args) {
  const r = run(name, cmd, args);
  results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds });
}

function suite(name, cmd, args, env, file, count) {
  const r = run(name, cmd, args, env);
  const c = count(file) ?? { passed: 0, failed: 1 };
  // A runner that crashed before reporting still counts as a failure.
  if (!r.ok && c.failed === 0) c.failed = 1;
  results.push({ name, ...c, seconds: r.seconds });
}

if (want('lint')) check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
if (want('typecheck')) check('typecheck', 'npm', ['run', '--silent', 'typecheck']);

const vitestJson = (n) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, n)}`];
if (want('unit')) {
  suite('unit (SQLite)', 'npx', ['vitest', 'run', ...vitestJson('unit.json')], {}, path.join(out, 'unit.json'), countVitest);
  if (process.env.TEST_DATABASE_URL) {
    const postgres = [
      'server (PostgreSQL)',
      'npx',
      ['vitest', 'run', '--project', 'server-postgres', ...vitestJson('postgres.json')],
      { TEST_DB: 'postgres' },
      path.join(out, 'postgres.json'),
      countVitest,
    ];
    // The PostgreSQL suite (server tests, each on its own schema, waiting on the database most of
    // the time) runs beside the build and the browser tests, which wait on the browser: the gate
    // takes the longer of the two instead of their sum. The jsdom tests, with their tight time
    // budgets, ran alone above.
    if (want('e2e')) collectPostgres = suiteInBackground(...postgres);
    else suite(...postgres);
  } else {
    console.log('\n(PostgreSQL suite skipped: set TEST_DATABASE_URL=postgres://… to run it)');
  }
}

if (want('e2e')) {
  const dist = path.join(root, 'web', 'dist');
  const built = run('build web', 'npm', ['run', '--silent', 'build']);
  if (!built.ok) results.push({ name: 'build web', passed: 0, failed: 1, seconds: built.seconds });
  else {
    // The sign-in screen's JavaScript budget (docs/decisions/090-web-delivery.md), on this build.
    check('bundle budget', 'node', ['scripts/check-bundle-budget.mjs', dist]);
    suite(
      'browser (Playwright)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json'), E2E_WEB_DIST: dist },
      path.join(out, 'e2e.json'),
      countPlaywright,
    );
  }
}

if (collectPostgres) await collectPostgres();

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.failed ? '✗' : '✓'} ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
  // Colour codes stripped: the names are read in plain logs.
  for (const n of r.names ?? []) console.log(`      ✗ ${stripVTControlCharacters(n).slice(0, 300)}`);
}
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
