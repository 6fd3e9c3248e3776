/**
 * Traces (OpenTelemetry), exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, with the standard OTEL_* settings
 * (docs/observability.md). This module is the face the app calls; the SDK behind it
 * (tracing-sdk.ts) is imported only when tracing is on, so a process without a collector loads
 * none of it and `inSpan` is one check and a call (decision 039).
 */
import type { Database } from '../db/database.ts';

export type { ActiveTracing, SpanHandle, SpanOptions } from './tracing-types.ts';
import type { ActiveTracing, SpanHandle, SpanOptions } from './tracing-types.ts';

const NO_SPAN: SpanHandle = { set() {}, rename() {}, fail() {} };
let active: ActiveTracing | null = null;

/** Runs `work` inside a span when tracing is on; otherwise just runs it. */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: SpanHandle) => Promise<T>): Promise<T> {
  return active === null ? work(NO_SPAN) : active.inSpan(name, options, work);
}

export const tracingOn = () => active !== null;

/** Whether the environment asks for traces: an OTLP endpoint, and not switched off by the OTEL_ conventions. */
export function tracingWanted(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER !== undefined && env.OTEL_TRACES_EXPORTER.trim().toLowerCase() !== 'otlp') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * Starts tracing when the environment asks for it (loading the SDK then only). Answers whether
 * it is on. Call once, before the database opens: its statements are traced from then on.
 */
export async function startTracing(options: { env?: Record<string, string | undefined>; serviceVersion?: string } = {}): Promise<boolean> {
  const env = options.env ?? process.env;
  if (active || !tracingWanted(env)) return active !== null;
  const { createTracing } = await import('./tracing-sdk.ts');
  active = createTracing({ serviceVersion: options.serviceVersion });
  return true;
}

/** Traces this database's statements (a no-op while tracing is off). */
export function traceDatabase(database: Database): void {
  active?.traceDatabase(database);
}

/** Flushes the spans still buffered and stops tracing. */
export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}
