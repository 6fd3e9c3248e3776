/**
 * `npm run bench`: throughput and latency of the built site against a baseline, and the home
 * page's JavaScript budget. Writes bench/results/latest.json; exits 1 on any failed request or
 * a blown budget. docs/performance.md explains the figures.
 *
 * Why a baseline: absolute req/s on a 2-core machine where the load generator competes with
 * the server for CPU (and with whatever else runs) swing from run to run and machine to machine.
 * GET /healthz goes through the same Node HTTP server, Hono app and global middleware (request
 * id, security headers) as every other request but does no work of its own, so a route's ratio
 * to it, measured minutes apart in the same run, is the cost that route adds on top of the
 * bare HTTP stack, and it is the figure to compare across runs and machines.
 *
 * Tunables (environment): BENCH_CONCURRENCY (16 clients), BENCH_DURATION_MS (5000: measured time per
 * target, split over the rounds), BENCH_ROUNDS (5), BENCH_WARMUP_MS (1000 per target, once),
 * BENCH_SETTLE_MS (200, unmeasured lead-in of every round's slice), BENCH_SINGLE_MS (1500, the
 * single-client sample; 0 skips it), BENCH_BACKOFFICE=1 (adds the back office at size, bench/backoffice.ts:
 * a few minutes more), BENCH_REPORTS=1 (adds the business reports at size and the rollups' lag,
 * bench/reports.ts, also `npm run bench:reports` on its own), BENCH_TOPOLOGY=1 (adds 1, 2 and 3 web processes behind Caddy with a worker,
 * bench/topology.ts, also `npm run bench:topology` on its own: about two minutes more, needs caddy).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatJsBudget, measureJsBudget, type JsBudgetResult } from './js-budget.ts';
import { combineSegments, keepAliveAgent, runSegment, summarize, type LoadResult, type Segment } from './load.ts';
import { ensureBuild, staleBuildSources, startServer, type RunningServer } from './server.ts';
import { formatLedgerBench, runLedgerBench, type LedgerBenchResult } from './ledger.ts';
import { formatWalletBench, runWalletBench, type WalletBenchResult } from './wallet.ts';
import { formatEventsBench, runEventsBench, type EventsBenchResult } from './events.ts';
import { DEFAULT_BENCH_DATABASE_URL, formatPgbench, runPgbench, type PgbenchResult } from './pgbench.ts';
import { formatSsrBench, runSsrBench, type SsrBenchResult } from './ssr.ts';
import { formatTournamentsBench, runTournamentsBench, type TournamentsBenchResult } from './tournaments.ts';
import { formatPromotionsBench, runPromotionsBench, type PromotionsBenchResult } from './promotions.ts';
import { formatBettingBench, runBettingBench, type BettingBenchResult } from './betting.ts';
import { formatBackofficeBench, runBackofficeBench, type BackofficeBenchResult } from './backoffice.ts';
import { formatTopologyBench, runTopologyBench, type TopologyBenchResult } from './topology.ts';
import { formatReportsBench, reportsBenchOver, runReportsBench, type ReportsBenchResult } from './reports.ts';
import { formatCompressionBench, runCompressionBench, type CompressionBenchResult } from './compression.ts';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = path.join(ROOT, 'bench/results/latest.json');

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return value;
}

const config = {
  concurrency: Math.max(1, intFromEnv('BENCH_CONCURRENCY', 16)),
  warmupMs: intFromEnv('BENCH_WARMUP_MS', 1000),
  durationMs: Math.max(100, intFromEnv('BENCH_DURATION_MS', 5000)),
  rounds: Math.max(1, intFromEnv('BENCH_ROUNDS', 5)),
  settleMs: intFromEnv('BENCH_SETTLE_MS', 200),
  singleClientMs: intFromEnv('BENCH_SINGLE_MS', 1500),
};

/** A warm-up segment keeps its error counts but none of its measurements. */
const discarded = (segment: Segment): Segment => ({ ...segment, durationMs: 0, latencies: [], bodyBytes: 0, serverCpuMs: 0, clientCpuMs: 0 });

