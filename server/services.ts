import type { Env } from './platform/env.ts';
import type { Database } from './platform/db/database.ts';
import type { Logger } from './platform/logger.ts';
import { createMessenger, type SmsProvider } from './platform/messaging/index.ts';
import { createDbRateLimitStore, createRedisRateLimitStore, scaledRateLimitStore, type RateLimitStore } from './platform/rate-limit/index.ts';
import { resolveAppSecret } from './platform/secrets.ts';
import { createSiteSettings } from './modules/site-settings/index.ts';
import { createSiteConfigService } from './modules/site-config/index.ts';
import { createStorageService } from './modules/storage/index.ts';
import { contentSourceFromEnv, createContentEditor, createContentImages, createContentService } from './modules/content/index.ts';
import { createCurrencyRates, ECB_DAILY_RATES_URL } from './modules/currency-rates/index.ts';
import { createAccounts, createCodeStore, createPayerReview, createPublicNames, createSessionStore, flagChargeback, reportAccounts } from './modules/accounts/index.ts';
import { createIdentityProviders, providersFromEnv } from './modules/identity-providers/index.ts';
import { createLedger, ledgerCheckJob } from './modules/ledger/index.ts';
import { createResponsibleGaming } from './modules/responsible-gaming/index.ts';
import { missingRequirements, strictestRequirement } from '../contract/cashier-requirements.ts';
import { LOCALES } from '../contract/locales.ts';
import { formatMinor, type CurrencyCode } from '../contract/money.ts';
import type { ContactView } from './modules/accounts/index.ts';
import { createChargebacks, createDemoProvider, createNowPaymentsProvider, createPayments, createProviderRegistry, createSkrillProvider, CRYPTO_METHODS, PAYOUT_CHECK_JOB, withdrawalQueueEffect, type CallbackSender } from './modules/payments/index.ts';
import { hmacSha256 } from './platform/crypto.ts';
import { createCatalogue } from './modules/catalogue/index.ts';
import { createWallet, createWinsReader, recentPlayersByGame, roundSumsByGame } from './modules/wallet/index.ts';
import { createJackpots } from './modules/jackpots/index.ts';
import { createTournamentManager, createTournaments } from './modules/tournaments/index.ts';
import { createCashback, createPromotions } from './modules/promotions/index.ts';
import { createLoyalty, createLoyaltyManager } from './modules/loyalty/index.ts';
import { announceOutboxCommitted } from './platform/events/outbox.ts';
import { createHistory } from './modules/history/index.ts';
import { createStudio } from './modules/studio/index.ts';
import { aggregatorFromEnv, createAggregator } from './modules/aggregator/index.ts';
import { createJobRunner, housekeeping, statistics } from './platform/jobs/index.ts';
import { createBus } from './platform/bus/index.ts';
import { createCacheInvalidator } from './platform/cache-invalidation.ts';
import { createReadRouting } from './platform/db/read-routing.ts';
import { createLiveHub } from './platform/live/index.ts';
import { liveNoticeEffects, playerTopic } from './modules/notices/index.ts';
import { BACKOFFICE_PATH, staffTopic } from '../contract/backoffice.ts';
import { GAME_PACE } from '../contract/jurisdiction.ts';
import { bettingRoutes, createBetting, parseCompetitions } from './modules/betting/index.ts';
import { assertStakeWithinLimits, recordSettledReturn } from './modules/responsible-gaming/index.ts';
import { createSupport } from './modules/support/index.ts';
import { createDocumentFiles, createSumsubClient, createVerification } from './modules/verification/index.ts';
import { createRisk } from './modules/risk/index.ts';
import { createAnalytics } from './modules/analytics/index.ts';
import { createStaff } from './modules/staff/index.ts';
import { createAffiliates, POSTBACK_JOB } from './modules/affiliates/index.ts';
import { createSeon, SEON_JOB } from './modules/devices/index.ts';
import { createReports, DAILY_MAIL_ROLES } from './modules/reports/index.ts';

