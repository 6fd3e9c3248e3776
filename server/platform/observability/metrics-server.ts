/**
 * Where Prometheus reads the metrics (docs/observability.md), never open to anyone:
 *
 * - METRICS_PORT: a listener of its own, meant to stay inside the private network (a compose
 *   service's port that is not published, a pod port no Service exposes). With METRICS_TOKEN set
 *   it asks for the token too.
 * - METRICS_TOKEN: `GET /metrics` on the site's own port with `Authorization: Bearer <token>`.
 *   Without the token set, the site has no /metrics.
 *
 * With several web processes (WEB_CONCURRENCY, server/cluster.ts) every process counts its own
 * requests, so one process's numbers would be a fraction of the site's: the primary sums them
 * (prom-client's cluster aggregation; gauges of site-wide facts take the largest) and serves
 * METRICS_PORT itself, and a worker asked for /metrics on the site's port asks the primary.
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import promClient from 'prom-client';
import { registry } from './metrics.ts';

const ASK = 'croupier:metrics-ask';
const ANSWER = 'croupier:metrics-answer';
const CONTENT_TYPE = registry.contentType;

type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/** The exposition text of this process, or of the whole cluster when it runs in one. */
export async function metricsText(): Promise<string> {
  if (cluster.isWorker && process.send) return askPrimary();
  return registry.metrics();
}

let nextAsk = 0;
const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
let answersHeard = false;

function askPrimary(): Promise<string> {
  if (!answersHeard) {
    answersHeard = true;
    process.on('message', (message: Answer) => {
      if (message?.type !== ANSWER) return;
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      clearTimeout(pending.timer);
      if (message.text !== undefined) pending.resolve(message.text);
      else pending.reject(new Error(message.error ?? 'the primary answered no metrics'));
    });
  }
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer for the metrics in 5 s'));
    }, 5000);
    waiting.set(id, { resolve, reject, timer });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}

/** A worker answers the primary's requests for its numbers (prom-client's listeners, added by constructing one). */
export function answerClusterMetrics() {
  new promClient.AggregatorRegistry();
}

/**
 * The primary of a cluster: sums the workers' numbers on request, for METRICS_PORT and for any
 * worker asked on the site's port. Answers the aggregation function for the port's listener.
 */
export function aggregateClusterMetrics(): () => Promise<string> {
  const aggregator = new promClient.AggregatorRegistry();
  const aggregate = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregate().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
  return aggregate;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/** The answer to a metrics request: 401 without the token (when one is set), else the text. */
export async function answerMetrics(authorization: string | undefined | null, token: string | undefined, text: () => Promise<string> = metricsText): Promise<Response> {
  if (token !== undefined && !bearerMatches(authorization, token)) {
    return new Response('Unauthorized\n', { status: 401, headers: { 'www-authenticate': 'Bearer realm="metrics"', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  try {
    return new Response(await text(), { status: 200, headers: { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' } });
  } catch (error) {
    return new Response(`Metrics unavailable: ${(error as Error).message}\n`, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

/** The internal metrics listener (METRICS_PORT): /metrics only. */
export async function startMetricsServer(options: { port: number; host: string; token?: string; text?: () => Promise<string> }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    void answerMetrics(req.headers.authorization, options.token, options.text).then(async (answer) => {
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(req.method === 'HEAD' ? undefined : await answer.text());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
