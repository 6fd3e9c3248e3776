/**
 * Process entry: env, database (migrated and seeded), HTTP server with API and pages, graceful
 * shutdown. `--dev` serves the app through Vite with hot reload; otherwise the production build
 * in build/ is used (scripts/start.ts builds it when needed).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { PREPARING_DATABASE_LINE, readyLine, siteAddress } from './platform/console-lines.ts';
import { parseEnv, EnvError, type Env } from './platform/env.ts';
import { createLogger, type Logger } from './platform/logger.ts';
import { openDatabase } from './platform/db/database.ts';
import { writeSiteLock } from './platform/site-lock.ts';
import { migrateAndSeed, waitForMigrations } from './platform/db/prepare.ts';
import { createServices } from './services.ts';
import { createHttpApp, mountProbes, type HttpApp } from './http/app.ts';
import type { HttpEnv } from './http/env.ts';
import { createPageHandler } from './http/pages.ts';
import { staticFiles } from './http/static-files.ts';
import { MAX_HEADER_BYTES, answerMalformedRequests } from './http/oversized-requests.ts';
import { createGuestPageCache } from './http/guest-page-cache.ts';
import { SITE_SETTINGS_CACHE } from './modules/site-settings/index.ts';
import { SITE_CONFIG_CACHE } from './modules/site-config/index.ts';
import { CATALOGUE_CACHE } from './modules/catalogue/index.ts';
import type { Aggregator } from './modules/aggregator/index.ts';
import { CONTENT_CACHE } from './modules/content/index.ts';
import { PRESENCE_EVERY_MS } from './modules/reports/index.ts';
import { createLiveEndpoint } from './http/live.ts';
import { SESSION_COOKIE } from './modules/accounts/index.ts';
import { BACKOFFICE_SESSION_COOKIE } from './modules/staff/index.ts';
import { BACKOFFICE_LIVE_PATH, ROLE_PERMISSIONS, staffTopic } from '../contract/backoffice.ts';
import { startObservability } from './platform/observability/index.ts';
import { createDrain } from './http/drain.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_ENTRY = `${ROOT}build/server/index.js`;

/**
 * How long an idle kept-alive connection stays open: longer than a proxy in front keeps its idle
 * connections to us (Caddy's default is 2 minutes), so the proxy never sends a request on a
 * connection this server is closing at that instant, which the proxy answers 502 and a direct
 * client sees as ECONNRESET. Node's default is 5 s; a journey's API client reusing a connection
 * after a 5-second page flow hit exactly that race in CI. Slow clients are still bounded by the
 * headers timeout (60 s) and the drain closes idle connections at shutdown.
 */
export const KEEP_ALIVE_MS = 130_000;

