import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_JURISDICTION, JURISDICTIONS } from '../../contract/jurisdiction.ts';
import { SPORTS } from '../../contract/betting.ts';

/**
 * Every setting the process reads from its environment, parsed once at start. A missing or
 * malformed value stops the process with a message naming it.
 */
/** One competition of ODDS_API_COMPETITIONS: the API's sport key, our sport, the country shown. */
const COMPETITION = `[a-z0-9_]+:(${SPORTS.join('|')}):[^,:]+`;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site (used for canonical links and same-origin checks behind proxies). */
  PUBLIC_ORIGIN: z.url().optional(),
  /** A real PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * A read replica of DATABASE_URL (PostgreSQL only): it serves the catalogue's lists, game
   * history and the back office's reports; money, and a player's reads right after they changed
   * something, always read DATABASE_URL (docs/operations.md, "Read replica").
   */
  READ_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /**
   * Prefix of the process bus's channels (Redis pub/sub, PostgreSQL NOTIFY): sites that share one
   * Redis server must each have their own, or one site's live events reach another's players.
   * Unset: the database name of DATABASE_URL, or `croupier` on the embedded database.
   */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only, at most 64')
    .optional(),
  /**
   * Overrides how long the shared read caches (site settings, site configuration, catalogue lists)
   * keep a value, in ms. Writes clear them in every process through the bus; the time limit is
   * the backstop. Tests raise it to prove a change travels by invalidation, not by expiry.
   */
  SHARED_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /**
   * How long a page rendered for a guest is shared with other guests who send the same cookies,
   * language and kind of browser, in ms (decision 012). 0 renders every page. Operators' changes
   * to settings, site configuration and the catalogue clear it at once.
   */
  GUEST_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a proxy in front of the process. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Signs links and tokens (unsubscribe, ...). Generated and kept in DATA_DIR when unset. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sessions end after this much inactivity, and in any case after the absolute lifetime. */
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(300).default(30 * 24 * 3600),
  /** SMTP server for e-mail (smtp://user:pass@host:587); without it mail goes to the demo mailbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Croupier <no-reply@croupier.local>'),
  /** Where the /support contact form is mailed (docs/support-chat.md). */
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@croupier.local'),
  /**
   * The shared secret support operators sign in to the chat console (/support/console) with.
   * Unset: the console is closed (decision 017).
   */
  SUPPORT_OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The back office (docs/backoffice.md): addresses allowed to reach /backoffice, as a comma-separated
   * list of CIDR ranges or single addresses (e.g. `10.0.0.0/8, 203.0.113.7`); unset, any address may.
   */
  BACKOFFICE_ALLOWED_IPS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return undefined;
      const ranges = value.split(',').map((part) => part.trim()).filter(Boolean);
      for (const range of ranges) {
        if (!isCidrOrAddress(range)) context.addIssue({ code: 'custom', message: `"${range}" is not an address or a CIDR range` });
      }
      return ranges;
    }),
  /** A manual balance adjustment above this (in the account currency's major units) needs a second member's approval. */
  BACKOFFICE_FOUR_EYES: z.coerce.number().min(0).default(500),
  /**
   * Sign-in channels with an outside identity (docs/sign-in-channels.md). The Telegram bot's
   * token checks mini-app initData (unset: Telegram sign-in is off); initData older than
   * TELEGRAM_AUTH_MAX_AGE_SECONDS is refused.
   */
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456:ABC-DEF... (from @BotFather)').optional(),
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(24 * 3600),
  /** Google sign-in (OpenID Connect); the button shows only when the client id is set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** One more OpenID Connect provider by its issuer (tests point it at a local provider). */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().regex(/^[a-z0-9-]{2,32}$/, 'lower-case letters, digits and - only').default('oidc'),
  OIDC_PROVIDER_LABEL: z.string().min(1).max(40).default('OpenID'),
  /** Secret the demo payment provider signs callbacks with; derived from APP_SECRET when unset. */
  PSP_DEMO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Skrill (docs/payments.md, "Skrill"): the `skrill` method goes through Skrill Quick Checkout and
   * its money-transfer API when the merchant's e-mail, id, secret word and MQI/API password are all
   * set (none: the demo provider serves it). The secret word signs Skrill's status notices (md5sig);
   * the MQI/API password authorises payouts. The URLs default to Skrill's production ones; tests and
   * demos point them at the local stand-in (server/modules/payments/skrill-stand-in.ts).
   */
  SKRILL_MERCHANT_EMAIL: z.email('must be an e-mail address').optional(),
  SKRILL_MERCHANT_ID: z.string().regex(/^[0-9]{1,20}$/, 'digits only (the merchant id of the Skrill account)').optional(),
  SKRILL_SECRET_WORD: z.string().min(8, 'must be at least 8 characters').max(64).optional(),
  SKRILL_MQI_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SKRILL_CHECKOUT_URL: z.url().default('https://pay.skrill.com'),
  SKRILL_API_URL: z.url().default('https://www.skrill.com/app/pay.pl'),
  SKRILL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /**
   * NOWPayments (docs/payments.md, "Crypto (NOWPayments)"): the `crypto_btc`, `crypto_eth` and
   * `crypto_usdt` deposit methods when the API key and IPN secret are both set (none: no crypto is
   * offered). The IPN secret signs its notices (x-nowpayments-sig). Payouts to wallets need the
   * account's e-mail, password and two-factor (TOTP) secret as well, all three; without them the
   * crypto withdrawal methods are not offered. The URL defaults to the production API; tests and
   * demos point it at the local stand-in (server/modules/payments/nowpayments-stand-in.ts).
   */
  NOWPAYMENTS_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io'),
  NOWPAYMENTS_PAYOUT_EMAIL: z.email('must be an e-mail address').optional(),
  NOWPAYMENTS_PAYOUT_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  NOWPAYMENTS_PAYOUT_TOTP_SECRET: z.string().regex(/^[A-Z2-7]{26,128}$/, 'a base32 TOTP secret of at least 128 bits').optional(),
  NOWPAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /**
   * SEON (docs/devices.md): with the API key (SEON's license key) set, general info says
   * `is_seon_enabled`, pages load SEON's device agent from SEON_JS_AGENT, and every sign-up and
   * deposit is scored by SEON's fraud API at SEON_API_URL (its v2 endpoint by default; tests and
   * demos point it at the local stand-in, server/modules/devices/seon-stand-in.ts), waiting at
   * most SEON_TIMEOUT_MS for the answer. None: the site's own fingerprints only.
   */
  SEON_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  SEON_API_URL: z.url().default('https://api.seon.io/SeonRestService/fraud-api/v2/'),
  SEON_JS_AGENT: z.url({ protocol: /^https?$/ }).default('https://cdn.seonintelligence.com/js/v6/agent.umd.js'),
  SEON_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5000),
  /**
   * Multiplies every abuse limit. 1 in production; end-to-end runs, where every journey comes
   * from one address, raise it so the limits never decide a test they do not test.
   */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * The job runner in this process (docs/events.md): `on` delivers outbox events to handlers and
   * runs scheduled jobs; `off` leaves that to the other processes (at least one must run it).
   */
  JOBS: z.enum(['on', 'off']).default('on'),
  /**
   * The site in this process (docs/deploy.md): `on` serves pages, the API and the live streams;
   * `off` serves only /healthz and /readyz on PORT, for the orchestrator of a worker container
   * that runs the jobs (JOBS=on) and nothing else.
   */
  WEB: z.enum(['on', 'off']).default('on'),
  /**
   * Who migrates the database (docs/deploy.md): `on`, the process itself at start (a cluster's
   * primary), then it seeds the demo content; `off`, someone else (`npm run ops -- migrate`, the
   * Kubernetes Job): the process waits until the database has every migration of its release
   * before it serves, so several processes of a rolling deploy never race to migrate.
   */
  MIGRATE: z.enum(['on', 'off']).default('on'),
  /**
   * Web processes to run (server/cluster.ts): 1 serves from this process; more fork workers that
   * share the port. Needs DATABASE_URL (the embedded database admits one process); REDIS_URL is
   * advised (rate limits and the bus then live in Redis).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * How long a process drains on SIGTERM, in ms (docs/operations.md, "Draining"): requests in
   * flight (money calls among them) and the job in hand get this long to finish before the
   * process exits anyway. Keep it below the orchestrator's own limit (Kubernetes'
   * terminationGracePeriodSeconds minus the preStop pause, Compose's stop_grace_period).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * The licence the site runs under (contract/jurisdiction.ts): sets the slots' pace. `ukgc`: at
   * least 2.5 s per spin and no quick stop; `mga` (the default) and `curacao`: no minimum.
   */
  JURISDICTION: z.enum(JURISDICTIONS).default(DEFAULT_JURISDICTION),
  /**
   * Wallet settling statements a process runs at a time (decision 032): ordinary bets and wins
   * beyond them wait and go several to a statement. About the database's cores; each holds one of
   * the process's 10 database connections while it runs.
   */
  WALLET_SETTLE_SLOTS: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * Prometheus metrics (docs/observability.md): METRICS_PORT serves /metrics on a listener of its
   * own (on METRICS_HOST), meant for the private network only; METRICS_TOKEN serves it on the
   * site's port to `Authorization: Bearer <token>` (and asks for it on METRICS_PORT too). Neither
   * set: no /metrics at all.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('0.0.0.0'),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').regex(/^\S+$/, 'no spaces').optional(),
  /**
   * When the ledger check runs on the job runner (every balance against its postings, everything
   * summing to zero: the ops command ledger:verify), a five-field cron expression; it reads every
   * posting, so once a night by default. Its result is the metric croupier_ledger_check_problems.
   */
  LEDGER_CHECK_CRON: z.string().regex(/^\S+( \S+){4}$/, 'a five-field cron expression').default('40 4 * * *'),
  /**
   * Traces go out over OTLP/HTTP with protobuf, the OTLP default (docs/observability.md); the
   * OTEL_* settings are read by the OpenTelemetry SDK itself. Only the protocol is checked here,
   * so that asking for another one stops the process instead of sending nothing.
   */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf'], 'only http/protobuf is supported').optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/protobuf'], 'only http/protobuf is supported').optional(),
  /** Per visitor / user storage quota in bytes (storage/set). */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().default(16_384),
  /**
   * Jackpot contributions and draws on real-money bets (docs/jackpots.md): `on`, or `off` (the
   * pools still show, nothing moves). Unset: off under NODE_ENV=test, so other modules' tests see
   * exact balances (jackpot tests turn it on), on otherwise.
   */
  JACKPOTS: z.enum(['on', 'off']).optional(),
  /** Tournament scoring and finishing (jobs): `off` stops both; tournaments still list and take entries. */
  TOURNAMENTS: z.enum(['on', 'off']).default('on'),
  /** Loyalty points from real-money bets (docs/loyalty.md): `off` stops earning; the shop, levels and characters still answer. */
  LOYALTY: z.enum(['on', 'off']).default('on'),
  /**
   * The sportsbook's demo feed (docs/betting.md): fixtures, live odds and results every 10 s on the
   * job runner. Unset: off under NODE_ENV=test (tests drive the book by hand), on otherwise.
   */
  BETTING_FEED: z.enum(['on', 'off']).optional(),
  /**
   * A real odds feed instead of the demo one (docs/betting.md, "A real feed"): The Odds API v4 with
   * this key. ODDS_API_COMPETITIONS lists what it books (`key:sport:country`, comma-separated);
   * each poll costs quota (3 markets x the regions, per competition), so ODDS_API_POLL_SECONDS
   * sets how often it reads.
   */
  ODDS_API_KEY: z.string().min(8).optional(),
  ODDS_API_URL: z.url().default('https://api.the-odds-api.com'),
  ODDS_API_COMPETITIONS: z
    .string()
    .regex(new RegExp(`^${COMPETITION}(,${COMPETITION})*$`), `Items key:sport:country separated by commas, sport one of ${SPORTS.join(', ')}`)
    .default('soccer_epl:football:England,soccer_france_ligue_one:football:France,basketball_nba:basketball:USA'),
  ODDS_API_REGIONS: z.string().regex(/^[a-z]{2}(,[a-z]{2})*$/, 'Regions such as eu or eu,uk').default('eu'),
  ODDS_API_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /**
   * When the cashback job looks for periods that ended (docs/promotions.md): each cashback
   * campaign has its own period (weekly in the demo); the job pays only complete periods, once.
   */
  CASHBACK_CRON: z.string().regex(/^\S+( \S+){4}$/, 'a five-field cron expression').default('15 * * * *'),
  /**
   * When the business report folds the ledger's new movements (docs/reports.md): every minute; five or six fields (seconds
   * first). '* * * * * *' (every second) keeps the rollups a second or two behind the ledger (decision 044).
   */
  REPORTS_FOLD_CRON: z.string().regex(/^\S+( \S+){4,5}$/, 'a five- or six-field cron expression').default('* * * * *'),
  /** The fold's fallback: a horizon this old counts as settled even while a long transaction of the app's role is open (decision 044). */
  REPORTS_FOLD_SETTLE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** When yesterday's figures are mailed to the owners and managers (docs/reports.md, "The daily mail"): 06:00 UTC. */
  REPORTS_DAILY_MAIL_CRON: z.string().regex(/^\S+( \S+){4,5}$/, 'a five- or six-field cron expression').default('0 6 * * *'),
  /** How often the live dashboard is pushed to the back office (docs/reports.md, "Live dashboard"): every 10 s; six fields, seconds first. */
  REPORTS_LIVE_CRON: z.string().regex(/^\S+( \S+){4,5}$/, 'a five- or six-field cron expression').default('*/10 * * * * *'),
  /**
   * Identity verification (docs/verification.md): where uploaded documents are kept (outside the
   * web root; default DATA_DIR/kyc), the largest file taken, and the documents a submission must
   * hold (the others are optional): identity_front, identity_back, proof_of_address, selfie.
   */
  KYC_STORAGE_DIR: z.string().min(1).optional(),
  KYC_MAX_FILE_BYTES: z.coerce.number().int().min(64 * 1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  KYC_REQUIRED_DOCUMENTS: z
    .string()
    .regex(/^(identity_front|identity_back|proof_of_address|selfie)(,(identity_front|identity_back|proof_of_address|selfie))*$/, 'a comma-separated list of identity_front, identity_back, proof_of_address, selfie')
    .default('identity_front,proof_of_address')
    .transform((value) => [...new Set(value.split(','))] as Array<'identity_front' | 'identity_back' | 'proof_of_address' | 'selfie'>),
  /**
   * Sumsub (docs/verification.md): used while the site configuration's
   * functionalSettings.isSumsubEnable is on and these three are set; otherwise the built-in review.
   */
  SUMSUB_APP_TOKEN: z.string().min(8).optional(),
  SUMSUB_SECRET_KEY: z.string().min(8).optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().min(8).optional(),
  SUMSUB_BASE_URL: z.url().default('https://api.sumsub.com'),
  SUMSUB_LEVEL_NAME: z.string().min(1).max(100).default('basic-kyc-level'),
  /**
   * Seamless wallet secrets of game providers, read from `WALLET_SECRET_<PROVIDER>` variables
   * (provider sysname upper-cased, `-` as `_`: WALLET_SECRET_BRASS_COMET for `brass-comet`).
   * Keyed by sysname here. In-house and demo providers without one use a secret derived from
   * APP_SECRET (docs/wallet-api.md).
   */
  WALLET_SECRETS: z.record(z.string(), z.string().min(32, 'must be at least 32 characters')).default({}),
  /**
   * Where content pages and SEO texts come from (docs/content.md): `database` (the built-in store,
   * edited with `npm run ops -- content:...`) or `strapi` (a Strapi v4/v5 REST API at STRAPI_URL).
   */
  CONTENT_SOURCE: z.enum(['database', 'strapi']).default('database'),
  STRAPI_URL: z.url().optional(),
  /** A Strapi API token (read-only is enough), sent as a Bearer token. */
  STRAPI_TOKEN: z.string().min(1).optional(),
  /** How long one Strapi request may take before it counts as failed, in ms. */
  STRAPI_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2500),
  /** How long a Strapi answer is reused before it is asked again, in ms (a stale one serves while Strapi is down). */
  STRAPI_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Where the reference exchange rates come from (API getcurrencyrates): an XML document in the
   * ECB's eurofxref-daily shape. Unset: the ECB's own (none under NODE_ENV=test); `off`: only
   * the fixed table (server/modules/currency-rates).
   */
  CURRENCY_RATES_URL: z.union([z.literal('off'), z.url()]).optional(),
  /** How long one read of the rates may take, in ms. */
  CURRENCY_RATES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  /**
   * Third-party games through a game aggregator speaking Hub88's operator API (docs/aggregator.md):
   * its base URL, our operator id there and the shared secret that signs our calls to it and its
   * wallet calls to us. All three or none; none: no third-party games.
   */
  AGGREGATOR_URL: z.url().optional(),
  AGGREGATOR_OPERATOR_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only').optional(),
  AGGREGATOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The aggregator's name as the wallet knows it: the `provider` of its wallet calls and the owner of the games it lists. */
  AGGREGATOR_PROVIDER: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and - only').max(64).default('aggregator'),
  /** When the game list is read again (UTC cron); it is read at startup too. */
  AGGREGATOR_SYNC_CRON: z.string().min(9).default('*/30 * * * *'),
  /**
   * Origins the aggregator's game frames and thumbnails load from, comma-separated (the pages'
   * Content-Security-Policy allows them in frame-src and img-src); default: AGGREGATOR_URL's origin.
   */
  AGGREGATOR_CONTENT_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const origins = value.split(',').map((part) => part.trim()).filter(Boolean);
      for (const origin of origins) {
        if (!/^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/i.test(origin)) context.addIssue({ code: 'custom', message: `${origin} is not an origin (https://host[:port])` });
      }
      return origins;
    }),
  /** How long one call to the aggregator may take, in ms. */
  AGGREGATOR_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as they do in most .env tooling.
  const cleaned: Record<string, unknown> = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const walletSecrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(cleaned)) {
    const provider = /^WALLET_SECRET_([A-Z0-9_]+)$/.exec(name)?.[1];
    if (provider && typeof value === 'string') walletSecrets[provider.toLowerCase().replaceAll('_', '-')] = value;
  }
  cleaned.WALLET_SECRETS = walletSecrets;
  const result = envSchema.safeParse(cleaned);
  if (result.success && result.data.WEB_CONCURRENCY > 1 && !result.data.DATABASE_URL) {
    throw new EnvError('Invalid environment: WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database is opened by one process only)');
  }
  if (result.success && result.data.METRICS_PORT !== undefined && result.data.METRICS_PORT === result.data.PORT) {
    throw new EnvError('Invalid environment: METRICS_PORT: must differ from PORT (the metrics listener is a port of its own)');
  }
  if (result.success && result.data.WEB === 'off' && result.data.JOBS === 'off') {
    throw new EnvError('Invalid environment: WEB: off with JOBS=off leaves the process nothing to do (a worker runs JOBS=on WEB=off)');
  }
  if (result.success && result.data.MIGRATE === 'off' && !result.data.DATABASE_URL) {
    throw new EnvError('Invalid environment: MIGRATE: off needs DATABASE_URL (the embedded database is migrated by the one process that opens it)');
  }
  if (result.success && result.data.READ_DATABASE_URL && !result.data.DATABASE_URL) {
    throw new EnvError('Invalid environment: READ_DATABASE_URL: needs DATABASE_URL (a replica of the embedded database does not exist)');
  }
  if (result.success && result.data.CONTENT_SOURCE === 'strapi' && !result.data.STRAPI_URL) {
    throw new EnvError('Invalid environment: STRAPI_URL: required when CONTENT_SOURCE is strapi');
  }
  if (result.success) {
    const skrill = ['SKRILL_MERCHANT_EMAIL', 'SKRILL_MERCHANT_ID', 'SKRILL_SECRET_WORD', 'SKRILL_MQI_PASSWORD'] as const;
    const missing = skrill.filter((name) => !result.data[name]);
    if (missing.length && missing.length < skrill.length) throw new EnvError(`Invalid environment: ${missing.join(', ')}: required with the other SKRILL_ settings`);
    const nowpayments = ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'] as const;
    const payout = ['NOWPAYMENTS_PAYOUT_EMAIL', 'NOWPAYMENTS_PAYOUT_PASSWORD', 'NOWPAYMENTS_PAYOUT_TOTP_SECRET'] as const;
    const anyPayout = payout.some((name) => result.data[name]);
    const missingNow = [...nowpayments.filter((name) => !result.data[name] && (anyPayout || nowpayments.some((other) => result.data[other]))), ...(anyPayout ? payout.filter((name) => !result.data[name]) : [])];
    if (missingNow.length) throw new EnvError(`Invalid environment: ${missingNow.join(', ')}: required with the other NOWPAYMENTS_ settings`);
    const aggregator = ['AGGREGATOR_URL', 'AGGREGATOR_OPERATOR_ID', 'AGGREGATOR_SECRET'] as const;
    const missingAggregator = aggregator.filter((name) => !result.data[name]);
    if (missingAggregator.length && missingAggregator.length < aggregator.length) {
      throw new EnvError(`Invalid environment: ${missingAggregator.join(', ')}: required with the other AGGREGATOR_ settings`);
    }
  }
  if (!result.success) {
    const variable = (path: PropertyKey[]) =>
      path[0] === 'WALLET_SECRETS' && path.length > 1 ? `WALLET_SECRET_${String(path[1]).toUpperCase().replaceAll('-', '_')}` : path.join('.');
    const problems = result.error.issues.map((issue) => `${variable(issue.path)}: ${issue.message}`);
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  return result.data;
}

/** `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`: an address, or one with a prefix length its family allows. */
function isCidrOrAddress(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