// Every target is requested as a returning desktop browser would: a valid visitor cookie (so
// no request mints a new visitor id) and a browser user agent (bots get the page unstreamed).
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 croupier-bench',
  cookie: 'vid=benchVisitor0000000000',
};

type Target = {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** Checked once before the load on a real response body: a 200 with the wrong content would make the figures meaningless. */
  check(body: string): boolean;
};

const TARGETS: Target[] = [
  {
    name: 'baseline /healthz',
    path: '/healthz',
    headers: { ...BROWSER_HEADERS, accept: 'application/json' },
    check: (body) => JSON.parse(body).status === 'ok',
  },
  {
    name: 'api /api/getInfo',
    path: '/api/getInfo',
    headers: { ...BROWSER_HEADERS, accept: 'application/json' },
    check: (body) => JSON.parse(body).data?.uid === 0,
  },
  {
    name: 'ssr /',
    path: '/',
    // text/html makes it a document request (the root middleware's locale redirect looks at it);
    // no Accept-Language, so an English visitor stays on / instead of being sent to /fr.
    headers: { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml' },
    check: (body) => body.includes('data-testid="home"') && body.includes('</html>'),
  },
  // The same page as browsers ask for it (decision 034): from the guest cache's compressed copy,
  // each response's nonce spliced in. The body column shows the bytes on the wire.
  {
    name: 'ssr / br',
    path: '/',
    headers: { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br' },
    check: (body) => body.includes('data-testid="home"') && body.includes('</html>'),
  },
  {
    name: 'ssr / gzip',
    path: '/',
    headers: { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip' },
    check: (body) => body.includes('data-testid="home"') && body.includes('</html>'),
  },
];

type TargetResult = LoadResult & {
  name: string;
  path: string;
  singleClient: { requests: number; p50: number; p95: number } | null;
  vsBaseline: { requestsPerSecond: number; p95: number; serverCpuPerRequest: number | null };
};

async function preflight(server: RunningServer, target: Target) {
  const response = await fetch(server.baseUrl + target.path, { headers: target.headers, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}: ${body.slice(0, 300)}`);
  let ok = false;
  try {
    ok = target.check(body);
  } catch {
    ok = false;
  }
  if (!ok) throw new Error(`${target.path} answered 200 with unexpected content: ${body.slice(0, 300)}`);
}

function gitRevision(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

const fmt = (value: number | null, digits = 1) => (value === null || Number.isNaN(value) ? '-' : value.toFixed(digits));

function table(results: TargetResult[]): string {
  const header = ['target', 'req/s', 'x base', 'p50 ms', 'p95 ms', 'p95 x base', 'c=1 p50 ms', 'srv CPU us/req', 'x base', 'body B', 'errors'];
  const rows = results.map((r) => [
    r.name,
    fmt(r.requestsPerSecond, 0),
    fmt(r.vsBaseline.requestsPerSecond, 2),
    fmt(r.latencyMs.p50, 2),
    fmt(r.latencyMs.p95, 2),
    fmt(r.vsBaseline.p95, 2),
    fmt(r.singleClient?.p50 ?? null, 2),
    fmt(r.serverCpuUsPerRequest, 0),
    fmt(r.vsBaseline.serverCpuPerRequest, 2),
    fmt(r.meanBodyBytes, 0),
    `${r.errors}/${r.totalResponses}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const cores = os.cpus().length;
  if (loadBefore > cores / 2) {
    console.warn(`WARNING: load average ${loadBefore.toFixed(2)} on ${cores} cores before the run: other work will skew the figures.`);
  }

  const built = ensureBuild(ROOT);
  const stale = staleBuildSources(ROOT);
  if (stale.length) {
    console.warn(`WARNING: ${stale.length} source file(s) changed since the last build (e.g. ${stale.slice(0, 3).join(', ')}): run \`npm run build\` to measure them.`);
  }
  console.log(`Starting the production server (fresh embedded database)...`);
  const server = await startServer({ root: ROOT });
  console.log(`Server pid ${server.pid} on ${server.baseUrl}, data in ${server.dataDir}`);

  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the server...`);
    await server.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const failures: string[] = [];
  const results: TargetResult[] = [];
  let budget: JsBudgetResult | null = null;
  let compressionResult: CompressionBenchResult | { error: string } = { error: 'not run' };
  let budgetError: string | null = null;
  let stopped: Awaited<ReturnType<RunningServer['stop']>> | null = null;
  try {
    for (const target of TARGETS) await preflight(server, target);

    const segmentMs = Math.max(1, Math.round(config.durationMs / config.rounds));
    const total = TARGETS.length * (config.warmupMs + config.rounds * (config.settleMs + segmentMs) + config.singleClientMs);
    console.log(
      `Load: closed loop, ${config.concurrency} clients, keep-alive. Per target: ${config.warmupMs} ms warm-up, then ` +
        `${config.rounds} rounds of ${config.settleMs} ms settle + ${segmentMs} ms measured, targets taking turns` +
        (config.singleClientMs ? `; then ${config.singleClientMs} ms with 1 client` : '') +
        ` (~${Math.round(total / 1000)} s)`,
    );

    const agents = TARGETS.map(() => keepAliveAgent(config.concurrency));
    const segments: Segment[][] = TARGETS.map(() => []);
    const run = (index: number, warmupMs: number, durationMs: number) =>
      runSegment({
        url: server.baseUrl + TARGETS[index].path,
        agent: agents[index],
        concurrency: config.concurrency,
        warmupMs,
        durationMs,
        headers: TARGETS[index].headers,
        serverCpuMs: server.cpuMs,
      });

    // Warm-up: JIT, the settings cache, React Router's first renders. Discarded except for errors.
    for (let index = 0; index < TARGETS.length; index++) segments[index].push(discarded(await run(index, config.warmupMs, 0)));

    // Rounds: each target gets a slice in every round, in a rotating order, so a burst of other
    // work on this shared machine (or the server's own drift: heap growth, GC) lands on all
    // targets alike instead of on whichever happened to run at the time; the ratios stay fair.
    for (let round = 0; round < config.rounds; round++) {
      for (let step = 0; step < TARGETS.length; step++) {
        const index = (round + step) % TARGETS.length;
        segments[index].push(await run(index, config.settleMs, segmentMs));
      }
    }
    for (const agent of agents) agent.destroy();

    let baseline: LoadResult | null = null;
    for (const [index, target] of TARGETS.entries()) {
      const loaded = combineSegments(server.baseUrl + target.path, config.concurrency, segments[index]);
      // The same route with a single client (already warm): its service time without queueing.
      let singleClient: TargetResult['singleClient'] = null;
      if (config.singleClientMs > 0) {
        const single = await runSegment({
          url: loaded.url,
          concurrency: 1,
          warmupMs: 0,
          durationMs: config.singleClientMs,
          headers: target.headers,
        });
        loaded.errors += single.errors;
        loaded.totalResponses += single.totalResponses;
        loaded.errorSamples.push(...single.errorSamples);
        const summary = summarize(single.latencies);
        singleClient = { requests: single.latencies.length, p50: summary.p50, p95: summary.p95 };
      }
      baseline ??= loaded;
      const cpu = loaded.serverCpuUsPerRequest;
      const baseCpu = baseline.serverCpuUsPerRequest;
      const result: TargetResult = {
        ...loaded,
        name: target.name,
        path: target.path,
        singleClient,
        vsBaseline: {
          requestsPerSecond: loaded.requestsPerSecond / baseline.requestsPerSecond,
          p95: loaded.latencyMs.p95 / baseline.latencyMs.p95,
          serverCpuPerRequest: cpu !== null && baseCpu ? cpu / baseCpu : null,
        },
      };
      results.push(result);
      console.log(
        `  ${target.name}: ${fmt(result.requestsPerSecond, 0)} req/s, p95 ${fmt(result.latencyMs.p95, 2)} ms, ` +
          `server CPU ${fmt(result.serverCpuPercent, 0)}%, client CPU ${fmt(result.clientCpuPercent, 0)}%, errors ${result.errors}`,
      );
      if (result.errors > 0) failures.push(`${target.name}: ${result.errors} failed requests, e.g. ${result.errorSamples.slice(0, 3).join('; ')}`);
    }

    // Bytes of the home page, its CSS and its entry script raw, gzip and br; CPU of compressing the page.
    try {
      compressionResult = await runCompressionBench(server.baseUrl);
    } catch (error) {
      compressionResult = { error: (error as Error).message };
      failures.push(`compression bench failed: ${compressionResult.error}`);
    }

    try {
      budget = await measureJsBudget(server.baseUrl);
      if (!budget.withinBudget) failures.push(`home page JavaScript ${budget.totalGzipBytes} B gzip is over the ${budget.limitBytes} B budget`);
    } catch (error) {
      budgetError = (error as Error).message;
      failures.push(`JS budget check failed: ${budgetError}`);
    }
  } catch (error) {
    failures.push(`benchmark aborted: ${(error as Error).message}`);
  } finally {
    const logs = server.logLines();
    stopped = await server.stop();
    if (logs.count > 0) console.warn(`The server logged ${logs.count} warning/error line(s); the last ones:\n${logs.tail.join('\n')}`);
    if (stopped.forced || (stopped.code !== 0 && stopped.code !== null)) {
      console.warn(`The server did not stop cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal}, killed: ${stopped.forced})`);
    }
  }

  console.log('');
  if (results.length) console.log(table(results));
  console.log(
    '\nx base = ratio to the /healthz baseline in this run (req/s: higher is better; p95 and CPU: lower is better). ' +
      'c=1 p50 = one client, no queueing.',
  );
  if (results.length) console.log('\n' + formatCompressionBench(compressionResult, results[0].serverCpuUsPerRequest));
  if (budget) console.log('\n' + formatJsBudget(budget, { details: false }));

  // Money on PostgreSQL (BENCH_DATABASE_URL, else the local server when it answers, else PGlite
  // without ratios): pgbench first, the yardstick the ledger and wallet figures are divided by.
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL && (await reachable(DEFAULT_BENCH_DATABASE_URL))) {
    process.env.BENCH_DATABASE_URL = DEFAULT_BENCH_DATABASE_URL;
  }
  const pgbenchResult: PgbenchResult = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
    ? await runPgbench({ url: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL })
    : { error: 'no PostgreSQL server: the money benches run on PGlite' };
  console.log('\n' + formatPgbench(pgbenchResult));

  // The home page with one and two web processes and with the guest page cache off, on
  // PostgreSQL (several processes need it), each against its own /healthz (bench/ssr.ts).
  let ssrResult: SsrBenchResult | { error: string };
  const siteDatabase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (siteDatabase) {
    try {
      ssrResult = await runSsrBench({ url: siteDatabase });
      if (ssrResult.problems.length) failures.push(`SSR by processes: ${ssrResult.problems.join('; ')}`);
    } catch (error) {
      ssrResult = { error: (error as Error).message };
      failures.push(`SSR by processes failed: ${ssrResult.error}`);
    }
  } else {
    ssrResult = { error: 'no PostgreSQL server: several web processes need one' };
  }
  console.log('\n' + formatSsrBench(ssrResult));

  // Money: deposits through the ledger, many players versus one (see bench/ledger.ts).
  let ledgerResult: LedgerBenchResult | { error: string };
  try {
    ledgerResult = await runLedgerBench();
    console.log('\n' + formatLedgerBench(ledgerResult));
    if (ledgerResult.problems.length) failures.push(`ledger does not hold after the run: ${ledgerResult.problems.join('; ')}`);
  } catch (error) {
    ledgerResult = { error: (error as Error).message };
    failures.push(`ledger bench failed: ${ledgerResult.error}`);
  }

  // Game rounds through the seamless wallet's signed HTTP API, many players versus one (bench/wallet.ts).
  let walletResult: WalletBenchResult | { error: string };
  try {
    walletResult = await runWalletBench();
    console.log('\n' + formatWalletBench(walletResult));
    if (walletResult.problems.length) failures.push(`ledger does not hold after the wallet run: ${walletResult.problems.join('; ')}`);
    if (walletResult.refused) failures.push(`the wallet refused ${walletResult.refused} bench requests`);
  } catch (error) {
    walletResult = { error: (error as Error).message };
    failures.push(`wallet bench failed: ${walletResult.error}`);
  }

  // Events: lag from an outbox write to its handler, saturated and paced (bench/events.ts).
  let eventsResult: EventsBenchResult | { error: string };
  try {
    eventsResult = await runEventsBench();
    console.log('\n' + formatEventsBench(eventsResult));
    if (eventsResult.problems.length) failures.push(`events not delivered exactly once: ${eventsResult.problems.join('; ')}`);
  } catch (error) {
    eventsResult = { error: (error as Error).message };
    failures.push(`events bench failed: ${eventsResult.error}`);
  }

  // Tournament scoring on versus off: settled rounds per second (bench/tournaments.ts).
  let tournamentsResult: TournamentsBenchResult | { error: string };
  try {
    tournamentsResult = await runTournamentsBench();
    console.log('\n' + formatTournamentsBench(tournamentsResult));
    if (tournamentsResult.problems.length) failures.push(`tournament scoring: ${tournamentsResult.problems.join('; ')}`);
  } catch (error) {
    tournamentsResult = { error: (error as Error).message };
    failures.push(`tournaments bench failed: ${tournamentsResult.error}`);
  }

  // Bets with an active bonus versus without: settled rounds per second (bench/promotions.ts).
  let promotionsResult: PromotionsBenchResult | { error: string };
  try {
    promotionsResult = await runPromotionsBench();
    console.log('\n' + formatPromotionsBench(promotionsResult));
    if (promotionsResult.problems.length) failures.push(`bonus wagering: ${promotionsResult.problems.join('; ')}`);
  } catch (error) {
    promotionsResult = { error: (error as Error).message };
    failures.push(`promotions bench failed: ${promotionsResult.error}`);
  }

  // Sportsbook bets on one hot event versus the wallet's bets, same run (bench/betting.ts; target >= 0.5x).
  let bettingResult: BettingBenchResult | { error: string };
  try {
    bettingResult = await runBettingBench();
    console.log('\n' + formatBettingBench(bettingResult));
    if (bettingResult.problems.length) failures.push(`sportsbook bets: ${bettingResult.problems.join('; ')}`);
  } catch (error) {
    bettingResult = { error: (error as Error).message };
    failures.push(`betting bench failed: ${bettingResult.error}`);
  }

  // The back office's players screens over 100,000 players and 5,000,000 postings (bench/backoffice.ts;
  // target: every case under 200 ms p95). Opt-in: generating the data takes a few minutes.
  let backofficeResult: BackofficeBenchResult | { error: string } | { skipped: string };
  if (process.env.BENCH_BACKOFFICE === '1') {
    try {
      backofficeResult = await runBackofficeBench();
      console.log('\n' + formatBackofficeBench(backofficeResult));
      if (backofficeResult.problems.length) failures.push(`back office at size: ${backofficeResult.problems.join('; ')}`);
    } catch (error) {
      backofficeResult = { error: (error as Error).message };
      failures.push(`back-office bench failed: ${backofficeResult.error}`);
    }
  } else {
    backofficeResult = { skipped: 'BENCH_BACKOFFICE=1 runs it (a few minutes of data generation)' };
  }

  // The business reports over 1,000,000 players and 10,000,000 rounds, and the rollups' lag behind
  // the wallet's load (bench/reports.ts; targets: every report under 1 s p95, lag p99 under 5 s).
  // Opt-in: generating and folding the data takes a quarter of an hour or more.
  let reportsResult: ReportsBenchResult | { error: string } | { skipped: string };
  if (process.env.BENCH_REPORTS === '1') {
    try {
      reportsResult = await runReportsBench();
      console.log('\n' + formatReportsBench(reportsResult));
      const over = reportsBenchOver(reportsResult);
      if (over.length) failures.push(`reports at size over target: ${over.join(', ')}`);
      if (reportsResult.problems.length) failures.push(`reports at size: ${reportsResult.problems.join('; ')}`);
    } catch (error) {
      reportsResult = { error: (error as Error).message };
      failures.push(`reports bench failed: ${reportsResult.error}`);
    }
  } else {
    reportsResult = { skipped: 'BENCH_REPORTS=1 runs it (minutes of data generation; or npm run bench:reports)' };
  }

  // The production topology as processes: 1, 2 and 3 web processes behind Caddy, as ratios to one
  // (bench/topology.ts, docs/scaling.md). Opt-in: it starts its own processes for a few minutes.
  let topologyResult: TopologyBenchResult | { error: string } | { skipped: string };
  if (process.env.BENCH_TOPOLOGY === '1') {
    try {
      topologyResult = await runTopologyBench();
      console.log('\n' + formatTopologyBench(topologyResult));
      if (topologyResult.problems.length) failures.push(`topology: ${topologyResult.problems.join('; ')}`);
    } catch (error) {
      topologyResult = { error: (error as Error).message };
      failures.push(`topology bench failed: ${topologyResult.error}`);
    }
  } else {
    topologyResult = { skipped: 'BENCH_TOPOLOGY=1 runs it (1, 2 and 3 web processes behind Caddy; or npm run bench:topology)' };
  }

  // The money path against pgbench, in this run (issue targets: rounds >= 0.3x, one player >=
  // 0.7x spread, deposits >= 0.5x).
  const money = moneyRatios(pgbenchResult, ledgerResult, walletResult);
  if (money.length) console.log('\nMoney path vs pgbench (same server, same run):\n' + money.map((line) => `  ${line.name}: ${line.value.toFixed(3)} x (target >= ${line.target})${line.value >= line.target ? '' : '  BELOW TARGET'}`).join('\n'));

  const report = {
    startedAt: startedAt.toISOString(),
    ok: failures.length === 0,
    failures,
    git: gitRevision(),
    machine: {
      cores,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      loadAverageBefore: loadBefore,
    },
    config: { ...config, builtForThisRun: built, staleSources: stale.length, loadModel: 'closed loop, keep-alive, node:http client in a separate process' },
    targets: results,
    ssrByProcesses: ssrResult,
    compression: compressionResult,
    jsBudget: budget ?? { error: budgetError },
    pgbench: pgbenchResult,
    ledger: ledgerResult,
    wallet: walletResult,
    events: eventsResult,
    tournaments: tournamentsResult,
    promotions: promotionsResult,
    betting: bettingResult,
    backoffice: backofficeResult,
    reports: reportsResult,
    topology: topologyResult,
    moneyVsPgbench: money,
    server: stopped,
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nResults written to ${path.relative(ROOT, RESULTS_FILE)}`);

  if (failures.length) {
    console.error(`\nBENCH FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function moneyRatios(yardstick: PgbenchResult, ledger: LedgerBenchResult | { error: string }, wallet: WalletBenchResult | { error: string }) {
  if ('error' in yardstick) return [];
  const lines: Array<{ name: string; value: number; target: number }> = [];
  if (!('error' in wallet) && wallet.database === 'postgres') {
    lines.push({ name: 'wallet bet+win rounds spread, settled / pgbench tps', value: wallet.spread.roundsPerSecond / yardstick.tps, target: 0.3 });
    lines.push({ name: 'wallet rounds one player / spread, settled', value: wallet.singleVsSpread, target: 0.7 });
  }
  if (!('error' in ledger) && ledger.database === 'postgres') {
    lines.push({ name: 'ledger deposits spread / pgbench tps', value: ledger.spread.depositsPerSecond / yardstick.tps, target: 0.5 });
  }
  return lines;
}

await main();
