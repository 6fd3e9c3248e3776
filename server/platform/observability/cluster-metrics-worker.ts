/**
 * A web process of cluster-metrics.test.ts, forked by node:cluster: it counts requests as a real
 * worker does (its index + 1 of them), reports a ledger check result, answers the primary's
 * requests for its numbers, and, asked by the test, reads /metrics as a worker serving
 * METRICS_TOKEN would (through the primary).
 */
import { httpRequests, ledgerCheckProblems } from './metrics.ts';
import { answerClusterMetrics, metricsText } from './metrics-server.ts';

answerClusterMetrics();
const index = Number(process.env.WORKER_INDEX);
httpRequests.labels('GET', '/cluster-test', '200').inc(index + 1);
// Only the first worker ran the check (0 problems); the other never did (-1).
ledgerCheckProblems.set(index === 0 ? 0 : -1);
process.on('message', (message) => {
  if (message === 'read-metrics') void metricsText().then((text) => process.send!({ type: 'metrics', text }));
});
process.send!({ type: 'ready' });
