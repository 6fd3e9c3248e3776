/**
 * `npm test`: every check, in the order that fails fastest: typecheck, lint, the import graph, unit and in-process
 * API tests (embedded PGlite), build, tests against the built server process (the wallet's crash
 * test), Playwright journeys in Chromium. With
 * ALSO_POSTGRES_URL=postgres://... set (CI sets it), the database tests run a second time
 * against that real PostgreSQL server. Ends with one line: `tests: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${title}: ${outcome.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outcome.status === 0;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

function finish(ok: boolean): never {
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

const vitestArgs = (output: string) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${output}`];

if (!run('typecheck', 'npx', ['react-router', 'typegen']) || !run('typecheck', 'npx', ['tsc', '--noEmit'])) finish(false);
if (!run('lint', 'npx', ['eslint', '--max-warnings=0', '.'])) finish(false);
if (!run('import graph (no circles, modules through their index)', 'npm', ['run', '--silent', 'check:imports'])) finish(false);

rmSync(`${results}/vitest.json`, { force: true });
const unitOk = run('unit and API tests (PGlite)', 'npx', vitestArgs(`${results}/vitest.json`), { TEST_DATABASE_URL: '' });
countVitest(`${results}/vitest.json`);
if (!unitOk) finish(false);

const postgres = process.env.ALSO_POSTGRES_URL;
if (postgres) {
  rmSync(`${results}/vitest-postgres.json`, { force: true });
  const pgOk = run('database and API tests (PostgreSQL)', 'npx', [...vitestArgs(`${results}/vitest-postgres.json`), 'server'], {
    TEST_DATABASE_URL: postgres,
  });
  countVitest(`${results}/vitest-postgres.json`);
  if (!pgOk) finish(false);
}

if (!run('build', 'npx', ['react-router', 'build'])) finish(false);

// Tests against the real server process, which serves the build just made: the wallet killed
// with SIGKILL under a provider's load and restarted (server/modules/wallet/crash.server-test.ts),
// the same load through a SIGTERM's drain (drain.server-test.ts), on PGlite and, with
// ALSO_POSTGRES_URL, on PostgreSQL too; a server on a read replica (PostgreSQL only).
rmSync(`${results}/vitest-server-process.json`, { force: true });
const processOk = run(
  `server process tests (PGlite${postgres ? ', PostgreSQL' : ''})`,
  'npx',
  [...vitestArgs(`${results}/vitest-server-process.json`), '--config', 'vitest.server-process.config.ts'],
  { TEST_DATABASE_URL: postgres ?? '' },
);
countVitest(`${results}/vitest-server-process.json`);
if (!processOk) finish(false);

rmSync(`${results}/playwright.json`, { force: true });
// With ALSO_POSTGRES_URL, the journeys' server runs on a database of its own on that server, as in
// production (playwright.config.ts); without it, on the embedded one.
const e2eOk = run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json`,
  ...(postgres ? { E2E_POSTGRES_URL: postgres } : {}),
});
countPlaywright(`${results}/playwright.json`);
finish(e2eOk);
