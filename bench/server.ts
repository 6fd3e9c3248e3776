/**
 * Starts and stops the production build of the site for the benchmark: its own child process,
 * a free loopback port and a fresh data directory, so every run begins from the same freshly
 * migrated and seeded embedded database (or the PostgreSQL database the caller made for it) and
 * nothing is left behind. BENCH_NODE_ARGS adds flags to the server's node (`--cpu-prof`, ...).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { procCpuMs, processTree } from './cpu.ts';
import { freePort } from '../server/platform/testing/server-process.ts';

export type RunningServer = {
  baseUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Total CPU time (user + system, ms) the server's processes (a cluster's workers too) have used so far; null off Linux. */
  cpuMs(): number | null;
  /** Lines the server logged (LOG_LEVEL=warn, so only warnings and errors): count and the last few. */
  logLines(): { count: number; tail: string[] };
  /** SIGTERM (the server's own graceful shutdown), SIGKILL after a grace period, then remove the data directory. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }>;
};

/** Builds the app with React Router's CLI when there is no server build yet. Returns whether it built. */
export function ensureBuild(root: string): boolean {
  if (existsSync(path.join(root, 'build/server/index.js'))) return false;
  console.log('No production build found: running `npx react-router build`...');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  return true;
}

/**
 * Sources newer than the server build (the list scripts/start.ts watches), if any: the bench
 * measures whatever is in build/, so a stale build gives figures for old code. Only warned
 * about: rebuilding is `npm run build`'s call, and the build may be deliberate.
 */
export function staleBuildSources(root: string): string[] {
  const entry = path.join(root, 'build/server/index.js');
  if (!existsSync(entry)) return [];
  const builtAt = statSync(entry).mtimeMs;
  const newer: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) for (const name of readdirSync(full)) walk(path.join(relative, name));
    else if (stat.mtimeMs > builtAt) newer.push(relative);
  };
  for (const source of ['app', 'contract', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']) walk(source);
  return newer;
}

function treeCpuMs(pid: number): number | null {
  const own = procCpuMs(pid);
  if (own === null) return null;
  return processTree(pid)
    .slice(1)
    .reduce((sum, child) => sum + (procCpuMs(child) ?? 0), own);
}

export type ServerOptions = {
  root: string;
  readyTimeoutMs?: number;
  /** WEB_CONCURRENCY: more than one needs `databaseUrl`. */
  processes?: number;
  /** A PostgreSQL database for the site (emptied by the caller); unset, a fresh embedded one. */
  databaseUrl?: string;
  /** More environment for the server (GUEST_PAGE_CACHE_MS=0, ...). */
  env?: Record<string, string>;
};

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { root } = options;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Per-request info logs would cost the server more than /healthz itself does.
    LOG_LEVEL: 'warn',
  };
  // The embedded database in the fresh directory unless the caller names one, whatever the
  // caller's shell has; the process bus then runs on the database too.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.WEB_CONCURRENCY;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.processes) env.WEB_CONCURRENCY = String(options.processes);
  Object.assign(env, options.env);

  // process.execPath is the Node 24 that runs this script (npm puts node_modules/.bin first on
  // PATH). Spawning it directly, not through npx, means our SIGTERM reaches the server itself
  // rather than a wrapper that may not pass it on.
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server');

  let lineCount = 0;
  const tail: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim() || line.includes('Unknown user config')) continue;
        lineCount += 1;
        tail.push(line);
        if (tail.length > 20) tail.shift();
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });

  async function stop() {
    let forced = false;
    if (!exited) {
      child.kill('SIGTERM');
      const graceful = await Promise.race([exitPromise, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
      if (!graceful) {
        forced = true;
        child.kill('SIGKILL');
        await exitPromise;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    const result = exited as unknown as { code: number | null; signal: NodeJS.Signals | null };
    return { ...result, forced };
  }

  // Ready when /healthz answers; the start migrates and seeds the database first (a few seconds).
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      rmSync(dataDir, { recursive: true, force: true });
      const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(`server exited before it was ready (code ${code}, signal ${signal}):\n${tail.join('\n')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${tail.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A cluster answers as soon as its first worker listens: wait for the others to be forked and
  // to have started (they migrate nothing; the primary did), so the load meets all of them.
  const processes = options.processes ?? 1;
  if (processes > 1) {
    while (processTree(pid).length < processes + 1) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`only ${processTree(pid).length - 1} of ${processes} web processes started`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }

  return {
    baseUrl,
    port,
    pid,
    dataDir,
    cpuMs: () => treeCpuMs(pid),
    logLines: () => ({ count: lineCount, tail: [...tail] }),
    stop,
  };
}
