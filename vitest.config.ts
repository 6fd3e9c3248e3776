import { defineConfig } from 'vitest/config';

// Unit and in-process API tests. The React Router plugin is not loaded here: these tests
// exercise contract/, server/ and pure app/lib code directly.
export default defineConfig({
  test: {
    include: ['{contract,server,app,games,scripts,deploy,aggregator-demo}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
