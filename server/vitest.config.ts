import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract's pure functions are unit-tested with the server's tests (the contract package has no runner).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../contract/src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
