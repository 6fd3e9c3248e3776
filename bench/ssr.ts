/**
 * The home page for a guest with one web process and with two (WEB_CONCURRENCY=2, decision
 * 013), and with the guest page cache off (every page rendered, decision 012), each as it is and
 * in brotli (decision 034: a cached copy, or compressed on the fly with the cache off), on PostgreSQL:
 * several processes need it. Each configuration is a fresh server on a fresh database, with its
 * own /healthz baseline measured in the same start, so the figures to compare are ratios: pages
 * per second over /healthz requests per second, and two processes over one.
 *
 * Server CPU per request is summed over the site's processes (the cluster's primary and workers).
 *
 * Alone: `npx node bench/ssr.ts` (BENCH_DATABASE_URL, default the local server; a production
 * build must exist).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { keepAliveAgent, runSegment, type Segment } from './load.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './pgbench.ts';
import { startServer } from './server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 croupier-bench',
  cookie: 'vid=benchVisitor0000000000',
};

type Figures = { requestsPerSecond: number; cpuUsPerRequest: number | null; errors: number };
/** pageBr: the same page in brotli (decision 034): from the guest cache's compressed copy, or, with the cache off, compressed on the fly. */
export type SsrConfigResult = { name: string; processes: number; guestCache: boolean; healthz: Figures; page: Figures; pageVsHealthz: number; pageBr: Figures; pageBrVsHealthz: number };
export type SsrBenchResult = { database: 'postgres'; concurrency: number; configs: SsrConfigResult[]; twoVsOne: number | null; problems: string[] };

const CONFIGS = [
  { name: '1 process', processes: 1, guestCache: true },
  { name: '2 processes', processes: 2, guestCache: true },
  { name: '1 process, cache off', processes: 1, guestCache: false },
];

function figures(segments: Segment[]): Figures {
  const requests = segments.reduce((sum, segment) => sum + segment.latencies.length, 0);
  const ms = segments.reduce((sum, segment) => sum + segment.durationMs, 0);
  const cpu = segments.every((segment) => segment.serverCpuMs !== null) ? segments.reduce((sum, segment) => sum + segment.serverCpuMs!, 0) : null;
  return {
    requestsPerSecond: (requests * 1000) / ms,
    cpuUsPerRequest: cpu === null || requests === 0 ? null : (cpu * 1000) / requests,
    errors: segments.reduce((sum, segment) => sum + segment.errors, 0),
  };
}

export async function runSsrBench(options: { url?: string; concurrency?: number; durationMs?: number; rounds?: number } = {}): Promise<SsrBenchResult> {
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const concurrency = options.concurrency ?? 16;
  const rounds = options.rounds ?? 3;
  const sliceMs = Math.round((options.durationMs ?? 3000) / rounds);
  const problems: string[] = [];
  const configs: SsrConfigResult[] = [];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const config of CONFIGS) {
      const name = `bench_site_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const server = await startServer({
        root: ROOT,
        processes: config.processes,
        databaseUrl: target.toString(),
        env: { GUEST_PAGE_CACHE_MS: config.guestCache ? '2000' : '0' },
      });
      try {
        const targets = [
          { path: '/healthz', headers: { ...HEADERS, accept: 'application/json' } },
          { path: '/', headers: { ...HEADERS, accept: 'text/html,application/xhtml+xml' } },
          { path: '/', headers: { ...HEADERS, accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br' } },
        ];
        const agents = targets.map(() => keepAliveAgent(concurrency));
        const run = (index: number, warmupMs: number, durationMs: number) =>
          runSegment({ url: server.baseUrl + targets[index].path, agent: agents[index], concurrency, warmupMs, durationMs, headers: targets[index].headers, serverCpuMs: server.cpuMs });
        for (let index = 0; index < targets.length; index++) await run(index, 1000, 0);
        const segments: Segment[][] = targets.map(() => []);
        for (let round = 0; round < rounds; round++) {
          for (let step = 0; step < targets.length; step++) {
            const index = (round + step) % targets.length;
            segments[index].push(await run(index, 200, sliceMs));
          }
        }
        for (const agent of agents) agent.destroy();
        const healthz = figures(segments[0]);
        const page = figures(segments[1]);
        const pageBr = figures(segments[2]);
        if (healthz.errors || page.errors || pageBr.errors) problems.push(`${config.name}: ${healthz.errors + page.errors + pageBr.errors} failed requests`);
        configs.push({
          ...config,
          healthz,
          page,
          pageVsHealthz: page.requestsPerSecond / healthz.requestsPerSecond,
          pageBr,
          pageBrVsHealthz: pageBr.requestsPerSecond / healthz.requestsPerSecond,
        });
      } finally {
        await server.stop();
        await admin.query(`drop database if exists "${name}" with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
  const one = configs.find((config) => config.processes === 1 && config.guestCache);
  const two = configs.find((config) => config.processes === 2);
  return { database: 'postgres', concurrency, configs, twoVsOne: one && two ? two.page.requestsPerSecond / one.page.requestsPerSecond : null, problems };
}

const fmt = (value: number | null, digits = 0) => (value === null ? '-' : value.toFixed(digits));

export function formatSsrBench(result: SsrBenchResult | { error: string }): string {
  if ('error' in result) return `SSR of / by processes: ${result.error}`;
  const lines = [`SSR of / for a guest on PostgreSQL, ${result.concurrency} clients (fresh server and database per line):`];
  lines.push('  configuration          healthz req/s  page req/s  page x healthz  CPU us/page   br: req/s  x healthz  CPU us/page');
  for (const config of result.configs) {
    lines.push(
      `  ${config.name.padEnd(22)} ${fmt(config.healthz.requestsPerSecond).padStart(13)}  ${fmt(config.page.requestsPerSecond).padStart(10)}  ${fmt(config.pageVsHealthz, 3).padStart(14)}  ${fmt(config.page.cpuUsPerRequest).padStart(11)}` +
        `  ${fmt(config.pageBr.requestsPerSecond).padStart(10)}  ${fmt(config.pageBrVsHealthz, 3).padStart(9)}  ${fmt(config.pageBr.cpuUsPerRequest).padStart(11)}`,
    );
  }
  if (result.twoVsOne !== null) lines.push(`  2 processes / 1 process (pages per second): ${result.twoVsOne.toFixed(2)} x`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runSsrBench();
  console.log(formatSsrBench(result));
  if (result.problems.length) {
    console.error(result.problems.join('\n'));
    process.exitCode = 1;
  }
}
