import type { Attributes } from '@opentelemetry/api';
import type { Database } from '../db/database.ts';

/** What tracing.ts offers and the SDK behind it (tracing-sdk.ts, loaded only when tracing is on) implements. */
export type SpanHandle = {
  /** Adds attributes (known only once the work ran: the route, the status). */
  set(attributes: Attributes): void;
  rename(name: string): void;
  /** Marks the span failed without an exception (a 5xx answer). */
  fail(message: string): void;
};

export type SpanOptions = {
  kind?: 'server' | 'client' | 'internal';
  attributes?: Attributes;
  /** An incoming request's headers: its W3C traceparent, if any, becomes the span's parent. */
  headers?: Headers;
  /** The request id the server assigned: carried by this span and every span below it. */
  requestId?: string;
};

export type ActiveTracing = {
  inSpan<T>(name: string, options: SpanOptions, work: (span: SpanHandle) => Promise<T>): Promise<T>;
  /** Spans for every SQL statement run inside a traced piece of work on this database. */
  traceDatabase(database: Database): void;
  /** Sends what is buffered and stops (graceful shutdown). */
  shutdown(): Promise<void>;
};
