import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.TEST_DB === 'postgres' ? 'server-postgres' : 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
