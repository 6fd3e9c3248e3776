/**
 * The OpenTelemetry SDK behind tracing.ts, imported only when tracing is on. Spans go through a
 * batch processor to the OTLP/HTTP (protobuf) exporter, which reads the standard settings itself
 * (OTEL_EXPORTER_OTLP_[TRACES_]ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION); the sampler follows
 * OTEL_TRACES_SAMPLER[_ARG], the batch OTEL_BSP_*, the resource OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES. Context travels with AsyncLocalStorage, and a W3C traceparent on an
 * incoming request continues the caller's trace.
 *
 * SQL statements get a span of our own around the drivers' query functions rather than an
 * auto-instrumentation: the app runs as ES modules without a loader hook, and every statement
 * already goes through node-postgres's Client#query or the embedded PGlite's query and exec.
 * A statement is traced only inside a traced piece of work (a request, a job), so the job
 * runner's polling adds no trace of its own.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  createContextKey,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.ts';
import type { ActiveTracing, SpanHandle, SpanOptions } from './tracing-types.ts';

/** The attribute every span of a request carries: the id the server answers in X-Request-Id. */
export const REQUEST_ID_ATTRIBUTE = 'croupier.request_id';
const REQUEST_ID = createContextKey('croupier.request_id');
const INSTRUMENTATION = 'croupier';
/** Longer statement texts are cut (the money path's functions are short; a report's may not be). */
const MAX_STATEMENT_CHARS = 2000;

/** Gives each span the request id of the request it belongs to (a value of its parent context). */
const requestIdOnEverySpan: SpanProcessor = {
  onStart(span, parent) {
    const requestId = parent.getValue(REQUEST_ID);
    if (typeof requestId === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  },
  onEnd() {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT, internal: SpanKind.INTERNAL } as const;

const headerGetter = {
  keys: (carrier: Headers) => [...carrier.keys()],
  get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
};

export function createTracing(options: { serviceVersion?: string }): ActiveTracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over these defaults.
  const resource = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: 'croupier',
    ...(options.serviceVersion ? { [ATTR_SERVICE_VERSION]: options.serviceVersion } : {}),
    'process.pid': process.pid,
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [requestIdOnEverySpan, new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer(INSTRUMENTATION);

  function handleOf(span: Span): SpanHandle {
    return {
      set: (attributes) => void span.setAttributes(attributes),
      rename: (name) => void span.updateName(name),
      fail: (message) => void span.setStatus({ code: SpanStatusCode.ERROR, message }),
    };
  }

  function inSpan<T>(name: string, spanOptions: SpanOptions, work: (span: SpanHandle) => Promise<T>): Promise<T> {
    let parent: Context = context.active();
    if (spanOptions.headers) parent = propagation.extract(parent, spanOptions.headers, headerGetter);
    if (spanOptions.requestId) parent = parent.setValue(REQUEST_ID, spanOptions.requestId);
    const span = tracer.startSpan(name, { kind: KINDS[spanOptions.kind ?? 'internal'], attributes: spanOptions.attributes }, parent);
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        return await work(handleOf(span));
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    });
  }

  /** A span for one statement, when it runs inside traced work; undefined otherwise. */
  function statementSpan(database: Database, text: string | undefined, preparedName: string | undefined): Span | undefined {
    if (!trace.getSpan(context.active())) return undefined;
    const operation = /^\s*([A-Za-z]+)/.exec(text ?? '')?.[1]?.toUpperCase() ?? 'SQL';
    const attributes: Attributes = {
      'db.system.name': 'postgresql',
      'db.namespace': database.namespace,
      'db.operation.name': operation,
      'db.query.text': (text ?? '').length > MAX_STATEMENT_CHARS ? `${text!.slice(0, MAX_STATEMENT_CHARS)}…` : (text ?? ''),
    };
    if (preparedName) attributes['croupier.db.prepared_statement'] = preparedName;
    return tracer.startSpan(preparedName ? `${operation} ${preparedName}` : operation, { kind: SpanKind.CLIENT, attributes });
  }

  function endStatement(span: Span, error: unknown, rows?: number | null) {
    if (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
    } else if (typeof rows === 'number') {
      span.setAttribute('db.response.returned_rows', rows);
    }
    span.end();
  }

  const tracedDatabases = new Set<Database>();
  let pgPatched = false;

  /**
   * node-postgres: every statement goes through Client#query (Pool#query calls it with a
   * callback; Drizzle awaits its promise). Patched once, for every pool of the process; the
   * namespace is the first traced database's.
   */
  function patchNodePostgres(database: Database) {
    if (pgPatched) return;
    pgPatched = true;
    const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
      const [config] = args;
      // A cursor or stream (a Submittable) reports rows its own way: not traced.
      if (config && typeof (config as { submit?: unknown }).submit === 'function') return originalQuery.apply(this, args);
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      const preparedName = typeof config === 'object' ? (config as { name?: string } | null)?.name : undefined;
      const span = statementSpan(database, text, preparedName);
      if (!span) return originalQuery.apply(this, args);
      const callbackAt = args.findLastIndex((arg) => typeof arg === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
        args[callbackAt] = (error: unknown, result: { rowCount?: number | null } | undefined) => {
          endStatement(span, error, result?.rowCount);
          callback(error, result);
        };
        return originalQuery.apply(this, args);
      }
      try {
        return (originalQuery.apply(this, args) as Promise<{ rowCount?: number | null }>).then(
          (result) => {
            endStatement(span, undefined, result?.rowCount);
            return result;
          },
          (error: unknown) => {
            endStatement(span, error);
            throw error;
          },
        );
      } catch (error) {
        endStatement(span, error);
        throw error;
      }
    } as typeof pg.Client.prototype.query;
    // Pool#query waits for a client with a callback: keep the caller's context across that wait,
    // or a statement queued behind another request's would be counted in that request's trace.
    const originalConnect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
    pg.Pool.prototype.connect = function tracedConnect(this: pg.Pool, ...args: unknown[]) {
      if (typeof args[0] === 'function') args[0] = context.bind(context.active(), args[0] as (...a: unknown[]) => unknown);
      return originalConnect.apply(this, args);
    } as typeof pg.Pool.prototype.connect;
  }

  /** PGlite: this instance's query and exec, and those of each transaction it opens. */
  function patchPglite(database: Database, client: PGlite) {
    type Runner = { query: (...args: unknown[]) => Promise<unknown>; exec: (...args: unknown[]) => Promise<unknown> };
    const wrap = (target: Runner) => {
      for (const method of ['query', 'exec'] as const) {
        const original = target[method].bind(target);
        target[method] = async (...args: unknown[]) => {
          const span = statementSpan(database, typeof args[0] === 'string' ? args[0] : undefined, undefined);
          if (!span) return original(...args);
          try {
            const result = (await original(...args)) as { affectedRows?: number; rows?: unknown[] };
            endStatement(span, undefined, Array.isArray(result?.rows) ? result.rows.length : undefined);
            return result;
          } catch (error) {
            endStatement(span, error);
            throw error;
          }
        };
      }
    };
    wrap(client as unknown as Runner);
    const transaction = client.transaction.bind(client);
    client.transaction = ((work: (tx: unknown) => Promise<unknown>) =>
      transaction((tx) => {
        wrap(tx as unknown as Runner);
        return work(tx);
      })) as typeof client.transaction;
  }

  return {
    inSpan,
    traceDatabase(database) {
      if (tracedDatabases.has(database)) return;
      tracedDatabases.add(database);
      if (database.raw.kind === 'postgres') patchNodePostgres(database);
      else patchPglite(database, database.raw.client);
    },
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
