import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Set on process.env so the test workers (which inherit it) know them too: live.spec.ts starts a
// second app server on the same data and Redis.
const DATA_DIR = (process.env.E2E_DATA_DIR ??= `/tmp/memory-map-e2e-${process.pid}`);
// With a Redis for tests (CI has one), the server uses it, under a prefix of this run's own.
const REDIS: Record<string, string> = process.env.TEST_REDIS_URL
  ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: (process.env.E2E_REDIS_PREFIX ??= `mme2e:${process.pid}:${Date.now()}:`) }
  : {};

/**
 * Browser tests run the real server (built web app, fresh SQLite database) and Debian's
 * Chromium at a phone's size. Playwright's own browser download cannot work here.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: false,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The server bundle `npm start` serves (npm test builds it with the web app).
    command: `rm -rf ${DATA_DIR} && node --enable-source-maps ../server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // Fixtures give each test user its own X-Forwarded-For, so per-address sign-up limits hold as in production.
      TRUST_PROXY: 'true',
      SUPPORT_EMAIL: 'help@memorymap.test',
      ...REDIS,
      // One process, with Redis or without: what the specs assert does not depend on how many
      // (server/test/workers.test.ts runs several).
      WORKERS: '1',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