export async function startServer(options: { dev?: boolean; /** A cluster worker: the primary migrated and seeded. */ prepared?: boolean } = {}) {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = options.dev ?? false;
  const logger = createLogger(env.LOG_LEVEL);
  if (!options.prepared) console.log(PREPARING_DATABASE_LINE);

  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` });
  if (!options.prepared) {
    if (env.MIGRATE === 'on') await migrateAndSeed(database);
    else await waitForMigrations(database, { log: (message, pending) => logger.warn({ pending }, message) });
  }
  logger.info({ database: database.kind }, 'database ready');

  let getBuild: () => Promise<ServerBuild>;
  let vite: ViteDevServer | undefined;
  let buildId = 'dev';
  if (dev) {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
    const devServer = vite;
    getBuild = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else if (env.WEB === 'off') {
    // A worker (WEB=off) renders no page: it needs no build.
    getBuild = () => Promise.reject(new Error('WEB=off serves no pages'));
  } else {
    if (!existsSync(BUILD_ENTRY)) throw new Error('No production build: run `npm run build` (npm start does it for you).');
    const build = (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
    buildId = readBuildId();
    getBuild = async () => build;
  }

  // The read replica (docs/operations.md, "Read replica"): catalogue lists and game history.
  const replica = env.READ_DATABASE_URL ? await openDatabase({ kind: 'postgres', url: env.READ_DATABASE_URL }) : undefined;
  const services = await createServices({ database, replica, env, logger, buildId });
  // Guests' pages are shared for a moment (decision 012), never in development where the code
  // changes under them; what an operator changes clears them in every process.
  const guestCache = dev || env.GUEST_PAGE_CACHE_MS === 0 ? undefined : createGuestPageCache({ ttlMs: env.GUEST_PAGE_CACHE_MS });
  if (guestCache) for (const name of [SITE_SETTINGS_CACHE, SITE_CONFIG_CACHE, CATALOGUE_CACHE, CONTENT_CACHE]) services.invalidator.register(name, guestCache);
  // The page handler calls the API in-process through the app it belongs to, hence the late binding.
  let app: HttpApp | undefined = undefined;
  // Counts the requests in flight and turns /readyz to 503 on SIGTERM (shutdown below).
  const drain = createDrain();
  app = createHttpApp({
    services,
    env,
    logger,
    drain,
    serveStatic: dev || env.WEB === 'off' ? undefined : staticFiles(`${ROOT}build/client`),
    pages: createPageHandler({
      getBuild,
      mode: dev ? 'development' : 'production',
      services,
      internalFetch: () => (request) => Promise.resolve(app!.fetch(request)),
      publicOrigin: env.PUBLIC_ORIGIN,
      guestCache,
    }),
  });

  // The live stream (/live) is served by Node's HTTP layer itself, before Vite and Hono.
  const liveEndpoint = createLiveEndpoint({
    hub: services.live,
    sessionCookie: SESSION_COOKIE,
    resolveSession: (token, options) => services.sessions.resolve(token, options),
    extraTopics: (cookie) => services.support.liveTopics(cookie),
    logger,
    trustProxy: env.TRUST_PROXY,
    maxPerClient: 64 * env.RATE_LIMIT_MULTIPLIER,
  });
  // The back office's own stream: its session cookie, and one topic per permission of the member's
  // role (queues and chats update live for those who may see them, docs/backoffice.md).
  const staffLiveEndpoint = createLiveEndpoint({
    hub: services.live,
    path: BACKOFFICE_LIVE_PATH,
    sessionCookie: BACKOFFICE_SESSION_COOKIE,
    resolveSession: async (token) => {
      const session = await services.staff.resolveSession(token);
      if (!session || session.stage !== 'active') return null;
      // A role change ends the member's sessions, so the stream's topics cannot outlive the role.
      return { userId: session.staffId, sessionId: session.sessionId, status: 'active', topics: ROLE_PERMISSIONS[session.role].map(staffTopic) };
    },
    logger,
    trustProxy: env.TRUST_PROXY,
  });
  // Metrics (METRICS_PORT / METRICS_TOKEN) and traces (OTEL_EXPORTER_OTLP_ENDPOINT): docs/observability.md.
  const observability = await startObservability({
    env,
    logger,
    database,
    serviceVersion: buildId,
    streams: () => ({ player: liveEndpoint.streams(), backoffice: staffLiveEndpoint.streams() }),
  });
  const honoListener = getRequestListener(app.fetch);
  const appListener = vite
    ? (req: IncomingMessage, res: ServerResponse) => vite!.middlewares(req, res, () => honoListener(req, res))
    : honoListener;
  const siteListener = (req: IncomingMessage, res: ServerResponse) => {
    if (!liveEndpoint.handle(req, res) && !staffLiveEndpoint.handle(req, res)) void appListener(req, res);
  };
  // A worker container (WEB=off, JOBS=on) answers its orchestrator's probes and nothing else.
  const probesOnly = new Hono<HttpEnv>();
  probesOnly.use(drain.track);
  mountProbes(probesOnly, services, drain);
  const listener = env.WEB === 'on' ? siteListener : getRequestListener(probesOnly.fetch);
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  answerMalformedRequests(server);
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // One plain line for the person who started it (a cluster's primary prints it for its workers).
  if (!options.prepared) console.log(readyLine(siteAddress(env.HOST, port)));
  logger.info({ port, dev, database: database.kind, web: env.WEB, jobs: env.JOBS }, env.WEB === 'on' ? `Croupier is serving on http://localhost:${port}` : `Croupier worker: jobs ${env.JOBS}, probes on http://localhost:${port}`);
  // Ops commands see that the embedded database is in use and go through the site (or say so).
  const releaseSiteLock = database.kind === 'pglite' ? writeSiteLock(env.DATA_DIR, { pid: process.pid, port }) : () => {};

  // Outbox handlers and scheduled jobs (studio round recovery among them): docs/events.md.
  if (env.JOBS === 'on') services.jobs.start();
  // Third-party games: the aggregator's game list is read at startup (then by its scheduled job),
  // tried a few times: an aggregator started alongside the site may not answer yet.
  if (env.JOBS === 'on' && services.aggregator.enabled) void syncAtStartup(services.aggregator, logger);
  // The live dashboard's players online: each web process says who has a stream open on it.
  const presenceId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const writePresence = () => services.reports.recordPresence(presenceId, liveEndpoint.signedIn()).catch((error: unknown) => logger.warn({ err: error }, 'presence not written'));
  const presence = env.WEB === 'on' ? setInterval(() => void writePresence(), PRESENCE_EVERY_MS) : undefined;
  presence?.unref();

  let closing = false;
  /**
   * The drain (docs/operations.md, "Draining"): not ready at once (/readyz 503), no new
   * connections, live streams told to reconnect elsewhere, the requests in flight (money calls
   * among them) and the job runner's job in hand finished, then exit 0. Past SHUTDOWN_GRACE_MS
   * it exits 1 anyway: what was cut then was never committed, or its answer is stored for the
   * client's retry (the wallet's idempotency, docs/wallet-api.md).
   */
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    const started = performance.now();
    drain.begin();
    logger.info({ signal, inFlight: drain.inFlight(), graceMs: env.SHUTDOWN_GRACE_MS }, 'draining');
    // Stops listening and closes idle keep-alive connections; a busy one closes after its answer
    // (the drain marks every answer `Connection: close`).
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    liveEndpoint.close({ goingAway: true });
    staffLiveEndpoint.close({ goingAway: true });
    if (presence) {
      clearInterval(presence);
      await services.reports.forgetPresence(presenceId).catch(() => undefined);
    }
    const jobsStopped = services.jobs.stop();
    const requests = await drain.settled(env.SHUTDOWN_GRACE_MS);
    const stopped = await Promise.race([
      // A game history export a request started goes on after its answer: it finishes too.
      Promise.all([jobsStopped, serverClosed, services.history.idle()]).then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, Math.max(0, env.SHUTDOWN_GRACE_MS - (performance.now() - started)), false)),
    ]);
    // Whatever is left past the grace (a client that holds its connection open) is cut.
    server.closeAllConnections();
    const clean = !requests.timedOut && stopped;
    if (clean) logger.info({ signal, ms: Math.round(performance.now() - started) }, 'drained');
    else logger.warn({ signal, inFlight: requests.inFlight, jobsOrConnectionsLeft: !stopped, graceMs: env.SHUTDOWN_GRACE_MS }, 'drain cut short by SHUTDOWN_GRACE_MS');
    await vite?.close();
    await services.close();
    await database.close();
    await replica?.close();
    await observability.stop();
    releaseSiteLock();
    logger.info('stopped');
    process.exit(clean ? 0 : 1);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  return { server, port, shutdown };
}

/** Identifies the running build (for metadata/get): the build's modification time. */
function readBuildId(): string {
  return Math.floor(statSync(BUILD_ENTRY).mtimeMs).toString(36);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { startSite } = await import('./cluster.ts');
  startSite(async () => ({ startServer }), { dev: process.argv.includes('--dev') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** The startup sync of the aggregator's games: up to 6 tries, 1 s apart and doubling (about a minute). */
async function syncAtStartup(aggregator: Pick<Aggregator, 'sync'>, logger: Logger): Promise<void> {
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    try {
      await aggregator.sync();
      return;
    } catch (error) {
      logger.warn({ err: error, attempt }, 'aggregator game list could not be read at startup');
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)).unref());
    }
  }
}
