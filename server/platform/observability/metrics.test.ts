import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../http/app.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app.ts';
import { freePort } from '../testing/server-process.ts';
import { createLogger } from '../logger.ts';
import { startMetricsServer } from './metrics-server.ts';
import { collectProcessMetrics } from './metrics.ts';
import { watchSite } from './site-gauges.ts';

/**
 * /metrics as Prometheus reads it: text in the exposition format, behind a bearer token on the
 * site's port (absent without one), or on a port of its own; and the numbers move with what
 * the site does.
 */
const TOKEN = 'metrics-token-metrics-token-0123';
let t: TestApp;
let stopWatching: () => void;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  collectProcessMetrics();
  stopWatching = watchSite({ database: t.database, streams: () => ({ player: 3, backoffice: 1 }) });
}, 180_000);
afterAll(async () => {
  stopWatching?.();
  await t?.close();
});

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => t.app.request(`${TEST_ORIGIN}/metrics`, { headers });

type Sample = { labels: Record<string, string>; value: number };
type Exposition = { types: Map<string, string>; samples: Map<string, Sample[]> };

/**
 * A strict reader of the text format (0.0.4) as Prometheus scrapes it: every line is `# HELP`,
 * `# TYPE` or a sample `name{label="value",...} number`; a family's TYPE comes once and before its
 * samples; a histogram's series are its _bucket (with le), _sum and _count. Anything else fails.
 */
function strictlyParsed(text: string): Exposition {
  const types = new Map<string, string>();
  const samples = new Map<string, Sample[]>();
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/y;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(types.has(type[1]), `TYPE of ${type[1]} declared twice`).toBe(false);
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const match = sampleLine.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = '', valueText] = match!;
    // prom-client writes NaN as `Nan`, which Prometheus reads (Go's ParseFloat ignores case).
    expect(valueText, line).toMatch(/^(-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?|[Nn]a[Nn]|[+-]Inf)$/);
    const labels: Record<string, string> = {};
    labelPair.lastIndex = 0;
    while (labelPair.lastIndex < labelText.length) {
      const pair = labelPair.exec(labelText);
      expect(pair, `malformed labels: ${line}`).not.toBeNull();
      labels[pair![1]] = pair![2];
    }
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    const familyType = types.get(family);
    expect(familyType, `sample of an undeclared family: ${line}`).toBeDefined();
    if (familyType === 'histogram') {
      expect(name === family ? null : name.slice(family.length), line).toMatch(/^_(bucket|sum|count)$/);
      if (name.endsWith('_bucket')) expect(labels.le, line).toBeDefined();
    }
    samples.set(name, [...(samples.get(name) ?? []), { labels, value: Number(valueText) }]);
  }
  return { types, samples };
}

const valueOf = (exposition: Exposition, name: string, labels: Record<string, string>) =>
  exposition.samples.get(name)?.find((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value ?? 0;

describe('/metrics on the site port', () => {
  it('is refused without the token or with a wrong one, and absent from a site without METRICS_TOKEN', async () => {
    const none = await scrape({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toMatch(/croupier_/);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape({ authorization: TOKEN })).status).toBe(401);
    const closed = createHttpApp({ services: t.services, env: { ...t.env, METRICS_TOKEN: undefined }, logger: createLogger('silent') });
    const answer = await closed.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
  });

  it('parses as Prometheus text and counts a request, an API call and its outcome', async () => {
    const before = strictlyParsed(await (await scrape()).text());
    expect((await t.app.request(`${TEST_ORIGIN}/healthz`)).status).toBe(200);
    expect((await t.call('metadata/get')).status).toBe(200);
    expect((await t.call('no/such/method')).status).toBe(404);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = strictlyParsed(await answer.text());

    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('croupier_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(delta('croupier_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' })).toBe(1);
    expect(delta('croupier_api_calls_total', { method: 'metadata/get', outcome: 'ok' })).toBe(1);
    expect(delta('croupier_api_calls_total', { method: 'unknown', outcome: 'MethodNotFoundException' })).toBe(1);
    expect(delta('croupier_http_requests_total', { method: 'GET', route: '/api/*', status: '404' })).toBe(1);
    expect(after.types.get('croupier_http_request_duration_seconds')).toBe('histogram');
    expect(after.types.get('croupier_http_requests_total')).toBe('counter');
  });

  it('reads the site gauges: pool, live streams, job lag, withdrawal queue, and Node itself', async () => {
    const families = strictlyParsed(await (await scrape()).text());
    expect(valueOf(families, 'croupier_live_connections', { stream: 'player' })).toBe(3);
    expect(valueOf(families, 'croupier_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    for (const name of ['croupier_jobs_oldest_due_seconds', 'croupier_outbox_oldest_pending_seconds', 'croupier_withdrawals_oldest_pending_seconds', 'croupier_withdrawals_pending']) {
      expect(families.types.get(name), name).toBe('gauge');
      expect(families.samples.get(name)?.[0].value, name).toBeGreaterThanOrEqual(0);
    }
    expect(families.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics alone on its own port, asking for the token when one is set', async () => {
    const port = await freePort();
    const server = await startMetricsServer({ port, host: '127.0.0.1', token: TOKEN });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(strictlyParsed(await answer.text()).types.get('croupier_http_requests_total')).toBe('counter');
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
