/**
 * 1, 2 and 3 web processes behind Caddy, with one worker, on PostgreSQL and Redis: the topology
 * of deploy/compose.yaml as processes on this machine (deploy/processes.ts), and pgbench on the
 * same PostgreSQL server in the same run for the database's own limit. docs/scaling.md reads it.
 *
 * Each configuration is a fresh topology on a fresh database. Through the proxy, the load
 * generator (16 clients, closed loop, keep-alive) asks in turns: /healthz (the bare HTTP stack),
 * the home page for a guest in brotli (the shared render, decision 012), a signed-in player's game
 * hall in brotli (rendered for them) and their balance (an API read). With one web process the same
 * targets are also asked of the process directly, which prices the proxy. Figures are requests per
 * second and latency, and their ratios to one web process measured in this run: absolute figures
 * on a 2-core machine shared by the load generator, Caddy, the site and PostgreSQL say more about
 * the machine than about the site. CPU is summed per role while the load runs (% of one core).
 *
 * `npm run bench:topology` (or `npx node bench/topology.ts`); needs a production build, Caddy
 * (`apt-get install caddy`), PostgreSQL (BENCH_DATABASE_URL, default the local server) and Redis
 * (TEST_REDIS_URL). BENCH_CONCURRENCY, BENCH_DURATION_MS (3000 per target and configuration),
 * BENCH_ROUNDS (3). Writes bench/results/topology.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcessTopology, type ProcessTopology } from '../deploy/processes.ts';
import { postgresCpuMs, procCpuMs } from './cpu.ts';
import { keepAliveAgent, runSegment, summarize, type Segment } from './load.ts';
import { formatPgbench, runPgbench, type PgbenchResult } from './pgbench.ts';
import { ensureBuild } from './server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = path.join(ROOT, 'bench/results/topology.json');

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const sliceMs = Math.round(Number(process.env.BENCH_DURATION_MS ?? 3000) / rounds);

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 croupier-bench',
};

type Target = { name: string; path: string; headers: (player: string) => Record<string, string>; check: (status: number) => boolean };
const TARGETS: Target[] = [
  { name: 'healthz', path: '/healthz', headers: () => ({ ...BROWSER, accept: 'application/json' }), check: (status) => status === 200 },
  { name: 'guest home page (br)', path: '/', headers: () => ({ ...BROWSER, cookie: 'vid=benchVisitor0000000000', accept: 'text/html', 'accept-encoding': 'br' }), check: (status) => status === 200 },
  { name: 'player game hall (br)', path: '/gamehall', headers: (player) => ({ ...BROWSER, cookie: player, accept: 'text/html', 'accept-encoding': 'br' }), check: (status) => status === 200 },
  { name: 'player balance (API)', path: '/api/getBalance', headers: (player) => ({ ...BROWSER, cookie: player, accept: 'application/json' }), check: (status) => status === 200 },
];

type Cpu = { web: number; worker: number; proxy: number; postgres: number; client: number };
/** cpuPercent: each role's CPU while the load ran, % of one core; cpuMsPerRequest: the same per request served (the figure that travels between machines). */
type Figures = { requestsPerSecond: number; p50: number; p95: number; errors: number; cpuPercent: Cpu | null; cpuMsPerRequest: Cpu | null };
type ConfigResult = { name: string; webProcesses: number; viaProxy: boolean; targets: Record<string, Figures> };
type Ratio = { requestsPerSecond: number; p50: number; p95: number };
export type TopologyBenchResult = {
  startedAt: string;
  machine: { cores: number; cpuModel: string | null; loadAverageBefore: number };
  concurrency: number;
  pgbench: PgbenchResult;
  configs: ConfigResult[];
  /** Per configuration behind the proxy and target: its figures over one web process's, same run. */
  vsOneProcess: Record<string, Record<string, Ratio>>;
  problems: string[];
};

function cpuReader(site: ProcessTopology) {
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + (procCpuMs(pid) ?? Number.NaN), 0);
  return (): Cpu => {
    const own = process.cpuUsage();
    return {
      web: sum(site.web.map((web) => web.pid)),
      worker: sum([site.worker.pid]),
      proxy: sum([site.proxy.pid]),
      postgres: postgresCpuMs() ?? Number.NaN,
      client: (own.user + own.system) / 1000,
    };
  };
}

