import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { aggregateClusterMetrics } from './metrics-server.ts';

/**
 * With WEB_CONCURRENCY > 1 each web process counts only the requests it served: the metrics the
 * primary serves are the sum over its workers (counters), the largest for a fact of the whole
 * site (the ledger check), and a worker asked on the site's port answers the same sums.
 */
const workers: Worker[] = [];
afterAll(() => {
  for (const worker of workers) worker.kill();
});

const sample = (text: string, line: RegExp) => Number(line.exec(text)?.[1]);

it('sums the workers counters in the primary, and a worker reads the same sums through it', async () => {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./cluster-metrics-worker.ts', import.meta.url)), execArgv: [], silent: true });
  const aggregate = aggregateClusterMetrics();
  for (const index of [0, 1]) {
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    workers.push(worker);
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: { type?: string }) => message?.type === 'ready' && resolve());
    });
  }
  const text = await aggregate();
  // 1 request in the first worker + 2 in the second.
  expect(sample(text, /^croupier_http_requests_total\{method="GET",route="\/cluster-test",status="200"\} (\S+)$/m)).toBe(3);
  // The ledger check ran in one worker and found nothing: the largest value, not the sum (-1).
  expect(sample(text, /^croupier_ledger_check_problems (\S+)$/m)).toBe(0);

  const read = new Promise<string>((resolve) => workers[1].on('message', (message: { type?: string; text?: string }) => message?.type === 'metrics' && resolve(message.text!)));
  workers[1].send('read-metrics');
  expect(sample(await read, /^croupier_http_requests_total\{method="GET",route="\/cluster-test",status="200"\} (\S+)$/m)).toBe(3);
}, 60_000);
