import { defineConfig } from 'vitest/config';

// Tests against the real server process (`node server/main.ts` as a child process), which serves
// the production build: scripts/test.ts runs them after its build step, on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. Their files end in `.server-test.ts`, outside the unit run.
export default defineConfig({
  test: {
    include: ['server/**/*.server-test.ts'],
    environment: 'node',
    pool: 'forks',
    // One file at a time: each drives a server process and its database on this machine's cores.
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 60_000,
  },
});
