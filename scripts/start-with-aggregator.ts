/**
 * `npm run start:with-aggregator`: the site (as `npm start`) and the demo game aggregator
 * (`npm run aggregator:demo`) together, wired to each other with a secret made for this run
 * (docs/aggregator.md). PORT (default 3000) and AGGREGATOR_DEMO_PORT (default 3300) choose the
 * ports; Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const sitePort = process.env.PORT ?? '3000';
const aggregatorPort = process.env.AGGREGATOR_DEMO_PORT ?? '3300';
const shared = {
  AGGREGATOR_SECRET: process.env.AGGREGATOR_SECRET ?? randomBytes(24).toString('hex'),
  AGGREGATOR_OPERATOR_ID: process.env.AGGREGATOR_OPERATOR_ID ?? 'croupier',
  AGGREGATOR_PROVIDER: process.env.AGGREGATOR_PROVIDER ?? 'aggregator',
};
const children: ChildProcess[] = [];
const run = (script: string, env: Record<string, string>) => {
  // process.execPath is the project's Node 24 (npm scripts run on it); spawned directly, not
  // through npx, so the signals below reach the processes themselves.
  const child = spawn(process.execPath, [script], { stdio: 'inherit', env: { ...process.env, ...shared, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
    process.exitCode = code ?? 1;
  });
};

run('aggregator-demo/main.ts', { AGGREGATOR_DEMO_PORT: aggregatorPort, SITE_URL: `http://127.0.0.1:${sitePort}` });
run('scripts/start.ts', { PORT: sitePort, AGGREGATOR_URL: `http://127.0.0.1:${aggregatorPort}` });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  });
}
