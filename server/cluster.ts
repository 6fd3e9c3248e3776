/**
 * One web process, or several (WEB_CONCURRENCY=N, decision 013): the primary migrates and seeds
 * the database once (or, MIGRATE=off, waits until `npm run ops -- migrate` has), then forks N workers that share the listening port (node:cluster hands
 * connections out in turn). Nothing a worker keeps goes stale across them: sessions and money are
 * in PostgreSQL, rate limits in Redis or PostgreSQL, and caches are cleared through the bus. A
 * worker that dies is replaced, after a pause that grows while they keep dying; SIGTERM and
 * SIGINT reach every worker, which shut down gracefully.
 */
import cluster from 'node:cluster';
import { parseEnv, EnvError } from './platform/env.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrateAndSeed, waitForMigrations } from './platform/db/prepare.ts';
import { resolveAppSecret } from './platform/secrets.ts';
import { PREPARING_DATABASE_LINE, readyLine, siteAddress } from './platform/console-lines.ts';
import { aggregateClusterMetrics, startMetricsServer } from './platform/observability/metrics-server.ts';

const WORKER_FLAG = 'CROUPIER_CLUSTER_WORKER';

/** What runs one web process: server/main.ts's startServer, loaded only by the processes that serve. */
type LoadServer = () => Promise<{ startServer(options: { dev?: boolean; prepared?: boolean }): Promise<unknown> }>;

export async function startSite(loadServer: LoadServer, options: { dev?: boolean } = {}) {
  let processes = 1;
  try {
    processes = parseEnv().WEB_CONCURRENCY;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { startServer } = await loadServer();
  if (cluster.isWorker) return startServer({ dev: false, prepared: process.env[WORKER_FLAG] === '1' });
  if (processes === 1 || options.dev) return startServer({ dev: options.dev });
  await runPrimary(processes);
}

async function runPrimary(processes: number) {
  const env = parseEnv();
  console.log(PREPARING_DATABASE_LINE);
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: 2 });
  if (env.MIGRATE === 'on') await migrateAndSeed(database);
  else await waitForMigrations(database, { log: (message, pending) => console.log(JSON.stringify({ level: 'warn', msg: message, pending, pid: process.pid })) });
  await database.close();
  // A secret generated into DATA_DIR is made here, once, before workers race to make their own.
  resolveAppSecret(env);
  console.log(JSON.stringify({ level: 'info', msg: `starting ${processes} web processes`, pid: process.pid }));

  let stopping = false;
  let recentDeaths = 0;
  const fork = () => cluster.fork({ [WORKER_FLAG]: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    recentDeaths++;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(recentDeaths, 7));
    console.error(JSON.stringify({ level: 'error', msg: 'web process died: replacing it', pid: worker.process.pid, code, signal, delayMs: delay }));
    setTimeout(fork, delay);
    setTimeout(() => (recentDeaths = Math.max(0, recentDeaths - 1)), 60_000).unref();
  });
  // The workers print no address of their own: one line here, when the first one listens.
  cluster.once('listening', (_worker, address) => console.log(readyLine(siteAddress(env.HOST, address.port), processes)));
  for (let i = 0; i < processes; i++) fork();
  // Metrics of the whole site, summed over the workers (docs/observability.md): the primary serves
  // METRICS_PORT, and answers a worker asked on the site's port with METRICS_TOKEN.
  const clusterMetrics = aggregateClusterMetrics();
  const metricsServer = env.METRICS_PORT === undefined ? undefined : await startMetricsServer({ port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN, text: clusterMetrics });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker drains within SHUTDOWN_GRACE_MS (server/main.ts); one that hangs past it does
    // not keep the site up forever.
    setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
