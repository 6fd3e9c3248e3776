import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Two production web processes of the site on one PostgreSQL database and one Redis, behind a
 * small round-robin proxy: every request (page, API call, live stream) goes to the next process in
 * turn, as a load balancer without sticky sessions would send them. A journey through `base`
 * therefore sees whatever one process keeps to itself go stale, and a live event made on one
 * process must reach a stream held by the other.
 *
 * Each run gets a database of its own (created here, dropped at the end) and a bus namespace of its
 * own, so nothing is shared with the main e2e server or another run.
 */
export type TwoProcesses = {
  /** The proxy: what the browser opens. */
  base: string;
  /** Each process directly (for assertions that must reach one process). */
  processes: string[];
  /** Runs an operator command against the same database and bus. */
  ops(...args: string[]): string;
  /** The run's own PostgreSQL database, for a journey that must move time in it (an expiry). */
  databaseUrl: string;
  /** Replaces a locale's site configuration through the operator command. */
  importConfig(locale: string, document: unknown): void;
  stop(): Promise<void>;
};

export const POSTGRES_URL = process.env.ALSO_POSTGRES_URL ?? process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A round-robin HTTP proxy that streams both ways (server-sent events included). `pin` may send
 * some paths always to one process, so a journey can put a stream and a movement on different
 * processes for certain.
 */
function roundRobinProxy(targets: number[], pin?: (path: string) => number | undefined): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const pinned = pin?.(incoming.url ?? '/');
    const port = targets[pinned ?? next++ % targets.length];
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, 'x-forwarded-for': '127.0.0.1' } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
}

async function waitHealthy(base: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server at ${base} exited with ${server.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${base} did not start`);
}

export async function startTwoProcesses(options: { name: string; env?: Record<string, string>; pin?: (path: string) => number | undefined }): Promise<TwoProcesses> {
  const database = `e2e_${options.name.replace(/\W/g, '_')}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), `croupier-${options.name}-`));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    REDIS_URL,
    // Its own bus namespace: the Redis server is shared with other runs and the main e2e server.
    BUS_NAMESPACE: database,
    // The app secret must be the same in both processes (signed links, demo payment callbacks).
    APP_SECRET: `e2e-two-processes-${database}`.padEnd(40, '0'),
    RATE_LIMIT_MULTIPLIER: '20',
    TRUST_PROXY: '1',
    ...options.env,
  };
  delete env.CROUPIER_E2E_DATA_DIR;

  const ports = [await freePort(), await freePort()];
  const servers: ChildProcess[] = [];
  const proxy = roundRobinProxy(ports, options.pin);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const base = `http://localhost:${(proxy.address() as AddressInfo).port}`;
  const processes = ports.map((port) => `http://127.0.0.1:${port}`);

  async function stop() {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await Promise.all(
      servers.map(async (server) => {
        if (server.exitCode !== null) return;
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
  }

  try {
    // One after the other: the first migrates and seeds, the second finds the work done.
    for (const [index, port] of ports.entries()) {
      // The site's own address is the proxy's: links and same-origin checks use it.
      const server = spawn(process.execPath, ['server/main.ts'], { env: { ...env, PORT: String(port), PUBLIC_ORIGIN: base }, stdio: ['ignore', 'ignore', 'inherit'] });
      servers.push(server);
      await waitHealthy(processes[index], server);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const ops = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['scripts/ops.ts', ...args], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${run.stderr}`);
    return run.stdout;
  };
  const importConfig = (locale: string, document: unknown) => {
    const file = join(dataDir, `site-config-${locale}.json`);
    writeFileSync(file, JSON.stringify(document));
    ops('site-config:import', locale, file);
  };
  return { base, processes, ops, importConfig, databaseUrl: url.toString(), stop };
}
