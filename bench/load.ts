/**
 * A small closed-loop HTTP load generator (node:http with keep-alive) and the statistics the
 * benchmark reports.
 *
 * Why closed-loop: a fixed number of virtual clients each send one request, wait for the whole
 * response, then send the next. The number of requests in flight never exceeds the concurrency,
 * so the server is driven to saturation without an ever-growing queue, and requests/second is
 * the server's capacity for that route. The price is "coordinated omission": a slow response
 * delays the requests behind it instead of letting them pile up, so the latency percentiles are
 * lower than an open-loop (fixed arrival rate) test would show. They are good for comparing
 * routes with each other in one run, not as an SLO. At saturation, Little's law also says
 * p50 ≈ concurrency / (req/s): the loaded latency is mostly queueing, which is why the benchmark
 * also takes a short single-client sample (service time without queueing).
 *
 * Why not fetch(): undici's per-request overhead is several times node:http's, and the
 * generator shares a 2-core machine with the server; the cheaper the client, the more of the
 * machine the server gets.
 */
import http from 'node:http';

export type LoadOptions = {
  /** Absolute http:// URL to GET. */
  url: string;
  /** Virtual clients, each with at most one request in flight (and its own keep-alive socket). */
  concurrency: number;
  /** Run for this long first and discard it: JIT, connection set-up, caches. */
  warmupMs: number;
  /** Then measure for this long. */
  durationMs: number;
  headers?: Record<string, string>;
  /** A request slower than this counts as an error (and its socket is dropped). */
  timeoutMs?: number;
  /** Called with the CPU time (ms) of the server, if it can be read, at the window's edges. */
  serverCpuMs?: () => number | null;
};

export type LatencySummary = { p50: number; p95: number; p99: number; max: number; mean: number };

export type LoadResult = {
  url: string;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** Responses completed inside the measured window. */
  requests: number;
  requestsPerSecond: number;
  /** Latency of the responses completed inside the measured window, in milliseconds. */
  latencyMs: LatencySummary;
  /** Every response of the whole run (warm-up and tail included) whose status was not 200, plus network errors. */
  errors: number;
  errorSamples: string[];
  /** All responses of the run, warm-up included: what the error count is out of. */
  totalResponses: number;
  /** Mean body size of the measured responses (bytes on the wire after any transfer encoding). */
  meanBodyBytes: number;
  /** Server process CPU time per measured request (µs), from /proc; null where unreadable. */
  serverCpuUsPerRequest: number | null;
  /** CPU the load generator itself used during the window, as % of one core: near 100 means it may be the bottleneck. */
  clientCpuPercent: number;
};

type Outcome = { status: number; bytes: number };

function requestOnce(url: URL, agent: http.Agent, headers: Record<string, string>, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sortedAscending: ArrayLike<number>, p: number): number {
  const n = sortedAscending.length;
  if (n === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * n);
  return sortedAscending[Math.min(n - 1, Math.max(0, rank - 1))];
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** Runs one closed-loop load against one URL: warm-up, then the measured window. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const headers = options.headers ?? {};
  const timeoutMs = options.timeoutMs ?? 10_000;
  // One socket per virtual client, kept alive: we measure the server's request handling, not
  // TCP handshakes (a browser or a proxy in front of the site keeps connections open too).
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency, maxFreeSockets: options.concurrency });

  const started = performance.now();
  const windowStart = started + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;

  const latencies: number[] = [];
  let bodyBytes = 0;
  let errors = 0;
  let totalResponses = 0;
  const errorSamples: string[] = [];
  const noteError = (message: string) => {
    errors += 1;
    if (errorSamples.length < 5) errorSamples.push(message);
  };

  // CPU readings are taken by a timer at the window's start and end, while the load runs.
  let cpuAtStart: { client: NodeJS.CpuUsage; server: number | null } | null = null;
  let cpuAtEnd: { client: NodeJS.CpuUsage; server: number | null } | null = null;
  const readCpu = () => ({ client: process.cpuUsage(), server: options.serverCpuMs?.() ?? null });
  const startTimer = setTimeout(() => (cpuAtStart = readCpu()), Math.max(0, windowStart - performance.now()));
  const endTimer = setTimeout(() => (cpuAtEnd = readCpu()), Math.max(0, windowEnd - performance.now()));

  async function client() {
    while (performance.now() < windowEnd) {
      const t0 = performance.now();
      try {
        const outcome = await requestOnce(url, agent, headers, timeoutMs);
        const t1 = performance.now();
        totalResponses += 1;
        if (outcome.status !== 200) noteError(`HTTP ${outcome.status} for ${url.pathname}`);
        // A response counts for throughput and latency if it completed inside the window,
        // whether or not it started there: that keeps req/s exact at the window's edges.
        if (t1 >= windowStart && t1 <= windowEnd) {
          latencies.push(t1 - t0);
          bodyBytes += outcome.bytes;
        }
      } catch (error) {
        totalResponses += 1;
        noteError(`${url.pathname}: ${(error as Error).message}`);
        // Don't spin on a dead server: back off a little before the next try.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => client()));
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  agent.destroy();

  const seconds = options.durationMs / 1000;
  const start = cpuAtStart as { client: NodeJS.CpuUsage; server: number | null } | null;
  const end = cpuAtEnd as { client: NodeJS.CpuUsage; server: number | null } | null;
  let clientCpuPercent = Number.NaN;
  let serverCpuUsPerRequest: number | null = null;
  if (start && end) {
    const clientUs = end.client.user + end.client.system - (start.client.user + start.client.system);
    clientCpuPercent = (clientUs / 1000 / options.durationMs) * 100;
    if (start.server !== null && end.server !== null && latencies.length > 0) {
      serverCpuUsPerRequest = ((end.server - start.server) * 1000) / latencies.length;
    }
  }

  return {
    url: options.url,
    concurrency: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    latencyMs: summarize(latencies),
    errors,
    errorSamples,
    totalResponses,
    meanBodyBytes: latencies.length ? bodyBytes / latencies.length : 0,
    serverCpuUsPerRequest,
    clientCpuPercent,
  };
}
