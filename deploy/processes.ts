/**
 * The topology of deploy/compose.yaml as processes on this machine, for CI's journey through it
 * (tests/e2e/topology.spec.ts) and the bench of 1, 2 and 3 web processes (bench/topology.ts):
 *
 *   migrate   `node scripts/ops.ts migrate` once, on a PostgreSQL database made for the run
 *   web-N     `node server/main.ts` with JOBS=off WEB=on MIGRATE=off (as many as asked)
 *   worker    `node server/main.ts` with JOBS=on WEB=off MIGRATE=off
 *   proxy     Debian's `caddy run` with deploy/Caddyfile itself, SITE_ADDRESS and UPSTREAMS
 *             pointing at this machine (plain HTTP, admin endpoint off)
 *
 * Everything the compose file sets for its containers is set here the same way (one APP_SECRET,
 * PUBLIC_ORIGIN the proxy's address, TRUST_PROXY=1, Redis for the bus); the run's database and
 * bus namespace are its own and are dropped at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, keepLastLines } from '../server/platform/testing/server-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');

export const TOPOLOGY_POSTGRES_URL = process.env.ALSO_POSTGRES_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TOPOLOGY_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type Role = 'web' | 'worker' | 'proxy';

/** Each Croupier role's switches, as compose.yaml sets them (deploy/deploy.test.ts holds them equal). */
export const ROLE_ENV = {
  web: { JOBS: 'off', WEB: 'on', MIGRATE: 'off' },
  worker: { JOBS: 'on', WEB: 'off', MIGRATE: 'off' },
} as const;

export type RunningProcess = { role: Role; name: string; pid: number; url: string };

export type ProcessTopology = {
  /** The proxy's address: what a browser or the load generator opens. */
  base: string;
  web: RunningProcess[];
  worker: RunningProcess;
  proxy: RunningProcess;
  databaseUrl: string;
  /** Runs an operator command on the same database and bus; commands that go through the site go through the proxy. */
  ops(...args: string[]): string;
  /** The last lines every process logged (LOG_LEVEL=warn), for a failure's message. */
  logTail(): string[];
  stop(): Promise<void>;
};

export type TopologyOptions = {
  /** Names the database (`topology_<name>_...`) and the temporary folders. */
  name: string;
  webProcesses?: number;
  /** The proxy's port (a free one when absent). */
  port?: number;
  postgresUrl?: string;
  redisUrl?: string;
  /** Added to every Croupier process's environment (web, worker, migrate). */
  env?: Record<string, string>;
  /** The Caddy binary (CADDY, else `caddy` on PATH: Debian's package). */
  caddy?: string;
};

type Child = { process: ChildProcess; name: string; lines: string[] };

async function waitFor(url: string, child: Child, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited before it was ready (${child.process.exitCode ?? child.process.signalCode}):\n${child.lines.slice(-20).join('\n')}`);
    }
    if (await fetch(url, { signal: AbortSignal.timeout(1_000) }).then((answer) => answer.ok).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: Child, graceMs = 15_000) {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function caddyBinary(options: TopologyOptions): string {
  const binary = options.caddy ?? process.env.CADDY ?? 'caddy';
  const probe = spawnSync(binary, ['version'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error(`Caddy is not installed (${binary}): \`apt-get install caddy\` (Debian's package), as .ci/run does`);
  return binary;
}

