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
 *
 * A load is run as segments (see run.ts: targets take turns in rounds) and the segments of one
 * target are combined afterwards, which is why the raw samples are kept.
 */
import http from 'node:http';

export type SegmentOptions = {
  /** Absolute http:// URL to GET. */
  url: string;
  /** Shared by a target's segments so its keep-alive sockets are reused; made here when absent. */
  agent?: http.Agent;
  /** Virtual clients, each with at most one request in flight (and its own keep-alive socket). */
  concurrency: number;
  /** Run for this long first and discard it (JIT, connection set-up, getting to steady state). */
  warmupMs: number;
  /** Then measure for this long. */
  durationMs: number;
  headers?: Record<string, string>;
  /** A request slower than this counts as an error (and its socket is dropped). */
  timeoutMs?: number;
  /** CPU time (ms) the server process has used so far, or null; read at the window's edges. */
  serverCpuMs?: () => number | null;
};

/** One measured window of one URL, with its raw samples. */
export type Segment = {
  durationMs: number;
  /** Latencies (ms) of the responses completed inside the window. */
  latencies: number[];
  bodyBytes: number;
  /** Non-200 responses and network errors over the whole segment (warm-up and tail included). */
  errors: number;
  errorSamples: string[];
  totalResponses: number;
  /** CPU used inside the window (ms), or null when it could not be read. */
  serverCpuMs: number | null;
  clientCpuMs: number | null;
};

export type LatencySummary = { p50: number; p95: number; p99: number; max: number; mean: number };

export type LoadResult = {
  url: string;
  concurrency: number;
  segments: number;
  /** Total measured time (ms) over all segments. */
  durationMs: number;
  /** Responses completed inside the measured windows. */
  requests: number;
  requestsPerSecond: number;
  /** Latency of the measured responses, in milliseconds. */
  latencyMs: LatencySummary;
  /** Every response of the run, warm-up and tails included, whose status was not 200, plus network errors. */
  errors: number;
  errorSamples: string[];
  /** All responses of the run, warm-up included: what the error count is out of. */
  totalResponses: number;
  /** Mean body size of the measured responses (bytes on the wire after any transfer encoding). */
  meanBodyBytes: number;
  /** Server process CPU time per measured request (µs), from /proc; null where unreadable. */
  serverCpuUsPerRequest: number | null;
  /** Server process CPU during the windows, % of one core (200 = both cores of this machine). */
  serverCpuPercent: number | null;
  /** The load generator's own CPU during the windows, % of one core: near 100 means it may be the bottleneck. */
  clientCpuPercent: number | null;
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

export function keepAliveAgent(concurrency: number): http.Agent {
  // One socket per virtual client, kept alive: we measure the server's request handling, not
  // TCP handshakes (a browser or a proxy in front of the site keeps connections open too).
  return new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
}

/** Runs the closed loop against one URL: warm-up, then the measured window; resolves once every request has finished. */
export async function runSegment(options: SegmentOptions): Promise<Segment> {
  const url = new URL(options.url);
  const headers = options.headers ?? {};
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agent = options.agent ?? keepAliveAgent(options.concurrency);

  const windowStart = performance.now() + options.warmupMs;
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

  // CPU is read by timers at the window's edges while the load runs. With a warm-up the window
  // starts in steady state, so work begun before it and work left in flight after it even out.
  type CpuReading = { clientUs: number; serverMs: number | null };
  const readings: { start?: CpuReading; end?: CpuReading } = {};
  const readCpu = (): CpuReading => {
    const usage = process.cpuUsage();
    return { clientUs: usage.user + usage.system, serverMs: options.serverCpuMs?.() ?? null };
  };
  const startTimer = setTimeout(() => (readings.start = readCpu()), options.warmupMs);
  const endTimer = setTimeout(() => (readings.end = readCpu()), options.warmupMs + options.durationMs);

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

  // Waiting for every client also waits for the requests still in flight at the window's end,
  // so the next segment (maybe another route) starts on an idle server.
  await Promise.all(Array.from({ length: options.concurrency }, () => client()));
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  // The last responses can beat the end timer by a hair (timers run on the loop's coarser clock).
  if (readings.start && !readings.end) readings.end = readCpu();
  if (!options.agent) agent.destroy();

  const { start, end } = readings;
  return {
    durationMs: options.durationMs,
    latencies,
    bodyBytes,
    errors,
    errorSamples,
    totalResponses,
    serverCpuMs: start?.serverMs != null && end?.serverMs != null ? end.serverMs - start.serverMs : null,
    clientCpuMs: start && end ? (end.clientUs - start.clientUs) / 1000 : null,
  };
}

/** One target's result from its segments. */
export function combineSegments(url: string, concurrency: number, segments: Segment[]): LoadResult {
  const latencies = segments.flatMap((segment) => segment.latencies);
  const durationMs = segments.reduce((sum, segment) => sum + segment.durationMs, 0);
  const requests = latencies.length;
  const bodyBytes = segments.reduce((sum, segment) => sum + segment.bodyBytes, 0);
  const sumOrNull = (pick: (segment: Segment) => number | null) =>
    segments.every((segment) => pick(segment) !== null) ? segments.reduce((sum, segment) => sum + pick(segment)!, 0) : null;
  const serverCpuMs = sumOrNull((segment) => segment.serverCpuMs);
  const clientCpuMs = sumOrNull((segment) => segment.clientCpuMs);
  return {
    url,
    concurrency,
    segments: segments.filter((segment) => segment.durationMs > 0).length,
    durationMs,
    requests,
    requestsPerSecond: durationMs > 0 ? requests / (durationMs / 1000) : 0,
    latencyMs: summarize(latencies),
    errors: segments.reduce((sum, segment) => sum + segment.errors, 0),
    errorSamples: segments.flatMap((segment) => segment.errorSamples).slice(0, 5),
    totalResponses: segments.reduce((sum, segment) => sum + segment.totalResponses, 0),
    meanBodyBytes: requests ? bodyBytes / requests : 0,
    serverCpuUsPerRequest: serverCpuMs !== null && requests ? (serverCpuMs * 1000) / requests : null,
    serverCpuPercent: serverCpuMs !== null && durationMs ? (serverCpuMs / durationMs) * 100 : null,
    clientCpuPercent: clientCpuMs !== null && durationMs ? (clientCpuMs / durationMs) * 100 : null,
  };
}