/**
 * The modules of one process, wired to its database. API handlers reach modules only through
 * this. `close()` releases what the services opened themselves (Redis).
 */
export async function createServices(deps: {
  database: Database;
  /** The read replica (READ_DATABASE_URL); only the read-only modules below are given it. */
  replica?: Database;
  env: Env;
  logger: Logger;
  buildId?: string;
  smsProvider?: SmsProvider;
}) {
  const { db } = deps.database;
  const { env, logger } = deps;
  const secret = resolveAppSecret(env);
  if (secret.generated && env.NODE_ENV === 'production') {
    logger.warn('APP_SECRET is not set: using a generated secret kept in DATA_DIR (fine for a demo, not for production)');
  }

  let closeRedis = async () => {};
  let limits: RateLimitStore = createDbRateLimitStore(db);
  if (env.REDIS_URL) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    limits = createRedisRateLimitStore(redis);
    closeRedis = async () => void (await redis.quit());
  }
  limits = scaledRateLimitStore(limits, env.RATE_LIMIT_MULTIPLIER);

  const messenger = await createMessenger({
    db,
    logger,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsProvider: deps.smsProvider,
    // No marketing during a time-out or self-exclusion (responsibleGaming is created below; called only on send).
    mayReceiveMarketing: (userId) => responsibleGaming.mayReceiveMarketing(userId),
  });
  if (messenger.mailbox) {
    logger.info(
      { email: messenger.demo.email ? 'demo mailbox' : 'smtp', sms: messenger.demo.sms ? 'demo mailbox' : 'provider' },
      'demo mailbox active: messages without a real transport are readable at /_dev/mailbox',
    );
  }
  // The process bus (Redis, or the database's LISTEN/NOTIFY) carries live events and cache
  // invalidations to every web process of the site (docs/architecture.md).
  const bus = await createBus({ database: deps.database, redisUrl: env.REDIS_URL, namespace: env.BUS_NAMESPACE, logger });
  const invalidator = createCacheInvalidator({ bus, logger });
  const live = createLiveHub({ bus, logger });
  const cacheMs = env.SHARED_CACHE_MS;
  // Reads the replica may serve, and the marks that keep a player's own change on the primary
  // (docs/operations.md, "Read replica"). Money modules are given `db`, the primary, only.
  const reads = createReadRouting({ primary: db, replica: deps.replica?.db, bus, logger });

  const sessions = createSessionStore(db, { idleSeconds: env.SESSION_IDLE_SECONDS, absoluteSeconds: env.SESSION_ABSOLUTE_SECONDS });
  const ledger = createLedger(db);
  // The demo provider delivers its callbacks over HTTP to this process; the HTTP app plugs the
  // sender in once it exists (server/http/app.ts).
  let sendCallback: CallbackSender = async () => ({ status: 503 });
  const demoPsp = createDemoProvider({
    db,
    logger,
    secret: env.PSP_DEMO_SECRET ?? hmacSha256(secret.secret, 'psp-demo'),
    sendCallback: () => sendCallback,
  });
  // Skrill when its merchant account is configured (docs/payments.md, "Skrill").
  const skrill = env.SKRILL_MERCHANT_EMAIL
    ? createSkrillProvider(
        {
          merchantEmail: env.SKRILL_MERCHANT_EMAIL,
          merchantId: env.SKRILL_MERCHANT_ID!,
          secretWord: env.SKRILL_SECRET_WORD!,
          mqiPassword: env.SKRILL_MQI_PASSWORD!,
          checkoutUrl: env.SKRILL_CHECKOUT_URL,
          apiUrl: env.SKRILL_API_URL,
          origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
          timeoutMs: env.SKRILL_TIMEOUT_MS,
        },
        { logger },
      )
    : null;
  // NOWPayments for crypto when its API key and IPN secret are set (docs/payments.md, "Crypto (NOWPayments)").
  const nowpayments = env.NOWPAYMENTS_API_KEY
    ? createNowPaymentsProvider(
        {
          apiKey: env.NOWPAYMENTS_API_KEY,
          ipnSecret: env.NOWPAYMENTS_IPN_SECRET!,
          apiUrl: env.NOWPAYMENTS_API_URL,
          origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
          timeoutMs: env.NOWPAYMENTS_TIMEOUT_MS,
          payout: env.NOWPAYMENTS_PAYOUT_EMAIL
            ? { email: env.NOWPAYMENTS_PAYOUT_EMAIL, password: env.NOWPAYMENTS_PAYOUT_PASSWORD!, totpSecret: env.NOWPAYMENTS_PAYOUT_TOTP_SECRET! }
            : undefined,
        },
        { logger },
      )
    : null;

  const accounts = createAccounts({
    db,
    sessions,
    codes: createCodeStore(db),
    limits,
    messenger,
    secret: secret.secret,
    // A time-out or self-exclusion refuses sign-in on every channel (docs/responsible-gaming.md).
    signInGuard: (userId, locale) => responsibleGaming.assertNotExcluded(userId, locale),
    // A sign-up on any channel takes the visitor's first touch and, with SEON, queues its fraud
    // check (affiliates and seon are created below; called only at sign-up).
    onRegistered: async (tx, userId, context) => {
      await affiliates.attachAtSignup(tx, userId, context.firstTouch);
      await seon.queue(tx, { action: 'sign_up', userId, ip: context.ip, deviceId: context.deviceId ?? null, seonSession: context.seonSession ?? null });
    },
  });
  // Telegram mini-app and social (OpenID Connect) sign-in (docs/sign-in-channels.md).
  const identityProviders = createIdentityProviders({
    db,
    accounts,
    limits,
    secret: hmacSha256(secret.secret, 'oauth-flow'),
    telegram: { botToken: env.TELEGRAM_BOT_TOKEN, maxAgeSeconds: env.TELEGRAM_AUTH_MAX_AGE_SECONDS },
    providers: providersFromEnv(env),
  });
  const catalogue = createCatalogue(db, { invalidator, cacheMs, listsDb: reads.shared });
  const jackpots = createJackpots({ db, ledger, catalogue, logger, publicNames: createPublicNames(db), wins: createWinsReader(db) });
  // Jackpot contributions and draws run inside each real-money bet (docs/jackpots.md).
  const jackpotsOn = (env.JACKPOTS ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
  if (jackpotsOn) await jackpots.fundSeeds();
  const aggregatorConfig = aggregatorFromEnv(env);
  const wallet = createWallet({
    onRealBet: jackpotsOn ? jackpots.onRealBet : undefined,
    planRealBet: jackpotsOn ? jackpots.planRealBet : undefined,
    shareTransfer: jackpots.shareTransfer,
    settleSlots: env.WALLET_SETTLE_SLOTS,
    playerWrites: reads.wrote,
    db,
    ledger,
    catalogue,
    logger,
    playerState: (userId) => accounts.playerState(userId),
    // A provider's own secret from WALLET_SECRET_<PROVIDER>; in-house and demo providers may use
    // one derived from APP_SECRET; an external provider without its secret cannot call.
    // The game aggregator's wallet calls are signed with its AGGREGATOR_SECRET (docs/aggregator.md).
    secretFor: (provider) =>
      env.WALLET_SECRETS[provider.sysname] ??
      (aggregatorConfig && provider.sysname === aggregatorConfig.provider ? aggregatorConfig.secret : null) ??
      (provider.integration === 'external' ? null : hmacSha256(secret.secret, `wallet:${provider.sysname}`)),
  });
  // Third-party games through a game aggregator, when AGGREGATOR_URL and its fellows are set.
  const aggregator = createAggregator({ db, catalogue, wallet, logger, invalidator, config: aggregatorConfig });

  // Loss, wager and session-time limits, reality checks, time-outs and self-exclusion
  // (docs/responsible-gaming.md); the wallet checks the limits in the bet itself.
  const responsibleGaming = createResponsibleGaming({ db, play: wallet.realPlay, revokeSessions: (tx, userId) => sessions.revokeAll(tx, userId) });

  const studio = createStudio({ db, wallet, catalogue, logger, ledger, playerWrites: reads.wrote, pace: GAME_PACE[env.JURISDICTION] });
  const tournaments = createTournaments({
    db,
    ledger,
    logger,
    publicNames: createPublicNames(db),
    // Open tournament pages refetch their leaderboard (a hint: the page's own read is the truth),
    // and so does the back office's tournament screen.
    announce: (message) => Promise.all([live.publish('public', message), live.publish(staffTopic('marketing.read'), message)]),
    outboxCommitted: announceOutboxCommitted,
    // Bonus-money prizes (promotions is created just below; called only when a tournament finishes).
    grantBonus: (tx, input) => promotions.grant(tx, input),
  });

  // Campaigns, promo codes, bonus money with wagering, cashback (docs/promotions.md).
  const promotions = createPromotions({ db, ledger, logger, outboxCommitted: announceOutboxCommitted });
  const cashback = createCashback({ db, ledger, outboxCommitted: announceOutboxCommitted });
  // Points from real-money bets, levels, characters, the shop (docs/loyalty.md).
  const loyalty = createLoyalty({
    db,
    logger,
    grant: promotions.grant,
    publish: (userId, message) => live.publish(playerTopic(userId), message),
    outboxCommitted: announceOutboxCommitted,
  });

  // The sportsbook (docs/betting.md): the demo feed drives the book; bets through the ledger,
  // checked against responsible-gaming limits inside the bet's transaction.
  const betting = createBetting({
    db,
    ledger,
    logger,
    publish: (topic, message) => live.publish(topic, message),
    playerCurrency: async (userId) => (await accounts.playerState(userId))?.currency ?? null,
    stakeCheck: (tx, input) => assertStakeWithinLimits(tx, input),
    recordReturn: (tx, input) => recordSettledReturn(tx, input),
    outboxCommitted: announceOutboxCommitted,
    enqueue: (name, key, payload) => jobs.enqueue(name, key, payload),
    // The operator's margins per market type (created below; read only when the feed ticks).
    margins: () => siteSettings.get('bettingMargins'),
    oddsApi: env.ODDS_API_KEY
      ? { baseUrl: env.ODDS_API_URL, apiKey: env.ODDS_API_KEY, competitions: parseCompetitions(env.ODDS_API_COMPETITIONS), regions: env.ODDS_API_REGIONS, pollSeconds: env.ODDS_API_POLL_SECONDS }
      : undefined,
    tellTraders: (eventIds) => void live.publish(staffTopic('trading.read'), { type: 'trading', data: { event_ids: eventIds } }).catch(() => undefined),
  });

  const siteSettings = createSiteSettings(db, { invalidator, cacheMs });
  // Identity verification (docs/verification.md): documents kept outside the web root, reviewed by
  // operators, or by Sumsub while the site configuration enables it and its secrets are set.
  const verificationConfig = createSiteConfigService(db, { invalidator, cacheMs });
  const verification = createVerification({
    db,
    logger,
    files: createDocumentFiles(env.KYC_STORAGE_DIR ?? `${env.DATA_DIR}/kyc`),
    limits,
    maxBytes: env.KYC_MAX_FILE_BYTES,
    required: env.KYC_REQUIRED_DOCUMENTS,
    withdrawalThreshold: () => siteSettings.get('kycWithdrawalThreshold'),
    sumsub:
      env.SUMSUB_APP_TOKEN && env.SUMSUB_SECRET_KEY && env.SUMSUB_WEBHOOK_SECRET
        ? createSumsubClient({ appToken: env.SUMSUB_APP_TOKEN, secretKey: env.SUMSUB_SECRET_KEY, webhookSecret: env.SUMSUB_WEBHOOK_SECRET, baseUrl: env.SUMSUB_BASE_URL, levelName: env.SUMSUB_LEVEL_NAME })
        : null,
    sumsubEnabled: async () => (await verificationConfig.get('en')).functionalSettings.isSumsubEnable,
    setAccountFlags: accounts.setVerificationFlags,
    recipient: accounts.recipient,
    send: (message) => messenger.send(message),
    publish: (userId, message) => live.publish(playerTopic(userId), message),
    origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    // The back office's verification queue refreshes for the members who may see it.
    onCaseChange: (change) => live.publish(staffTopic('verification.read'), { type: 'verification', data: change }),
  });

  // The job runner (docs/events.md): handlers on the outbox and scheduled jobs are registered
  // here, in one place; server/main.ts starts it when JOBS=on.
  const jobs = createJobRunner({ db, logger });
  // Affiliates and tracking (docs/affiliates.md): first-touch attribution, postbacks, the report.
  const affiliates = createAffiliates({
    db,
    logger,
    secret: hmacSha256(secret.secret, 'first-touch'),
    enqueue: (tx, key, payload) => jobs.enqueue(POSTBACK_JOB, key, payload, { tx }),
    report: { playerFigures: ledger.reports.playerFigures, accounts: (ids) => reportAccounts(db, ids) },
  });
  jobs.onEvent(affiliates.postbackHandler);
  jobs.define(affiliates.postbackJob);
  // SEON's fraud API at sign-up and deposit when SEON_API_KEY is set (docs/devices.md): queued in
  // the sign-up's or deposit's transaction, called by a job, so the player never waits for it.
  const seon = createSeon({
    db,
    logger,
    config: env.SEON_API_KEY ? { apiKey: env.SEON_API_KEY, apiUrl: env.SEON_API_URL, timeoutMs: env.SEON_TIMEOUT_MS, agentUrl: env.SEON_JS_AGENT } : null,
    enqueue: (tx, key, payload) => jobs.enqueue(SEON_JOB, key, payload, { tx }),
    player: async (userId) => {
      const info = await accounts.userInfo(userId).catch(() => null);
      if (!info) return null;
      const email = info.login?.includes('@') ? info.login : null;
      return { email, phone: info.login && !email ? info.login : null, registeredAt: new Date(info.reg_time ?? Date.now()), country: info.country_code };
    },
  });
  jobs.define(seon.job);
  jobs.schedule(affiliates.hitsRetentionJob);
  // Business reports (docs/reports.md): the ledger's movements folded into daily rows every minute.
  const reports = createReports({
    db,
    cron: env.REPORTS_FOLD_CRON,
    fold: { settleMs: env.REPORTS_FOLD_SETTLE_MS },
    roundSums: (since) => roundSumsByGame(db, since),
    declaredRtps: () => catalogue.declaredRtps(),
    onRtpWatch: (lines) => {
      for (const line of lines.filter((each) => each.status === 'outside')) logger.warn({ game: line.game, windowDays: line.windowDays, currency: line.currency, declared: line.declared, measured: line.measured, low: line.low, high: line.high, rounds: line.rounds }, 'a game pays outside its declared RTP');
    },
    // staff is made below; these run only when the jobs do.
    dailyMail: {
      cron: env.REPORTS_DAILY_MAIL_CRON,
      recipients: (tx) => staff.activeMembers(DAILY_MAIL_ROLES, tx),
      member: (id) => staff.member(id).catch(() => null),
      enqueue: (tx, name, key, payload) => jobs.enqueue(name, key, payload, { tx }),
      send: (mail) => messenger.send({ channel: 'email', locale: 'en', ...mail }),
      reportLink: (from, to) => `${env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`}${BACKOFFICE_PATH}/reports?period=day&from=${from}&to=${to}`,
    },
    live: {
      cron: env.REPORTS_LIVE_CRON,
      queues: async () => {
        // Some of these modules are made below; this runs only when the dashboard is read.
        const [withdrawals, pending, riskCases, supportChats] = await Promise.all([
          payments.admin.listWithdrawals({ statuses: ['requested'] }, { by: 'created_at', dir: 'asc' }, { limit: 1, offset: 0 }),
          verification.queue({ status: 'pending' }, { limit: 1, offset: 0 }),
          risk.listCases({ status: 'active' }, { limit: 1, offset: 0 }),
          support.chat.unreadByOperators(),
        ]);
        return { withdrawals: withdrawals.total, verification: pending.total, risk_cases: riskCases.total, support_chats: supportChats };
      },
      publish: async (snapshot) => void (await live.publish(staffTopic('reports.read'), { type: 'dashboard', data: snapshot })),
    },
  });
  jobs.schedule(reports.foldJob);
  jobs.schedule(reports.rtpWatchJob);
  jobs.schedule(reports.dailyMailJob);
  jobs.schedule(reports.liveJob);
  jobs.define(reports.dailyMailSendJob);
  // Chargebacks of deposits (docs/payments.md, "Chargebacks"): the player is flagged, and a later
  // deposit settles what they owe.
  const chargebacks = createChargebacks({ db, ledger, logger, flagPlayer: flagChargeback });
  jobs.onEvent(chargebacks.recoveryHandler);
  jobs.schedule(housekeeping);
  // The hall's "popular" order: each game's real-money players of the last 7 days (docs/api.md, games/get).
  jobs.schedule({
    name: 'catalogue.popularity',
    cron: '*/15 * * * *',
    ownTransactions: true,
    run: async () => {
      await catalogue.refreshPopularity(await recentPlayersByGame(db, 7));
    },
  });
  // The ledger check on a schedule: its result is a metric the alerts watch (docs/observability.md).
  jobs.schedule(ledgerCheckJob(ledger, env.LEDGER_CHECK_CRON, logger));
  // The embedded database has no autovacuum: its statistics are gathered by a job instead.
  if (deps.database.kind === 'pglite') jobs.schedule(statistics);
  for (const effect of liveNoticeEffects(live)) jobs.onDispatched(effect);
  // The back office's withdrawal queue refreshes live for the members who may see it.
  jobs.onDispatched(withdrawalQueueEffect((topic, message) => live.publish(topic, message)));
  if (env.TOURNAMENTS === 'on') {
    jobs.onEvent(tournaments.scoreHandler);
    jobs.schedule(tournaments.finishJob);
  }
  if (env.LOYALTY === 'on') jobs.onEvent(loyalty.earnHandler);
  for (const handler of promotions.handlers) jobs.onEvent(handler);
  for (const job of promotions.jobs) jobs.schedule(job);
  jobs.define(betting.jobs.settle);
  if ((env.BETTING_FEED ?? (env.NODE_ENV === 'test' ? 'off' : 'on')) === 'on') jobs.schedule(betting.jobs.feed);
  jobs.schedule(cashback.job(env.CASHBACK_CRON));
  // Reference exchange rates (getcurrencyrates): the ECB's daily XML, read again after it publishes.
  const currencyRatesUrl = env.CURRENCY_RATES_URL ?? (env.NODE_ENV === 'test' ? 'off' : ECB_DAILY_RATES_URL);
  const currencyRates = createCurrencyRates({ url: currencyRatesUrl === 'off' ? null : currencyRatesUrl, timeoutMs: env.CURRENCY_RATES_TIMEOUT_MS, maxAgeMs: 3600_000, logger });
  if (currencyRatesUrl !== 'off') jobs.schedule(currencyRates.job);
  if (aggregator.job) jobs.schedule(aggregator.job);
  // Risk and AML (docs/risk.md): the rules look at deposits, withdrawals, sign-ups and limit
  // raises; the back office's risk screens refresh live for the members who may see them.
  const risk = createRisk({ db, currencyRates, announce: (message) => live.publish(staffTopic('risk.read'), message) });
  jobs.onEvent(risk.handler);
  // Analytics (docs/analytics.md): registrations, credited deposits and requested withdrawals stored for the reports.
  const analytics = createAnalytics({ db, logger });
  jobs.onEvent(analytics.handler);
  jobs.schedule({
    // Rounds a stopped process left between bet and pay-out are finished (or voided).
    name: 'studio.recover-rounds',
    cron: '* * * * *',
    maxAttempts: 1,
    // Recovery settles through the wallet, which opens its own transactions (and is idempotent).
    ownTransactions: true,
    run: async () => void (await studio.recover()),
  });

  const siteConfig = createSiteConfigService(db, { invalidator, cacheMs });
  // The contact form, the built-in live chat and third-party chat settings (docs/support-chat.md).
  const support = createSupport({
    db,
    logger,
    limits,
    messenger,
    appSecret: secret.secret,
    supportEmail: env.SUPPORT_EMAIL,
    operatorToken: env.SUPPORT_OPERATOR_TOKEN,
    siteConfig: (locale) => siteConfig.get(locale),
    // Visitor data given to a third-party chat (spec 2 section 4): the player's first name and contacts.
    visitorData: async (userId, locale) => {
      const profile = await accounts.profileInfo(userId, ['contacts']);
      const contacts = (profile.contacts ?? []) as { type: string; contact: string }[];
      const first = (type: string) => contacts.find((contact) => contact.type === type)?.contact ?? null;
      return { uid: userId, name: typeof profile.first_name === 'string' ? profile.first_name : null, email: first('email'), phone: first('phone'), language: locale };
    },
    publish: (topic, message) => live.publish(topic, message),
  });

  // The back office's members, their sign-in and the audit trail (docs/backoffice.md).
  const staff = createStaff({
    db,
    limits,
    appSecret: secret.secret,
    messenger,
    origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    allowedIps: env.BACKOFFICE_ALLOWED_IPS,
  });

  const payments = createPayments({
    db,
    ledger,
    // Each method through the provider that serves it (registry.ts, decision 037): the demo
    // provider for all of today's methods, Skrill for `skrill` once SKRILL_* is set.
    providers: createProviderRegistry([
      { provider: demoPsp.provider, deposits: ['card', 'sepa', 'skrill'], withdrawals: ['bank_transfer', 'skrill'] },
      ...(skrill ? [{ provider: skrill, deposits: ['skrill'], withdrawals: ['skrill'] }] : []),
      ...(nowpayments ? [{ provider: nowpayments, deposits: Object.keys(CRYPTO_METHODS), withdrawals: env.NOWPAYMENTS_PAYOUT_EMAIL ? Object.keys(CRYPTO_METHODS) : [] }] : []),
    ]),
    // A payout a provider left unknown is asked again by the job runner until it answers.
    enqueuePayoutCheck: (tx, publicId) => jobs.enqueue(PAYOUT_CHECK_JOB, publicId, { payment: publicId }, { tx, runAt: new Date(Date.now() + 30_000) }),
    logger,
    // A deposit's chosen offer is checked before it is made; a withdrawal while a bonus is
    // wagered needs the burn-bonuses confirm and forfeits the bonus with the reserve.
    checkDepositOffer: promotions.checkDepositOffer,
    beforeWithdrawal: promotions.beforeWithdrawal,
    beforeDeposit: (userId, locale) => responsibleGaming.assertNotExcluded(userId, locale),
    // SEON's fraud check of the deposit, queued with it (docs/devices.md).
    onDepositCreated: (tx, payment, context) =>
      seon.queue(tx, {
        action: 'deposit',
        userId: payment.userId,
        ip: context.ip,
        deviceId: context.device.deviceId,
        seonSession: context.device.seonSession,
        deposit: { paymentId: payment.id, publicId: payment.publicId, amount: formatMinor(payment.amount, payment.currency as CurrencyCode), currency: payment.currency, method: payment.method },
      }),
    // Withdrawals wait for an approved identity verification as the operators set it.
    withdrawalCheck: verification.withdrawalCheck,
    // A compliance case holding the player's withdrawals refuses their approval (docs/risk.md).
    approvalCheck: risk.assertNoHold,
    // A provider's chargeback notice moves its money through the ledger (chargebacks.ts).
    chargeback: chargebacks.applyNotice,
    // The operator's method rules: countries, currencies, bounds, withdraw by the deposit's method (decision 038).
    methodRules: () => siteSettings.get('paymentMethodRules'),
    // Profile data and a confirmed contact, as the site configuration asks (the stricter of its locales).
    requirements: async (uid, direction) => {
      const [configs, profile] = await Promise.all([Promise.all(LOCALES.map((locale) => siteConfig.get(locale))), accounts.profileInfo(uid, ['contacts'])]);
      const requirement = strictestRequirement(configs.map((config) => config.cashier.requirements[direction]));
      return missingRequirements(requirement, profile, (profile.contacts as ContactView[] | undefined) ?? []);
    },
  });
  jobs.define({
    name: PAYOUT_CHECK_JOB,
    // With the runner's backoff (1 s doubling to 10 min), about a day of asking before an operator looks (jobs:list failed).
    maxAttempts: 16,
    ownTransactions: true,
    run: async (payload) => void (await payments.recheckPayout(String(payload.payment))),
  });

  const content = createContentService(db, { source: contentSourceFromEnv(db, env, logger), logger });
  return {
    database: deps.database,
    staff,
    /** Signs ops commands sent to the running site's back office (server/backoffice/ops-route.ts). */
    backofficeOpsKey: hmacSha256(secret.secret, 'backoffice-ops'),
    env,
    buildId: deps.buildId ?? 'dev',
    siteSettings,
    siteConfig,
    analytics,
    storage: createStorageService(db, { quotaBytes: env.STORAGE_QUOTA_BYTES }),
    content,
    /** The back office's content editor and image uploads (docs/content.md); writes refused while the site reads Strapi. */
    contentEditor: createContentEditor(db, { invalidator, source: content.source }),
    contentImages: createContentImages(db, { logger }),
    currencyRates,
    messenger,
    limits,
    sessions,
    accounts,
    /** Who is behind a payment, for the back office's money screens (accounts/payer-review.ts). */
    payerReview: createPayerReview(db),
    identityProviders,
    ledger,
    demoPsp,
    payments,
    /** Chargebacks of deposits: recorded from providers' notices, settled by later deposits. */
    chargebacks,
    catalogue,
    wallet,
    responsibleGaming,
    jackpots,
    tournaments,
    /** The back office's tournament screens: list, create, change before the start, end now. */
    tournamentManager: createTournamentManager(db, tournaments),
    promotions,
    cashback,
    loyalty,
    /** The back office's loyalty screens: levels, characters, the shop. */
    loyaltyManager: createLoyaltyManager(db),
    betting,
    /** The sportsbook operator's signed commands to the running site (POST /platform/betting/command; scripts/ops-betting.ts). */
    bettingOps: bettingRoutes(betting, hmacSha256(secret.secret, 'betting-ops')),
    history: createHistory({ db, limits, logger, roundsDb: reads.forPlayer }),
    support,
    studio,
    aggregator,
    verification,
    /** Risk and AML: rules, alerts, compliance cases, withdrawal holds (docs/risk.md). */
    risk,
    jobs,
    affiliates,
    seon,
    /** The business report: GGR, NGR, deposits ... per period and dimension (docs/reports.md). */
    reports,
    setCallbackSender: (sender: CallbackSender) => {
      sendCallback = sender;
    },
    bus,
    live,
    invalidator,
    /** Where the read-only modules read (the replica, or the primary), and the player's pins. */
    reads,
    close: async () => {
      reads.close();
      live.close();
      invalidator.close();
      await bus.close();
      await closeRedis();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
