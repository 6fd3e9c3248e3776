/**
 * The real server, `node server/main.ts` as `npm run serve` runs it, as a child process of a test:
 * on a port and with an environment the test chooses, so it can be killed like a crash (SIGKILL)
 * and started again on the same database and address. It serves the production build, so it needs
 * `build/` (scripts/test.ts runs these tests after the build step).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Keeps the last `limit` non-empty lines a child process writes (stdout and stderr) in `lines`, for its failure messages. */
export function keepLastLines(child: ChildProcess, lines: string[], limit: number): void {
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) lines.push(line);
      if (lines.length > limit) lines.splice(0, lines.length - limit);
    });
  }
}

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Whether the production build the server needs is there (`npm run build`). */
export const hasBuild = () => existsSync(path.join(ROOT, 'build/server/index.js'));

/** A port the OS just handed out on 127.0.0.1 (the server's PORT must be 1..65535, so no port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** Servers still running: killed when the test process ends, so a test that fails or times out leaves none behind. */
const running = new Set<ChildProcess>();
let reaperInstalled = false;
function reapOnExit() {
  if (reaperInstalled) return;
  reaperInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

export type ServerProcess = {
  pid: number;
  baseUrl: string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** SIGKILL, as a crash or the OOM killer: no shutdown code runs. Resolves once it is gone. */
  kill(): Promise<Exit>;
  /** SIGTERM, the server's graceful shutdown; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<Exit & { forced: boolean }>;
  /** What it logged (LOG_LEVEL chooses how much), the last lines. */
  log(): string[];
};

/**
 * Starts the server on 127.0.0.1:`port` with `env` over a clean environment (no DATABASE_URL,
 * REDIS_URL or WEB_CONCURRENCY of the caller's shell: the embedded database under DATA_DIR unless
 * `env` names one) and resolves once /healthz answers, which it does after migrating and seeding.
 */
export async function startServerProcess(options: { port: number; env: Record<string, string>; readyTimeoutMs?: number }): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'WEB_CONCURRENCY', 'TEST_DATABASE_URL', 'ALSO_POSTGRES_URL']) delete env[name];
  Object.assign(env, { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(options.port), LOG_LEVEL: 'warn' }, options.env);
  // process.execPath is the project's Node 24; spawned directly (not through npm or npx), our
  // signals reach the server itself.
  const child = spawn(process.execPath, ['server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error('could not spawn the server');
  running.add(child);
  reapOnExit();
  const lines: string[] = [];
  keepLastLines(child, lines, 200);
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve((exit = { code, signal }));
    }),
  );

  const server: ServerProcess = {
    pid: child.pid,
    baseUrl,
    exited,
    kill: async () => {
      if (!exit) child.kill('SIGKILL');
      return exited;
    },
    stop: async (graceMs = 15_000) => {
      if (exit) return { ...exit, forced: false };
      child.kill('SIGTERM');
      const graceful = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(resolve, graceMs, null))]);
      if (graceful) return { ...graceful, forced: false };
      child.kill('SIGKILL');
      return { ...(await exited), forced: true };
    },
    log: () => [...lines],
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (exit) throw new Error(`the server exited before it was ready (${JSON.stringify(exit)}):\n${lines.slice(-30).join('\n')}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server was not ready after ${options.readyTimeoutMs ?? 90_000} ms:\n${lines.slice(-30).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
