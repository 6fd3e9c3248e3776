import { defineConfig } from 'vitest/config';

// Unit and in-process API tests. The React Router plugin is not loaded here: these tests
// exercise contract/, server/ and pure app/lib code directly.
export default defineConfig({
  test: {
    include: ['{contract,server,app,games,scripts,deploy,aggregator-demo}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    // Every core: Vitest's default leaves one for itself (one worker on the 2-core CI machine),
    // but its main process is idle while files run; two workers took the database tests from 84
    // to 52 s (docs/decisions/043-e2e-on-postgresql.md).
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
