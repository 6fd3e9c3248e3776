import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A production server of its own, on its own embedded database, for journeys that need an
 * operator setting the shared e2e server must not have (maintenance, a short inactivity time).
 * The operator command runs first, while no server holds the database. process.execPath is the
 * runner's own Node 24: spawning it directly (not through npx) means the process signalled at
 * the end is the server itself.
 */
export type IsolatedServer = { base: string; stop(): Promise<void> };

export async function startIsolatedServer(options: { name: string; port: number; ops: string[] | string[][]; env?: Record<string, string>; startSeconds?: number }): Promise<IsolatedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `croupier-${options.name}-`));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  const base = `http://localhost:${options.port}`;
  // One operator command, or several in order.
  const commands = options.ops.length > 0 && Array.isArray(options.ops[0]) ? (options.ops as string[][]) : [options.ops as string[]];
  for (const command of commands.filter((entry) => entry.length > 0)) {
    const ops = spawnSync(process.execPath, ['scripts/ops.ts', ...command], { env, encoding: 'utf8' });
    if (ops.status !== 0) throw new Error(`ops ${command.join(' ')} failed: ${ops.stderr}`);
  }
  const server: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    env: { ...env, NODE_ENV: 'production', PORT: String(options.port) },
    stdio: 'ignore',
  });

  async function stop() {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  for (let attempt = 0; attempt < (options.startSeconds ?? 30) * 4; attempt++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the ${options.name} server did not start`);
}