export async function startProcessTopology(options: TopologyOptions): Promise<ProcessTopology> {
  const caddy = caddyBinary(options);
  const postgresUrl = options.postgresUrl ?? TOPOLOGY_POSTGRES_URL;
  const database = `topology_${options.name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${database}` }).toString();

  const scratch = mkdtempSync(path.join(tmpdir(), `croupier-topology-${options.name}-`));
  const proxyPort = options.port ?? (await freePort());
  const base = `http://localhost:${proxyPort}`;
  // What compose.yaml's x-croupier block gives every Croupier container.
  const shared: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(scratch, 'data'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl ?? TOPOLOGY_REDIS_URL,
    // The Redis server may be shared with other runs: a bus of the run's own.
    BUS_NAMESPACE: database,
    APP_SECRET: `topology-${database}`.padEnd(48, '0'),
    PUBLIC_ORIGIN: base,
    TRUST_PROXY: '1',
    HOST: '127.0.0.1',
    ...options.env,
  };
  for (const name of ['WEB_CONCURRENCY', 'TEST_DATABASE_URL', 'ALSO_POSTGRES_URL', 'CROUPIER_E2E_DATA_DIR', 'PORT']) delete shared[name];

  const children: Child[] = [];
  const dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
  };
  async function stop() {
    // The proxy first (no new requests), then the web processes and the worker together.
    const proxy = children.find((child) => child.name === 'proxy');
    if (proxy) await stopChild(proxy);
    await Promise.all(children.filter((child) => child !== proxy).map((child) => stopChild(child)));
    rmSync(scratch, { recursive: true, force: true });
    await dropDatabase();
  }
  const start = (name: string, command: string, args: string[], env: Record<string, string>): Child => {
    const child: Child = { process: spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }), name, lines: [] };
    keepLastLines(child.process, child.lines, 100);
    children.push(child);
    return child;
  };

  try {
    // The release step (compose's `migrate` service): the others only wait for it.
    const migrate = spawnSync(process.execPath, ['scripts/ops.ts', 'migrate'], { cwd: ROOT, env: shared, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr.slice(-2000)}`);

    const webCount = options.webProcesses ?? 2;
    const roles = [
      ...Array.from({ length: webCount }, (_, index) => ({ role: 'web' as const, name: `web-${index + 1}`, env: ROLE_ENV.web })),
      { role: 'worker' as const, name: 'worker', env: ROLE_ENV.worker },
    ];
    const started = await Promise.all(
      roles.map(async (role) => {
        const port = await freePort();
        const child = start(role.name, process.execPath, ['server/main.ts'], { ...shared, ...role.env, PORT: String(port) });
        return { ...role, child, url: `http://127.0.0.1:${port}` };
      }),
    );
    // Ready: its database answers (what Caddy's health check and the Kubernetes probe ask).
    await Promise.all(started.map((entry) => waitFor(`${entry.url}/readyz`, entry.child, 90_000)));

    const web = started.filter((entry) => entry.role === 'web');
    const proxyChild = start('proxy', caddy, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      // Caddy keeps its state (certificates, autosaved config) under these: the run's own.
      HOME: scratch,
      XDG_DATA_HOME: path.join(scratch, 'caddy-data'),
      XDG_CONFIG_HOME: path.join(scratch, 'caddy-config'),
      SITE_ADDRESS: base,
      UPSTREAMS: web.map((entry) => new URL(entry.url).host).join(' '),
      // No admin endpoint: another run's Caddy may hold the default port 2019.
      CADDY_ADMIN: 'off',
    });
    await waitFor(`${base}/readyz`, proxyChild, 30_000);

    const running = (entry: { role: Role; name: string; child: Child; url: string }): RunningProcess => ({ role: entry.role, name: entry.name, pid: entry.child.process.pid!, url: entry.url });
    const ops = (...args: string[]) => {
      const run = spawnSync(process.execPath, ['scripts/ops.ts', ...args], { cwd: ROOT, env: { ...shared, SITE_URL: base }, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${run.stderr || run.stdout}`);
      return run.stdout;
    };
    return {
      base,
      web: web.map(running),
      worker: running(started.find((entry) => entry.role === 'worker')!),
      proxy: { role: 'proxy', name: 'proxy', pid: proxyChild.process.pid!, url: base },
      databaseUrl,
      ops,
      logTail: () => children.flatMap((child) => child.lines.slice(-10).map((line) => `${child.name}: ${line}`)),
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx node deploy/processes.ts [web processes]`: the topology until Ctrl-C, to look at by hand.
  const topology = await startProcessTopology({ name: 'manual', webProcesses: Number(process.argv[2] ?? 2), port: process.env.PORT ? Number(process.env.PORT) : undefined });
  console.log(`Croupier through Caddy at ${topology.base}: ${topology.web.map((web) => `${web.name} ${web.url}`).join(', ')}, worker ${topology.worker.url}`);
  const shutdown = async () => {
    await topology.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