/** Signs a player up through the proxy and gives their cookies, as a browser would send them back. */
async function playerCookie(base: string): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await fetch(`${base}/api/register`, { method: 'POST', body: new URLSearchParams({ email, password: 'Secret12!', terms: '1' }) });
  if (!answer.ok) throw new Error(`register answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  const cookies = answer.headers.getSetCookie().map((line) => line.split(';')[0]);
  return ['vid=benchVisitor0000000001', ...cookies].join('; ');
}

async function measure(name: string, site: ProcessTopology, viaProxy: boolean, player: string): Promise<ConfigResult> {
  const origin = viaProxy ? site.base : site.web[0].url;
  const readCpu = cpuReader(site);
  const agents = TARGETS.map(() => keepAliveAgent(concurrency));
  const run = (index: number, warmupMs: number, durationMs: number) =>
    runSegment({ url: origin + TARGETS[index].path, agent: agents[index], concurrency, warmupMs, durationMs, headers: TARGETS[index].headers(player) });
  for (let index = 0; index < TARGETS.length; index++) {
    const warm = await run(index, 1000, 0);
    if (warm.errors) throw new Error(`${name}: ${TARGETS[index].path} failed in the warm-up: ${warm.errorSamples.join('; ')}`);
  }
  const segments: Segment[][] = TARGETS.map(() => []);
  const cpu: Cpu[] = TARGETS.map(() => ({ web: 0, worker: 0, proxy: 0, postgres: 0, client: 0 }));
  const wall = TARGETS.map(() => 0);
  // Targets take turns in rounds, so a burst of other work on the machine lands on all of them.
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < TARGETS.length; step++) {
      const index = (round + step) % TARGETS.length;
      const before = readCpu();
      const startedAt = performance.now();
      segments[index].push(await run(index, 0, sliceMs));
      wall[index] += performance.now() - startedAt;
      const after = readCpu();
      for (const role of Object.keys(before) as Array<keyof Cpu>) cpu[index][role] += after[role] - before[role];
    }
  }
  for (const agent of agents) agent.destroy();
  const targets: Record<string, Figures> = {};
  for (const [index, target] of TARGETS.entries()) {
    const latencies = segments[index].flatMap((segment) => segment.latencies);
    const measuredMs = segments[index].reduce((total, segment) => total + segment.durationMs, 0);
    const summary = summarize(latencies);
    const percent = Object.fromEntries(Object.entries(cpu[index]).map(([role, ms]) => [role, (ms / wall[index]) * 100])) as Cpu;
    const readable = Object.values(percent).every(Number.isFinite);
    // Requests served over the wall time the CPU was read across (the measured windows and their tails).
    const served = (latencies.length * wall[index]) / measuredMs;
    targets[target.name] = {
      requestsPerSecond: (latencies.length * 1000) / measuredMs,
      p50: summary.p50,
      p95: summary.p95,
      errors: segments[index].reduce((total, segment) => total + segment.errors, 0),
      cpuPercent: readable ? percent : null,
      cpuMsPerRequest: readable && served > 0 ? (Object.fromEntries(Object.entries(cpu[index]).map(([role, ms]) => [role, ms / served])) as Cpu) : null,
    };
  }
  return { name, webProcesses: site.web.length, viaProxy, targets };
}

export async function runTopologyBench(): Promise<TopologyBenchResult> {
  const problems: string[] = [];
  const loadAverageBefore = os.loadavg()[0];
  const pgbench = await runPgbench();
  const configs: ConfigResult[] = [];
  for (const webProcesses of [1, 2, 3]) {
    const site = await startProcessTopology({ name: `bench${webProcesses}`, webProcesses });
    try {
      const player = await playerCookie(site.base);
      // Caddy's first health checks, and the processes' first seconds (JIT), out of the way.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (webProcesses === 1) configs.push(await measure('1 web process, direct (no proxy)', site, false, player));
      configs.push(await measure(`${webProcesses} web process${webProcesses > 1 ? 'es' : ''} behind Caddy`, site, true, player));
    } catch (error) {
      problems.push(`${webProcesses} web processes: ${(error as Error).message}\n${site.logTail().join('\n')}`);
    } finally {
      await site.stop();
    }
  }
  for (const config of configs) {
    for (const [target, figures] of Object.entries(config.targets)) if (figures.errors) problems.push(`${config.name}, ${target}: ${figures.errors} failed requests`);
  }
  const one = configs.find((config) => config.viaProxy && config.webProcesses === 1);
  const vsOneProcess: TopologyBenchResult['vsOneProcess'] = {};
  if (one) {
    for (const config of configs) {
      vsOneProcess[config.name] = Object.fromEntries(
        Object.entries(config.targets).map(([target, figures]) => {
          const base = one.targets[target];
          return [target, { requestsPerSecond: figures.requestsPerSecond / base.requestsPerSecond, p50: figures.p50 / base.p50, p95: figures.p95 / base.p95 }];
        }),
      );
    }
  }
  return {
    startedAt: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, loadAverageBefore },
    concurrency,
    pgbench,
    configs,
    vsOneProcess,
    problems,
  };
}

const fmt = (value: number | undefined | null, digits = 0) => (value === undefined || value === null || !Number.isFinite(value) ? '-' : value.toFixed(digits));

export function formatTopologyBench(result: TopologyBenchResult): string {
  const lines = [formatPgbench(result.pgbench), '', `Web processes behind Caddy + 1 worker, PostgreSQL and Redis; ${result.concurrency} clients (load average before: ${result.machine.loadAverageBefore.toFixed(2)} on ${result.machine.cores} cores)`];
  const header = ['configuration', 'target', 'req/s', 'x 1 proc', 'p50 ms', 'x 1', 'p95 ms', 'x 1', 'CPU % web', 'worker', 'caddy', 'postgres', 'client', 'CPU ms/req web', 'caddy', 'postgres'];
  const rows = result.configs.flatMap((config) =>
    Object.entries(config.targets).map(([target, figures]) => {
      const ratio = result.vsOneProcess[config.name]?.[target];
      const cpu = figures.cpuPercent;
      const perRequest = figures.cpuMsPerRequest;
      return [
        config.name,
        target,
        fmt(figures.requestsPerSecond),
        fmt(ratio?.requestsPerSecond, 2),
        fmt(figures.p50, 1),
        fmt(ratio?.p50, 2),
        fmt(figures.p95, 1),
        fmt(ratio?.p95, 2),
        fmt(cpu?.web),
        fmt(cpu?.worker),
        fmt(cpu?.proxy),
        fmt(cpu?.postgres),
        fmt(cpu?.client),
        fmt(perRequest?.web, 2),
        fmt(perRequest?.proxy, 2),
        fmt(perRequest?.postgres, 2),
      ];
    }),
  );
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index].length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index < 2 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');
  lines.push(line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line));
  if (result.problems.length) lines.push('', 'Problems:', ...result.problems.map((problem) => `  - ${problem}`));
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuild(ROOT);
  const result = await runTopologyBench();
  console.log(formatTopologyBench(result));
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify(result, null, 2) + '\n');
  console.log(`\nResults written to ${path.relative(ROOT, RESULTS_FILE)}`);
  if (result.problems.length) process.exitCode = 1;
}
