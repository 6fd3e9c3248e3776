import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { fundPlayer, registerPlayer } from '../testing/players.ts';
import { startOtlpReceiver } from '../testing/otlp-receiver.ts';
import { REQUEST_ID_ATTRIBUTE } from './tracing-sdk.ts';
import { startTracing, stopTracing, traceDatabase, tracingOn, tracingWanted } from './tracing.ts';

/**
 * One real-money bet, traced: the spans reach a local OTLP receiver over HTTP (protobuf), as they
 * would reach a collector, and tell the bet's story under one trace with its request id: the
 * HTTP request, the API method, the wallet's settle, the SQL statements, and afterwards the jobs
 * that handled the bet's events. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let t: TestApp;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The standard variables, read by the SDK's exporter and batch processor themselves.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  process.env.OTEL_SERVICE_NAME = 'croupier-test';
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  t = await createTestApp();
  expect(await startTracing({ serviceVersion: 'test' })).toBe(true);
  traceDatabase(t.database);
}, 180_000);
afterAll(async () => {
  await stopTracing();
  await t?.close();
  await receiver?.close();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
});

describe('tracing', () => {
  it('is wanted only with an OTLP endpoint, and not when OTEL_SDK_DISABLED or another exporter says so', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it('sends a real-money bet to the OTLP receiver: HTTP, API method, wallet, SQL and job spans under its request id', async () => {
    expect(tracingOn()).toBe(true);
    const ann = await registerPlayer(t, { tag: 'traced' });
    await fundPlayer(t, ann.uid, 5_000n);
    const launched = await t.call('games/launch', { body: { sysname: 'croupier-roulette', mode: 'real' }, headers: { cookie: ann.cookie } });
    expect(launched.status).toBe(200);
    const token = (launched.json.data as { token: string }).token;
    const requestId = 'bet-trace-0001';
    const played = await t.call('games/play', {
      body: { token, bet: JSON.stringify({ bets: [{ type: 'red', amount: '5.00' }] }) },
      headers: { cookie: ann.cookie, 'x-request-id': requestId },
    });
    expect(played.status, JSON.stringify(played.json)).toBe(200);
    expect(played.headers.get('x-request-id')).toBe(requestId);
    // The bet's events reach their handlers (loyalty, tournaments, ...): job spans.
    await t.services.jobs.drain();
    await stopTracing(); // flushes the batch

    const spans = receiver.spans;
    expect(receiver.contentTypes[0]).toBe('application/x-protobuf');
    const http = spans.find((span) => span.name === 'POST /api/*' && span.attributes[REQUEST_ID_ATTRIBUTE] === requestId);
    expect(http, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(http!.kind).toBe(2); // SERVER
    expect(http!.service).toBe('croupier-test');
    expect(http!.attributes['http.response.status_code']).toBe(200);
    expect(http!.attributes['http.route']).toBe('/api/*');

    const trace = spans.filter((span) => span.traceId === http!.traceId);
    // Every span of the request carries its id.
    for (const span of trace) expect(span.attributes[REQUEST_ID_ATTRIBUTE], span.name).toBe(requestId);
    const api = trace.find((span) => span.name === 'api games/play');
    expect(api?.parentSpanId).toBe(http!.spanId);
    expect(api?.attributes['croupier.api.method']).toBe('games/play');
    const wallet = trace.filter((span) => span.name === 'wallet bet' || span.name === 'wallet win');
    expect(wallet.length).toBeGreaterThanOrEqual(1);
    const sql = trace.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(sql.length).toBeGreaterThan(3);
    expect(sql.every((span) => span.kind === 3)).toBe(true); // CLIENT
    // The bet's money moved in statements under the wallet's span.
    const walletIds = new Set(wallet.map((span) => span.spanId));
    const underWallet = sql.filter((span) => walletIds.has(span.parentSpanId));
    expect(underWallet.length).toBeGreaterThan(0);
    expect(sql.some((span) => String(span.attributes['db.query.text']).length > 0)).toBe(true);

    const jobs = spans.filter((span) => span.name.startsWith('job '));
    expect(jobs.length, spans.map((span) => span.name).join(', ')).toBeGreaterThan(0);
    expect(jobs[0].attributes['croupier.job.key']).toMatch(/.+/);
    // A job's statements are its children, in its own trace.
    const jobSql = spans.filter((span) => span.traceId === jobs[0].traceId && span.attributes['db.system.name'] === 'postgresql');
    expect(jobSql.length).toBeGreaterThan(0);
  });
});
