/**
 * The process's Prometheus metrics (docs/observability.md lists each with its meaning). Every
 * metric lives in prom-client's global registry, which is what its cluster aggregation reads in
 * each web process (metrics-server.ts). Names start with `croupier_`; Node's own (event loop,
 * heap, CPU) come from prom-client's default collectors.
 *
 * The hot paths (every HTTP request, every wallet call) observe through label children made once
 * per label value (childrenOf), so no labels object is built per request. prom-client still keys
 * the labels on each observation: a wallet request's four observations cost a few microseconds,
 * against about 2 ms of CPU for the request itself (docs/observability.md has the measurement;
 * the money path must not get slower for being watched, decision 039).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type Registry } from 'prom-client';

export const registry: Registry = register;

let defaultsCollected = false;
/** Node's own metrics (process_*, nodejs_*): once per process, whoever asks first. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register });
}

/** Latency buckets (seconds) of a web request: 5 ms to 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Latency buckets (seconds) of one wallet call: 1 ms to 2.5 s (a settle takes a few ms). */
const MONEY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Duration buckets (seconds) of a job: 5 ms to 5 min. */
const JOB_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300];

export const httpRequests = new Counter({
  name: 'croupier_http_requests_total',
  help: 'HTTP requests answered, by method, matched route and status code.',
  labelNames: ['method', 'route', 'status'] as const,
});
export const httpDuration = new Histogram({
  name: 'croupier_http_request_duration_seconds',
  help: 'Time from a request reaching the app to its response, by method and matched route.',
  labelNames: ['method', 'route'] as const,
  buckets: REQUEST_BUCKETS,
});

export const apiCalls = new Counter({
  name: 'croupier_api_calls_total',
  help: 'API method calls (/api/{method}), by method and outcome: ok or the error type answered.',
  labelNames: ['method', 'outcome'] as const,
});
export const apiDuration = new Histogram({
  name: 'croupier_api_call_duration_seconds',
  help: 'Time an API method took, from lookup to its answer, by method.',
  labelNames: ['method'] as const,
  buckets: REQUEST_BUCKETS,
});

export const walletSettleDuration = new Histogram({
  name: 'croupier_wallet_settle_duration_seconds',
  help: 'Time the seamless wallet took to decide a money call (bet, win, rollback), signature checked to answer.',
  labelNames: ['endpoint'] as const,
  buckets: MONEY_BUCKETS,
});

export const ledgerMovements = new Counter({
  name: 'croupier_ledger_movements_total',
  help: 'Ledger movements (transactions) written by this process, by kind (game_bet, deposit, ...); replays of a key are not counted.',
  labelNames: ['kind'] as const,
});
export const ledgerCheckProblems = new Gauge({
  name: 'croupier_ledger_check_problems',
  help: 'Problems the last scheduled ledger check found (0: every balance equals its postings, everything sums to zero); -1 before the first check.',
  aggregator: 'max',
});
ledgerCheckProblems.set(-1);
export const ledgerCheckTimestamp = new Gauge({
  name: 'croupier_ledger_check_timestamp_seconds',
  help: 'When the last scheduled ledger check finished (Unix time), 0 before the first.',
  aggregator: 'max',
});

export const gameRtpOutside = new Gauge({
  name: 'croupier_game_rtp_outside',
  help: 'The last RTP watch (hourly, docs/reports.md): 1 for a game whose real-money rounds over the window returned outside its declared RTP at 99.9% confidence, 0 inside; games with too few rounds are absent.',
  labelNames: ['game', 'window_days', 'currency'] as const,
  aggregator: 'max',
});

export const jobDuration = new Histogram({
  name: 'croupier_job_duration_seconds',
  help: 'Time a job (outbox handler, scheduled or queued job) ran, by job name; its count is the runs.',
  labelNames: ['job'] as const,
  buckets: JOB_BUCKETS,
});
export const jobFailures = new Counter({
  name: 'croupier_job_failures_total',
  help: 'Failed job attempts, by job name; final="true" when its attempts ran out (it waits for an operator).',
  labelNames: ['job', 'final'] as const,
});

export const cacheRequests = new Counter({
  name: 'croupier_cache_requests_total',
  help: 'Reads of the in-process caches, by cache and result (hit or miss); the hit rate is hit / (hit + miss).',
  labelNames: ['cache', 'result'] as const,
});

/** A counter child per label value, made once: the hot path only adds. */
export function childrenOf<T>(make: (key: string) => T): (key: string) => T {
  const children = new Map<string, T>();
  return (key) => {
    let child = children.get(key);
    if (child === undefined) {
      child = make(key);
      // Label values come from a bounded set (routes, methods, kinds); the bound guards a mistake.
      if (children.size < 2000) children.set(key, child);
    }
    return child;
  };
}

/** Hit and miss counters of one named cache. */
export function cacheCounters(cache: string) {
  return { hit: cacheRequests.labels(cache, 'hit'), miss: cacheRequests.labels(cache, 'miss') };
}

const movementOf = childrenOf((kind) => ledgerMovements.labels(kind));
/** Counts a ledger movement that was written (not a replay of its key). */
export function countMovement(kind: string) {
  movementOf(kind).inc();
}

const settleOf = childrenOf((endpoint) => walletSettleDuration.labels(endpoint));
/** Records how long a wallet money call took, in ms as performance.now() measures. */
export function observeSettle(endpoint: string, ms: number) {
  settleOf(endpoint).observe(ms / 1000);
}

const jobTimerOf = childrenOf((job) => jobDuration.labels(job));
export function observeJob(job: string, ms: number) {
  jobTimerOf(job).observe(ms / 1000);
}
