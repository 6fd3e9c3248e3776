/**
 * Observability of a web process (docs/observability.md): Prometheus metrics (metrics.ts,
 * site-gauges.ts, metrics-server.ts) and OpenTelemetry traces (tracing.ts). server/main.ts
 * starts it once the database is open and stops it on shutdown; server/cluster.ts serves the
 * cluster's summed metrics from the primary.
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { Database } from '../db/database.ts';
import { collectProcessMetrics } from './metrics.ts';
import { answerClusterMetrics, startMetricsServer } from './metrics-server.ts';
import { watchSite } from './site-gauges.ts';
import { startTracing, stopTracing, traceDatabase } from './tracing.ts';

export { inSpan } from './tracing.ts';

export async function startObservability(options: {
  env: Env;
  logger: Logger;
  database: Database;
  /** Open live streams by kind, read at each scrape. */
  streams: () => Record<string, number>;
  serviceVersion?: string;
}): Promise<{ stop(): Promise<void> }> {
  const { env, logger } = options;
  collectProcessMetrics();
  const stopWatching = watchSite({ database: options.database, streams: options.streams });
  let server: Server | undefined;
  if (cluster.isWorker) {
    // The primary serves METRICS_PORT and sums every worker's numbers (server/cluster.ts).
    answerClusterMetrics();
  } else if (env.METRICS_PORT !== undefined) {
    server = await startMetricsServer({ port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN });
    logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, 'metrics served on their own port');
  }
  if (await startTracing({ serviceVersion: options.serviceVersion })) {
    traceDatabase(options.database);
    logger.info({ endpoint: process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT }, 'traces exported over OTLP');
  }
  return {
    async stop() {
      stopWatching();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      // The spans of the last requests go out before the process ends.
      await stopTracing().catch((error: unknown) => logger.warn({ err: error }, 'traces could not be flushed'));
    },
  };
}
