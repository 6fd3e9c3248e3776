/**
 * The database's own yardstick for the money path: PostgreSQL's pgbench (TPC-B like: per
 * transaction three balance updates, a select and an insert) with 16 clients on 2 threads, on
 * the same server the ledger and wallet benches use, in a database made for it and dropped after.
 * Their figures are reported as ratios to its transactions per second, measured in the same run.
 *
 * Alone: `npx node bench/pgbench.ts` (BENCH_DATABASE_URL, default the local server).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type PgbenchResult = { tps: number; clients: number; threads: number; seconds: number; scale: number } | { error: string };

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export async function runPgbench(options: { url?: string; seconds?: number; clients?: number; threads?: number; scale?: number } = {}): Promise<PgbenchResult> {
  const url = options.url ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
  const seconds = options.seconds ?? 10;
  const clients = options.clients ?? 16;
  const threads = options.threads ?? 2;
  const scale = options.scale ?? 10;
  try {
    await run('pgbench', ['--version']);
  } catch {
    return { error: 'pgbench is not installed (Debian: postgresql-client)' };
  }
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    await run('pgbench', ['-i', '-q', '-s', String(scale), target.toString()], { maxBuffer: 16 * 1024 * 1024 });
    const { stdout } = await run('pgbench', ['-c', String(clients), '-j', String(threads), '-T', String(seconds), target.toString()], { maxBuffer: 16 * 1024 * 1024 });
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) return { error: `pgbench printed no tps: ${stdout.slice(-300)}` };
    return { tps: Number(tps), clients, threads, seconds, scale };
  } catch (error) {
    return { error: (error as Error).message.slice(0, 500) };
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
}

export function formatPgbench(result: PgbenchResult): string {
  if ('error' in result) return `pgbench: not measured (${result.error})`;
  return `pgbench TPC-B (-c ${result.clients} -j ${result.threads}, scale ${result.scale}, ${result.seconds} s): ${result.tps.toFixed(0)} tps (the money path's yardstick)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPgbench(await runPgbench()));
}
