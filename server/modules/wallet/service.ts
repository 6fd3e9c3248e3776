import { randomUUID } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LocaleCode } from '../../../contract/locales.ts';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { preparedRows, queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { pgErrorCode, SERIALIZATION_FAILURE, DEADLOCK_DETECTED, UNIQUE_VIOLATION } from '../../platform/db/errors.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { gameSessions, playedGames, walletGuests } from '../../db/schema.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { Ledger, PlayerKind, PreparedTransfer, TransferInput, TransferResult } from '../ledger/index.ts';
import { signBody, verifySignature } from '../payments/index.ts';
import { STORED_STATUSES, WALLET_STATUSES, type WalletStatus } from './statuses.ts';
import { announceOutboxCommitted, type OutboxEventType } from '../../platform/events/outbox.ts';
import { walletText } from './texts.ts';
import { createTurns } from './player-turns.ts';
import { createSettleBatches, type BatchOutcome } from './settle-batches.ts';
import { inSpan } from '../../platform/observability/tracing.ts';
import { countMovement, observeSettle } from '../../platform/observability/metrics.ts';
import { checkStake, recordSettledReturn, recordStake, refusalMessage } from '../responsible-gaming/index.ts';

/** A game session lives this long; then balance and bet calls answer RS_ERROR_TOKEN_EXPIRED. */
export const GAME_SESSION_SECONDS = 8 * 3600;
/** The fun balance a demo player gets back, in major units. */
export const FUN_BALANCE = 1000;
/**
 * A fun balance below this (major units) is topped up to FUN_BALANCE when a demo session opens
 * or its balance is asked for. It is at least the minimum bet of every game, so a demo player can
 * always play on.
 */
export const FUN_REFILL_BELOW = 1;
/** Largest amount one wallet request may carry, in minor units. */
const MAX_AMOUNT = 1_000_000_000_000n;
/** Largest request body read, in bytes. */
export const MAX_BODY_BYTES = 16_384;

export const WALLET_ENDPOINTS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletEndpoint = (typeof WALLET_ENDPOINTS)[number];

const minorOf = (major: number, currency: CurrencyCode) => BigInt(major) * 10n ** BigInt(CURRENCIES[currency].exponent);

// --- request schemas -------------------------------------------------------------------------------

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
/** Ids are printable ASCII without spaces, 1 to 100 characters. */
const id = z.string().regex(/^[\x21-\x7e]{1,100}$/);
/** Game session tokens we issue are base64url; printable ASCII keeps a NUL from reaching the database. */
const sessionToken = z.string().regex(/^[\x21-\x7e]{1,200}$/);
const amount = z
  .union([z.number().int().min(0), z.string().regex(/^(0|[1-9][0-9]{0,15})$/)])
  .transform((value) => BigInt(value))
  .refine((value) => value <= MAX_AMOUNT, 'too large');
const currency = z.string().regex(/^[A-Z]{3}$/);

const base = { provider: sysname, request_uuid: id, user: sessionToken, game: sysname.optional() };
const requestSchemas = {
  balance: z.object({ ...base, currency: currency.optional() }),
  bet: z.object({ ...base, transaction_uuid: id, round_id: id, amount, currency, round_closed: z.boolean().optional(), is_free: z.boolean().optional() }),
  win: z.object({ ...base, transaction_uuid: id, reference_transaction_uuid: id, round_id: id, amount, currency, round_closed: z.boolean().optional() }),
  rollback: z.object({ ...base, transaction_uuid: id, reference_transaction_uuid: id, round_id: id, amount: amount.optional(), currency: currency.optional() }),
} as const;

type BalanceRequest = z.infer<(typeof requestSchemas)['balance']>;
type BetRequest = z.infer<(typeof requestSchemas)['bet']>;
type WinRequest = z.infer<(typeof requestSchemas)['win']>;
type RollbackRequest = z.infer<(typeof requestSchemas)['rollback']>;
type MoneyRequest = BetRequest | WinRequest | RollbackRequest;

export type WalletAnswer = {
  status: WalletStatus;
  request_uuid: string | null;
  user?: string;
  currency?: string;
  /** Minor units of the session's account (main in real mode, fun in demo mode). */
  balance?: number;
  transaction_uuid?: string;
  message?: string;
};

const ANSWER_KEYS = ['status', 'request_uuid', 'user', 'currency', 'balance', 'transaction_uuid', 'message'] as const;
/** Answers in one key order (a stored answer comes back from jsonb in another), so a repeat is byte for byte the first. */
const canonical = (answer: WalletAnswer): WalletAnswer =>
  Object.fromEntries(ANSWER_KEYS.filter((key) => answer[key] !== undefined).map((key) => [key, answer[key]])) as WalletAnswer;

type SessionRow = typeof gameSessions.$inferSelect;

/** The ledger player of a session: the user, or for a guest its negative guest id (docs/decisions/005). */
const playerOf = (session: Pick<SessionRow, 'userId' | 'guestId'>): number => session.userId ?? -session.guestId!;
const accountOf = (session: Pick<SessionRow, 'mode'>): PlayerKind => (session.mode === 'real' ? 'main' : 'fun');
const houseOf = (session: Pick<SessionRow, 'mode'>) => (session.mode === 'real' ? ('game_house' as const) : ('fun_issuer' as const));
const sameOwner = (a: Pick<SessionRow, 'userId' | 'guestId' | 'mode' | 'currency'>, b: SessionRow) => a.userId === b.userId && a.guestId === b.guestId && a.mode === b.mode && a.currency === b.currency;

// --- the money path's statements (decision 009) ----------------------------------------------------

const LOOKUP_SQL = 'select o_existing, o_rolled_back, o_reference, o_reversed from wallet_lookup($1::jsonb, $2, $3, $4)';
type JournalJson = {
  transaction_uuid: string;
  session_id: number;
  round_id: string;
  amount: number | string;
  content_hash: string;
  status: string;
  moved: boolean;
  answer: unknown;
  bonus_amount?: number | string;
  bonus_id?: number | null;
};
type LookupRow = { o_existing: JournalJson | null; o_rolled_back: boolean; o_reference: (JournalJson & { session?: Record<string, unknown> }) | null; o_reversed: boolean };

/** The journal row wallet_lookup answers as JSON (snake_case columns), as the decision reads it. */
const journalRow = (row: JournalJson) => ({
  transactionUuid: row.transaction_uuid,
  sessionId: row.session_id,
  roundId: row.round_id,
  amount: BigInt(row.amount),
  contentHash: row.content_hash,
  status: row.status,
  moved: row.moved,
  answer: row.answer,
  bonusAmount: BigInt(row.bonus_amount ?? 0),
  bonusId: row.bonus_id ?? null,
});

/** A game session answered as JSON: the owner fields sameOwner compares. */
const sessionRow = (row: Record<string, unknown>) =>
  ({ userId: row.user_id ?? null, guestId: row.guest_id ?? null, mode: row.mode, currency: row.currency }) as Pick<SessionRow, 'userId' | 'guestId' | 'mode' | 'currency'>;

/** The journal row, the outbox event (when there is one) and the recently-played entry, in one statement. */
const RECORD_SQL = `
  with played as (
    -- As wallet_settle (migration 0026): not rewritten while the game is the player's latest and
    -- was played under a minute ago.
    insert into played_games (user_id, game) select $14::int, $6 where $15::boolean
      and not exists (
        select 1 from (select g.game, g.last_played_at from played_games g where g.user_id = $14::int order by g.last_played_at desc limit 1) latest
        where latest.game = $6 and latest.last_played_at > now() - interval '1 minute')
    on conflict (user_id, game) do update set last_played_at = now()
  ), outbox as (
    insert into outbox_events (type, user_id, payload) select $16::text, $14::int, $17::jsonb where $16::text is not null
  )
  insert into wallet_transactions (provider, transaction_uuid, kind, session_id, round_id, game, amount, currency, reference_transaction_uuid, content_hash, status, moved, answer, bonus_amount, bonus_id)
  values ($1, $2, $3, $4, $5, $6, $7::bigint, $8, $9, $10, $11, $12, $13::jsonb, $18::bigint, $19::int)`;

/**
 * A real-money player's purse for a bet (docs/promotions.md): main and bonus balances, their
 * account rows locked so the split holds until the bet commits, and the active bonus (its id,
 * its maximum bet).
 */
const PURSE_SQL = `
  with accounts as (
    select kind, balance from ledger_accounts
    where owner_type = 'player' and owner_id = $1 and currency = $2 and kind in ('main', 'bonus')
    order by id for update
  )
  select coalesce((select balance from accounts where kind = 'main'), 0)::text as main,
         coalesce((select balance from accounts where kind = 'bonus'), 0)::text as bonus,
         b.id as bonus_id, b.max_bet::text as max_bet
  from (select 1) one
  left join player_bonuses b on b.user_id = $3 and b.currency = $2 and b.kind = 'bonus' and b.status = 'active'`;
type PurseRow = { main: string; bonus: string; bonus_id: number | null; max_bet: string | null };

/** A real bet's wagering towards the player's active bonus (migration 0015, decision 015). */
const BONUS_WAGER_SQL = 'select bonus_wager($1::int, $2::text, $3::text, $4::bigint)';

/** Where the bonus share of a win or rollback goes, by the state of the bet's bonus now. */
const BONUS_SHARE_SQL = 'select status from player_bonuses where id = $1';

/** A money movement's outbox event (docs/events.md), but for the ledger transaction and the balance after it. */
const eventPayload = (request: MoneyRequest, session: SessionRow, amount: bigint, reference: string | undefined) => ({
  currency: session.currency,
  amount: amount.toString(),
  account: accountOf(session),
  provider: request.provider,
  game: session.game,
  round: request.round_id,
  providerTransaction: request.transaction_uuid,
  mode: session.mode,
  sessionId: session.id,
  ...(reference ? { bet: reference } : {}),
});

/** The ordinary bet or win in one statement (migration 0011, decision 014); null: take the general path. */
const SETTLE_SQL = 'select wallet_settle($1::jsonb) as settled';
/** Several of them in one statement (migration 0028, settle-batches.ts). */
const SETTLE_MANY_SQL = 'select wallet_settle_many($1::jsonb) as outcomes';
/** wallet_settle's SQLSTATE for "undone, the general path decides" (after writing a bet's jackpot shares). */
const GENERAL_PATH_DECIDES = 'W0001';
type Settled = { answer: WalletAnswer; outbox: boolean } | null;

/**
 * The bonus share of a win or a rollback: back to the bonus balance while the bet's bonus runs,
 * to main money once it completed (its money became main), to the house once it expired or was
 * forfeited (the player no longer owns bonus money).
 */
export function bonusShareTarget(status: string | undefined): 'bonus' | 'main' | 'house' {
  if (status === 'active') return 'bonus';
  if (status === 'completed') return 'main';
  return 'house';
}

/** The part of a payout that belongs to bonus money: in the proportion the bet drew it (rounded down). */
export const bonusShareOf = (payout: bigint, bet: { amount: bigint; bonusAmount: bigint }): bigint =>
  bet.amount > 0n && bet.bonusAmount > 0n ? (payout * bet.bonusAmount) / bet.amount : 0n;

class NotEnoughMoney extends AppError {
  constructor() {
    super('InvalidParameterException', 'Not enough money');
  }
}

const RETRYABLE = new Set([UNIQUE_VIOLATION, SERIALIZATION_FAILURE, DEADLOCK_DETECTED]);

export type WalletDeps = {
  db: Db;
  ledger: Ledger;
  catalogue: Catalogue;
  logger: Logger;
  /** The player's status and account currency (accounts module). */
  /** `country`: the profile's, which games blocked there are refused for (null: not known). */
  playerState(userId: number): Promise<{ status: 'active' | 'banned' | 'deleted'; currency: string; country?: string | null } | null>;
  /** A provider's wallet secret, or null when it has none (then every request is refused). */
  secretFor(provider: { sysname: string; integration: 'in_house' | 'demo' | 'external' }): string | null;
  /**
   * Runs inside the bet's database transaction after a real-money bet of a player moved money
   * (the jackpots' contributions and draws, docs/jackpots.md); what it pays shows in the answer.
   * Answers whether it paid the player (then the answer reads the balance again).
   */
  onRealBet?: (tx: Tx, bet: RealBet, drawn?: number[]) => Promise<boolean>;
  /**
   * Before a real-money bet: the pools it feeds with their shares and the pools it wins, drawn
   * once (the jackpots' planRealBet). With it, a bet that wins nothing settles in one statement
   * (decision 014); a winning one hands these draws to onRealBet.
   */
  planRealBet?: (bet: Pick<RealBet, 'currency' | 'game' | 'amount'>) => Promise<RealBetPlan>;
  /** The ledger movement of a bet's jackpot shares, or null when they are nothing. */
  shareTransfer?: (bet: Pick<RealBet, 'provider' | 'transactionUuid' | 'game' | 'currency'>, total: bigint) => TransferInput | null;
  /** Settling statements at a time before requests go in batches (settle-batches.ts; default 2). */
  settleSlots?: number;
  /**
   * Called before a bet, win or rollback of a signed-in player's session is settled: their game
   * history then reads the primary for a few seconds (read-your-writes with a replica,
   * server/platform/db/read-routing.ts).
   */
  playerWrites?: (userId: number) => void;
};

/** What a real bet feeds and wins (the jackpots' JackpotPlan). */
export type RealBetPlan = { pools: Array<{ id: number; bps: number; trigger: bigint; share: bigint }>; hits: number[] };

/** An accepted real-money bet that debited the player (for WalletDeps.onRealBet). */
export type RealBet = {
  provider: string;
  transactionUuid: string;
  roundId: string;
  sessionId: number;
  userId: number;
  game: string;
  currency: CurrencyCode;
  /** Minor units, > 0. */
  amount: bigint;
};

export function createWallet(deps: WalletDeps) {
  const { db, ledger, catalogue, logger } = deps;

  const lock = (tx: Db | Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

  /** The balance a game shows: fun money in demo, main plus bonus money in real mode. */
  async function balanceOf(tx: Db | Tx, session: SessionRow): Promise<bigint> {
    const balances = await ledger.balances(playerOf(session), session.currency, tx);
    return session.mode === 'real' ? balances.main + balances.bonus : balances[accountOf(session)];
  }

  // --- fun money --------------------------------------------------------------------------------

  /**
   * Tops a fun balance up to FUN_BALANCE when it is below FUN_REFILL_BELOW (or below `minBet`,
   * minor units, when a game needs more), through the ledger from the house's fun_issuer account.
   * Answers the balance afterwards.
   */
  async function refillFun(player: number, currencyCode: CurrencyCode, minBet = 0n): Promise<bigint> {
    return db.transaction(async (tx) => {
      await lock(tx, `fun:${player}:${currencyCode}`);
      const balance = (await ledger.balances(player, currencyCode, tx)).fun;
      const below = minorOf(FUN_REFILL_BELOW, currencyCode) > minBet ? minorOf(FUN_REFILL_BELOW, currencyCode) : minBet;
      const target = minorOf(FUN_BALANCE, currencyCode);
      if (balance >= below || balance >= target) return balance;
      await ledger.transfer(
        {
          key: `fun-refill:${player}:${currencyCode}:${randomUUID()}`,
          kind: 'fun_refill',
          currency: currencyCode,
          legs: [
            { account: { house: 'fun_issuer' }, amount: -(target - balance) },
            { account: { player, kind: 'fun' }, amount: target - balance },
          ],
          metadata: { rule: `below ${below} -> ${target}` },
        },
        tx,
      );
      return target;
    });
  }

  // --- game sessions ----------------------------------------------------------------------------

  async function guestOf(visitorId: string): Promise<number> {
    await db.insert(walletGuests).values({ visitorId }).onConflictDoNothing();
    const [row] = await db.select({ id: walletGuests.id }).from(walletGuests).where(eq(walletGuests.visitorId, visitorId));
    return row.id;
  }

  /**
   * Opens a game session and answers its token (given to the game, which names it as `user` in
   * every wallet call). Real money needs a signed-in active player; a demo needs a game with a demo
   * mode and plays with fun money: the player's own, or a guest's (by visitor id), topped up first.
   */
  async function openSession(
    input: {
      game: string;
      mode: 'real' | 'demo';
      userId: number | null;
      visitorId?: string;
      currency?: string;
      minBet?: bigint;
      /**
       * Who will call the wallet for this session, when it is not the game's provider: a game
       * aggregator serving a studio's game (docs/aggregator.md). Its `provider` and secret then
       * sign the session's calls.
       */
      partner?: string;
    },
    locale: LocaleCode,
  ) {
    const state = input.userId !== null ? await deps.playerState(input.userId) : null;
    // A game blocked in the player's country is refused here, demo or real (a guest's country is not known).
    const game = await catalogue.requireGame(input.game, locale, state?.country);
    if (input.mode === 'demo' && !game.hasDemo) {
      throw new AppError('InvalidParameterException', `${game.sysname} has no demo mode`, { fields: { mode: walletText(locale, 'noDemo') } });
    }
    let owner: { userId: number | null; guestId: number | null };
    let sessionCurrency: CurrencyCode;
    if (input.userId !== null) {
      if (!state) throw new AppError('AuthorizationException', 'Sign in required');
      if (state.status === 'banned') throw new AppError('UserBannedException', walletText(locale, 'banned'), { details: { banned: true } });
      if (state.status === 'deleted') throw new AppError('UserDeletedException', walletText(locale, 'deleted'));
      owner = { userId: input.userId, guestId: null };
      sessionCurrency = isCurrency(state.currency) ? state.currency : DEFAULT_CURRENCY;
    } else {
      if (input.mode === 'real') throw new AppError('AuthorizationException', walletText(locale, 'signInToPlay'));
      if (!input.visitorId) throw new Error('A guest demo session needs the visitor id');
      owner = { userId: null, guestId: await guestOf(input.visitorId) };
      sessionCurrency = isCurrency(input.currency) ? input.currency : DEFAULT_CURRENCY;
    }
    const token = randomToken(24);
    const expiresAt = new Date(Date.now() + GAME_SESSION_SECONDS * 1000);
    const [session] = await db
      .insert(gameSessions)
      .values({ tokenHash: sha256(token), ...owner, game: game.sysname, provider: input.partner ?? game.provider, currency: sessionCurrency, mode: input.mode, expiresAt })
      .returning();
    const balance = input.mode === 'demo' ? await refillFun(playerOf(session), sessionCurrency, input.minBet) : await balanceOf(db, session);
    return { token, sessionId: session.id, game: game.sysname, provider: session.provider, mode: input.mode, currency: sessionCurrency, balance, expiresAt };
  }

  /**
   * Game sessions are written once and never change (expiry is a column compared at each call),
   * so a process keeps the ones it has seen: a provider's bet and win need no lookup of their own.
   * Bounded; unknown tokens are not kept (a guessed token costs a query, never memory).
   */
  const knownSessions = new Map<string, SessionRow>();
  const SESSION_CACHE_MAX = 50_000;

  async function findSession(token: string): Promise<SessionRow | null> {
    const tokenHash = sha256(token);
    const known = knownSessions.get(tokenHash);
    if (known) return known;
    const [row] = await db.select().from(gameSessions).where(eq(gameSessions.tokenHash, tokenHash));
    if (!row) return null;
    if (knownSessions.size >= SESSION_CACHE_MAX) knownSessions.delete(knownSessions.keys().next().value as string);
    knownSessions.set(tokenHash, row);
    return row;
  }

  // --- answers ------------------------------------------------------------------------------------

  const fail = (status: WalletStatus, requestUuid: string | null, message: string, extra: Partial<WalletAnswer> = {}): WalletAnswer => ({
    status,
    request_uuid: requestUuid,
    ...extra,
    message,
  });

  const okAnswer = (request: BalanceRequest | MoneyRequest, session: SessionRow, balance: bigint, extra: Partial<WalletAnswer> = {}): WalletAnswer => ({
    status: 'RS_OK',
    request_uuid: request.request_uuid,
    user: request.user,
    currency: session.currency,
    balance: Number(balance),
    ...extra,
  });

  /** What a money request asks, apart from its request id: a repeat must ask exactly this. */
  const contentHash = (endpoint: WalletEndpoint, request: MoneyRequest) =>
    sha256(
      JSON.stringify([
        endpoint,
        request.user,
        request.game ?? null,
        request.round_id,
        request.amount?.toString() ?? null,
        request.currency ?? null,
        'reference_transaction_uuid' in request ? request.reference_transaction_uuid : null,
      ]),
    );

  // --- the four calls -----------------------------------------------------------------------------

  async function balanceCall(request: BalanceRequest, session: SessionRow): Promise<WalletAnswer> {
    if (session.expiresAt <= new Date()) return fail('RS_ERROR_TOKEN_EXPIRED', request.request_uuid, 'The game session has expired');
    if (request.currency && request.currency !== session.currency) {
      return fail('RS_ERROR_WRONG_CURRENCY', request.request_uuid, `The session plays in ${session.currency}`);
    }
    const balance = session.mode === 'demo' ? await refillFun(playerOf(session), session.currency as CurrencyCode) : await balanceOf(db, session);
    return okAnswer(request, session, balance);
  }

  /**
   * Runs a bet, win or rollback once per transaction id: the ordinary bet or win in one statement
   * (settleInOneStatement, several requests to a statement under load), anything else on the
   * general path (generalCall).
   */
  async function moneyCall(endpoint: Exclude<WalletEndpoint, 'balance'>, request: MoneyRequest, session: SessionRow): Promise<WalletAnswer> {
    const reference = 'reference_transaction_uuid' in request ? request.reference_transaction_uuid : undefined;
    const keys = [...new Set([request.transaction_uuid, reference].filter((key): key is string => !!key))].sort();
    const hash = contentHash(endpoint, request);
    /** The amount of a bet or win (a rollback's own amount is informational: it reverses its bet's). */
    const amountAsked = request.amount ?? 0n;
    // A real bet's jackpot shares and draws, once, whichever path settles it.
    const plan =
      endpoint === 'bet' && amountAsked > 0n && session.mode === 'real' && session.userId !== null && deps.onRealBet && deps.planRealBet
        ? await deps.planRealBet({ currency: session.currency as CurrencyCode, game: session.game, amount: amountAsked })
        : undefined;
    const settled = await settleInOneStatement(endpoint, request, session, { hash, keys, reference, plan });
    if (settled) return settled;
    // The general path holds a connection through its transaction, where one player's requests
    // wait on the player's balance row: they take turns here (player-turns.ts).
    return inTurn(turnKey(session), () => generalCall(endpoint, request, session, { hash, keys, reference, plan }));
  }

  /**
   * A money request the single statement left (moneyCall): a repeat, a rollback, a refusal, a
   * jackpot win. One database transaction of three round trips (decision 009): wallet_lookup takes
   * the advisory locks on its own id and on the bet it refers to (sorted, so a bet, its wins and
   * its rollbacks are serialised and cannot deadlock) and reads what the decision needs; the
   * ledger function moves the money; one statement writes the journal row, the outbox event and
   * the recently-played entry.
   */
  async function generalCall(
    endpoint: Exclude<WalletEndpoint, 'balance'>,
    request: MoneyRequest,
    session: SessionRow,
    context: { hash: string; keys: string[]; reference: string | undefined; plan: RealBetPlan | undefined },
  ): Promise<WalletAnswer> {
    const { hash, keys, reference, plan } = context;
    const provider = request.provider;
    const amountAsked = request.amount ?? 0n;
    // Read before the transaction: everything inside it runs on the transaction's own connection.
    const playerActive = endpoint !== 'bet' || session.userId === null || (await deps.playerState(session.userId))?.status === 'active';

    let outboxWritten = false;
    const result = await db.transaction(async (tx) => {
      const [look] = await preparedRows<LookupRow>(tx, 'wallet_lookup', LOOKUP_SQL, [
        JSON.stringify(keys.map((key) => `wallet:${provider}:${key}`)),
        provider,
        request.transaction_uuid,
        reference ?? null,
      ]);
      const existing = look.o_existing ? journalRow(look.o_existing) : null;
      if (existing) {
        if (existing.contentHash !== hash) {
          return fail('RS_ERROR_DUPLICATE_TRANSACTION', request.request_uuid, `Transaction ${request.transaction_uuid} was already sent with other content`);
        }
        return { ...(existing.answer as WalletAnswer), request_uuid: request.request_uuid };
      }
      if (request.currency && request.currency !== session.currency) {
        return fail('RS_ERROR_WRONG_CURRENCY', request.request_uuid, `The session plays in ${session.currency}`);
      }

      let moved: TransferResult | null = null;
      /** A bet's draw on bonus money (main is drawn first) and the bonus it belonged to. */
      let bonusDrawn = 0n;
      let bonusId: number | null = null;
      let jackpotPaid = false;
      let event: { type: OutboxEventType; payload: Record<string, unknown> } | null = null;
      let played = false;

      const record = async (status: WalletStatus, didMove: boolean, body: WalletAnswer, amountMoved = amountAsked) => {
        if (!STORED_STATUSES.has(status)) return body;
        await preparedRows(tx, 'wallet_record', RECORD_SQL, [
          provider,
          request.transaction_uuid,
          endpoint,
          session.id,
          request.round_id,
          session.game,
          amountMoved.toString(),
          session.currency,
          reference ?? null,
          hash,
          status,
          didMove,
          JSON.stringify(body),
          session.userId,
          played,
          event?.type ?? null,
          event ? JSON.stringify(event.payload) : null,
          bonusDrawn.toString(),
          bonusId,
        ]);
        if (event) outboxWritten = true;
        return body;
      };

      /**
       * Moves `amountMinor` between the player and the house. `bonusPart` of it is bonus money: a
       * bet draws it from the bonus balance; a win or rollback sends it where the bet's bonus now
       * says (bonusShareTarget). The rest is the session's own account (main or fun).
       */
      const move = async (
        kind: string,
        amountMinor: bigint,
        toPlayer: boolean,
        extra: Record<string, unknown> = {},
        bonusPart: { amount: bigint; target: 'bonus' | 'main' | 'house' } = { amount: 0n, target: 'bonus' },
      ) => {
        const player = playerOf(session);
        const sign = toPlayer ? 1n : -1n;
        const own = amountMinor - bonusPart.amount + (bonusPart.target === 'main' ? bonusPart.amount : 0n);
        const legs = [
          ...(own > 0n ? [{ account: { player, kind: accountOf(session) }, amount: sign * own }] : []),
          ...(bonusPart.amount > 0n && bonusPart.target === 'bonus' ? [{ account: { player, kind: 'bonus' as const }, amount: sign * bonusPart.amount }] : []),
          ...(bonusPart.amount > 0n && bonusPart.target === 'house' ? [{ account: { house: 'bonus_funding' as const }, amount: sign * bonusPart.amount }] : []),
          { account: { house: houseOf(session) }, amount: -sign * amountMinor },
        ];
        moved = await ledger.transfer(
          {
            key: `wallet:${provider}:${request.transaction_uuid}`,
            kind,
            currency: session.currency as CurrencyCode,
            legs,
            metadata: {
              provider,
              transaction: request.transaction_uuid,
              round: request.round_id,
              game: session.game,
              mode: session.mode,
              session: session.id,
              ...(bonusPart.amount > 0n ? { bonus: bonusPart.amount.toString(), bonusTo: bonusPart.target } : {}),
              ...extra,
            },
            insufficientFunds: () => new NotEnoughMoney(),
          },
          tx,
        );
      };

      const answer = async (status: WalletStatus, message?: string) => {
        // The balance the movement left, unless a jackpot win was paid after it in this transaction
        // (a real session shows main and bonus money together: both are read).
        const after = moved && !jackpotPaid && session.mode !== 'real' ? moved.balanceAfter(playerOf(session), accountOf(session)) : undefined;
        const balance = after ?? (await balanceOf(tx, session));
        const body: WalletAnswer = { status, request_uuid: request.request_uuid, user: request.user, currency: session.currency, balance: Number(balance), transaction_uuid: request.transaction_uuid };
        if (message) body.message = message;
        return body;
      };

      /**
       * The movement's outbox event (docs/events.md), written with the journal row: tournaments,
       * loyalty, live balances and the rest react to it. Guests' demo rounds concern no one.
       */
      const announce = (type: OutboxEventType, amountMoved: bigint, body: WalletAnswer) => {
        if (session.userId === null) return body;
        event = {
          type,
          payload: { transactionId: moved?.transactionId ?? null, balanceAfter: String(body.balance ?? 0), ...eventPayload(request, session, amountMoved, reference) },
        };
        return body;
      };

      if (endpoint === 'bet') {
        if (session.expiresAt <= new Date()) return fail('RS_ERROR_TOKEN_EXPIRED', request.request_uuid, 'The game session has expired');
        if (!playerActive) return fail('RS_ERROR_USER_DISABLED', request.request_uuid, 'The player may not place bets');
        if (look.o_rolled_back) {
          // The rollback came first: the bet is void and moves nothing.
          return record('RS_ERROR_TRANSACTION_ROLLED_BACK', false, await answer('RS_ERROR_TRANSACTION_ROLLED_BACK', 'This bet was rolled back before it arrived: nothing was debited'));
        }
        /** Whether the player wagers a bonus: the bet then counts towards it (decision 015). */
        let wagering = false;
        /** Whether the stake counts towards the player's loss and wager limits (they have one). */
        let countStake = false;
        if (amountAsked > 0n) {
          if (session.mode === 'real' && session.userId !== null) {
            // The player's responsible-gaming limits, under a per-player lock held to commit and
            // taken before the balance rows, in the order wallet_settle takes them (no deadlock).
            const limits = await checkStake(tx, { userId: session.userId, amount: amountAsked, currency: session.currency, sessionStartedAt: session.createdAt });
            if (limits.refusal) {
              return record('RS_ERROR_LIMIT_REACHED', false, await answer('RS_ERROR_LIMIT_REACHED', refusalMessage(limits.refusal, session.currency, 'en')));
            }
            countStake = limits.count;
            // Main money first, then the active bonus's money (docs/promotions.md).
            const [purse] = await preparedRows<PurseRow>(tx, 'wallet_purse', PURSE_SQL, [String(session.userId), session.currency, session.userId]);
            if (purse.bonus_id !== null && purse.max_bet !== null && amountAsked > BigInt(purse.max_bet)) {
              return record(
                'RS_ERROR_BET_LIMIT_EXCEEDED',
                false,
                await answer('RS_ERROR_BET_LIMIT_EXCEEDED', `A bonus is being wagered: the largest bet is ${purse.max_bet} (minor units)`),
              );
            }
            const main = BigInt(purse.main);
            wagering = purse.bonus_id !== null;
            if (amountAsked > main && purse.bonus_id !== null) {
              bonusDrawn = amountAsked - main;
              bonusId = purse.bonus_id;
            }
          }
          try {
            // A refused debit writes nothing (the ledger function checks before it writes), so
            // the transaction stays usable to record the refusal.
            await move('game_bet', amountAsked, false, {}, { amount: bonusDrawn, target: 'bonus' });
          } catch (error) {
            if (!(error instanceof NotEnoughMoney)) throw error;
            bonusDrawn = 0n;
            bonusId = null;
            return record('RS_ERROR_NOT_ENOUGH_MONEY', false, await answer('RS_ERROR_NOT_ENOUGH_MONEY', 'Not enough money for this bet'));
          }
          if (wagering) await preparedRows(tx, 'wallet_bonus_wager', BONUS_WAGER_SQL, [session.userId, session.currency, session.game, amountAsked.toString()]);
          if (countStake && session.userId !== null) await recordStake(tx, { userId: session.userId, amount: amountAsked, currency: session.currency });
        }
        played = session.userId !== null;
        if (moved && session.mode === 'real' && session.userId !== null && deps.onRealBet) {
          jackpotPaid = await deps.onRealBet(
            tx,
            {
              provider,
              transactionUuid: request.transaction_uuid,
              roundId: request.round_id,
              sessionId: session.id,
              userId: session.userId,
              game: session.game,
              currency: session.currency as CurrencyCode,
              amount: amountAsked,
            },
            plan?.hits,
          );
        }
        const body = await answer('RS_OK');
        if (moved) announce('game.bet', amountAsked, body);
        return record('RS_OK', !!moved, body);
      }

      /** The bonus share of a payout on `bet`, and where it goes now. */
      const bonusShare = async (payout: bigint, bet: { amount: bigint; bonusAmount: bigint; bonusId: number | null }) => {
        const share = bonusShareOf(payout, bet);
        if (share === 0n || bet.bonusId === null) return { amount: 0n, target: 'bonus' as const };
        const [row] = await preparedRows<{ status: string }>(tx, 'wallet_bonus_share', BONUS_SHARE_SQL, [bet.bonusId]);
        return { amount: share, target: bonusShareTarget(row?.status) };
      };

      // Wins and rollbacks refer to a bet, and are never refused for an expired session.
      const bet = look.o_reference ? journalRow(look.o_reference) : null;
      const betSession = look.o_reference?.session ? sessionRow(look.o_reference.session) : null;
      const betIsOurs = !!bet && !!betSession && sameOwner(betSession, session);

      if (endpoint === 'win') {
        // A bet refused (not enough money, above a bonus's maximum bet) took no stake: nothing to win.
        const refused = bet?.status === 'RS_ERROR_NOT_ENOUGH_MONEY' || bet?.status === 'RS_ERROR_BET_LIMIT_EXCEEDED' || bet?.status === 'RS_ERROR_LIMIT_REACHED';
        if (!bet || !betIsOurs || bet.roundId !== request.round_id || refused) {
          return fail('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', request.request_uuid, `No accepted bet ${reference} in round ${request.round_id} for this player`);
        }
        if (bet.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK' || look.o_reversed) {
          return fail('RS_ERROR_TRANSACTION_ROLLED_BACK', request.request_uuid, `Bet ${reference} was rolled back`);
        }
        if (amountAsked > 0n) await move('game_win', amountAsked, true, { bet: reference }, await bonusShare(amountAsked, bet));
        if (amountAsked > 0n && session.mode === 'real' && session.userId !== null) {
          await recordSettledReturn(tx, { userId: session.userId, amount: amountAsked, currency: session.currency });
        }
        // A losing round's zero win is an event too: the round is settled (tournaments count rounds).
        return record('RS_OK', amountAsked > 0n, announce('game.win', amountAsked, await answer('RS_OK')));
      }

      // Rollback: reverses its bet's debit once. A rollback naming no bet (yet) is kept, so the
      // late bet is void when it comes.
      const reversible = bet && betIsOurs && bet.moved && !look.o_reversed;
      if (!reversible) return record('RS_OK', false, await answer('RS_OK'), 0n);
      await move('game_rollback', bet.amount, true, { bet: reference }, await bonusShare(bet.amount, bet));
      // A returned stake gives its room back to a loss limit (a wager limit keeps counting it).
      if (session.mode === 'real' && session.userId !== null) await recordSettledReturn(tx, { userId: session.userId, amount: bet.amount, currency: session.currency });
      return record('RS_OK', true, announce('game.rollback', bet.amount, await answer('RS_OK')), bet.amount);
    });
    if (outboxWritten) announceOutboxCommitted();
    return result;
  }

  /**
   * The ordinary bet or win in one statement (wallet_settle, migration 0011, decision 014): a bet
   * of a live session that wins no jackpot, or a win on a bet of the same session. The request is
   * checked against its session here and its movements prepared (account ids from the ledger's
   * cache, content hashes); the database takes the same locks as the general path and either
   * finds the ordinary case and writes everything the general path would, or answers null having
   * written nothing. Everything else (repeats, rollbacks, refusals, a jackpot win) is decided by
   * the general path in moneyCall.
   */
  async function settleInOneStatement(
    endpoint: Exclude<WalletEndpoint, 'balance'>,
    request: MoneyRequest,
    session: SessionRow,
    context: { hash: string; keys: string[]; reference: string | undefined; plan: RealBetPlan | undefined },
  ): Promise<WalletAnswer | null> {
    const { reference, plan } = context;
    if (endpoint === 'rollback' || (request.currency && request.currency !== session.currency)) return null;
    const amount = request.amount ?? 0n;
    if (endpoint === 'bet' && (amount <= 0n || session.expiresAt <= new Date() || plan?.hits.length)) return null;
    // A real bet feeds the jackpots: without a plan of its shares, only the general path can.
    if (endpoint === 'bet' && session.mode === 'real' && session.userId !== null && deps.onRealBet && !plan) return null;
    if (endpoint === 'win' && !reference) return null;
    const provider = request.provider;
    const currency = session.currency as CurrencyCode;
    const player = { player: playerOf(session), kind: accountOf(session) };
    const toPlayer = endpoint === 'win';
    const move =
      amount > 0n
        ? await ledger.prepare({
            key: `wallet:${provider}:${request.transaction_uuid}`,
            kind: endpoint === 'bet' ? 'game_bet' : 'game_win',
            currency,
            legs: [
              { account: player, amount: toPlayer ? amount : -amount },
              { account: { house: houseOf(session) }, amount: toPlayer ? -amount : amount },
            ],
            metadata: {
              provider,
              transaction: request.transaction_uuid,
              round: request.round_id,
              game: session.game,
              mode: session.mode,
              session: session.id,
              ...(endpoint === 'win' ? { bet: reference } : {}),
            },
          })
        : null;
    let jackpot: { pools: unknown[]; move: PreparedTransfer | null } | null = null;
    if (plan?.pools.length) {
      const total = plan.pools.reduce((sum, pool) => sum + pool.share, 0n);
      const shares = deps.shareTransfer?.({ provider, transactionUuid: request.transaction_uuid, game: session.game, currency }, total) ?? null;
      jackpot = {
        pools: plan.pools.map((pool) => ({ id: pool.id, bps: pool.bps, trigger: pool.trigger.toString(), share: pool.share.toString() })),
        move: shares ? await ledger.prepare(shares) : null,
      };
    }
    const event =
      session.userId === null
        ? null
        : {
            type: endpoint === 'bet' ? 'game.bet' : 'game.win',
            // The statement adds transactionId and balanceAfter.
            payload: eventPayload(request, session, amount, reference),
          };
    const account = move ? move.legs[0].a : await ledger.accountId(player, currency);
    const payload = JSON.stringify({
      locks: context.keys.map((key) => `wallet:${provider}:${key}`),
      provider,
      transaction: request.transaction_uuid,
      reference: reference ?? null,
      endpoint,
      hash: context.hash,
      session: session.id,
      round: request.round_id,
      game: session.game,
      amount: amount.toString(),
      currency,
      user: session.userId,
      // The session-time limit counts from the game session's launch (docs/responsible-gaming.md).
      session_started: session.createdAt.toISOString(),
      account,
      // A real session's answer shows main and bonus money (the account id is cached once known).
      bonus_account: session.mode === 'real' && session.userId !== null ? await ledger.accountId({ player: playerOf(session), kind: 'bonus' }, currency) : null,
      played: endpoint === 'bet' && session.userId !== null,
      move,
      jackpot,
      answer: { status: 'RS_OK', request_uuid: request.request_uuid, user: request.user, currency: session.currency, transaction_uuid: request.transaction_uuid },
      event,
    });
    const settledRow = await settleBatches.settle(payload, account).catch((error: unknown) => {
      // The bet's jackpot shares were written before its movement, which then did not happen:
      // the statement undid them and the general path decides (migration 0026).
      if (pgErrorCode(error) === GENERAL_PATH_DECIDES) return null;
      throw error;
    });
    const settled = (typeof settledRow === 'string' ? JSON.parse(settledRow) : settledRow) as Settled;
    if (!settled) return null;
    if (move) countMovement(move.kind);
    if (jackpot?.move) countMovement(jackpot.move.kind);
    if (settled.outbox) announceOutboxCommitted();
    return settled.answer;
  }

  async function sessionById(tx: Db | Tx, sessionId: number): Promise<SessionRow | null> {
    const [row] = await tx.select().from(gameSessions).where(eq(gameSessions.id, sessionId));
    return row ?? null;
  }

  /**
   * One wallet request from a trusted caller (the HTTP route after the signature check, or an
   * in-house game engine in this process): validates it, finds the session, and decides.
   */
  async function handle(endpoint: WalletEndpoint, body: unknown): Promise<WalletAnswer> {
    if (endpoint === 'balance') return canonical(await decide(endpoint, body));
    // A money call: its latency is the settle figure (docs/observability.md), and it has its span.
    const started = performance.now();
    try {
      return canonical(await inSpan(`wallet ${endpoint}`, { attributes: { 'croupier.wallet.endpoint': endpoint } }, () => decide(endpoint, body)));
    } finally {
      observeSettle(endpoint, performance.now() - started);
    }
  }

  /** The ordinary requests' statements: alone when the wallet is quiet, together under load (settle-batches.ts). */
  const settleBatches = createSettleBatches({
    one: async (payload) => (await preparedRows<{ settled: unknown }>(db, 'wallet_settle', SETTLE_SQL, [payload]))[0]?.settled ?? null,
    many: async (payloads) => {
      const [row] = await preparedRows<{ outcomes: BatchOutcome[] | string }>(db, 'wallet_settle_many', SETTLE_MANY_SQL, [`[${payloads.join(',')}]`]);
      return typeof row.outcomes === 'string' ? JSON.parse(row.outcomes) : row.outcomes;
    },
    slots: deps.settleSlots,
  });

  /**
   * One player's general-path calls take turns in this process, two at a time (player-turns.ts);
   * a guest's by session. The single statements need no turns: they wait in settle-batches.ts,
   * where one player's requests go together in one statement instead of queueing on the row.
   */
  const inTurn = createTurns(2);
  const turnKey = (session: SessionRow) => (session.userId === null ? `s${session.id}` : `u${session.userId}`);

  async function decide(endpoint: WalletEndpoint, body: unknown): Promise<WalletAnswer> {
    const requestUuid = typeof (body as { request_uuid?: unknown })?.request_uuid === 'string' ? (body as { request_uuid: string }).request_uuid.slice(0, 100) : null;
    const parsed = requestSchemas[endpoint].safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(body)'))];
      return fail('RS_ERROR_WRONG_SYNTAX', requestUuid, `Missing or malformed: ${fields.join(', ')}`);
    }
    const request = parsed.data;
    const session = await findSession(request.user);
    if (!session || session.provider !== request.provider) return fail('RS_ERROR_INVALID_TOKEN', request.request_uuid, 'Unknown game session');
    if (request.game && request.game !== session.game) return fail('RS_ERROR_INVALID_GAME', request.request_uuid, `The session is for ${session.game}`);
    if (endpoint === 'balance') return balanceCall(request as BalanceRequest, session);
    if (session.userId !== null) deps.playerWrites?.(session.userId);
    for (let attempt = 1; ; attempt++) {
      try {
        return await moneyCall(endpoint, request as MoneyRequest, session);
      } catch (error) {
        // Locks make these rare; one retry settles a race on an index or a deadlock victim.
        if (attempt < 3 && RETRYABLE.has(pgErrorCode(error) ?? '')) continue;
        throw error;
      }
    }
  }

  /**
   * Known active providers' secrets, kept for a few seconds: every wallet request needs one, and
   * reading the provider row was a round trip per request. Only an active provider with a secret
   * is kept (an unknown name or a refusal is read again each time); a provider deactivated by an
   * operator is refused at most SECRET_CACHE_MS later.
   */
  const SECRET_CACHE_MS = 5_000;
  const secretCache = new Map<string, { at: number; secret: string }>();

  /** The provider's wallet secret (env WALLET_SECRET_<PROVIDER>, or derived for in-house and demo providers). */
  async function providerSecret(provider: string): Promise<string | null> {
    const hit = secretCache.get(provider);
    if (hit && Date.now() - hit.at < SECRET_CACHE_MS) return hit.secret;
    const found = await catalogue.findProvider(provider);
    const secret = found && found.isActive ? deps.secretFor(found) : null;
    if (secret) {
      if (secretCache.size > 1_000) secretCache.clear();
      secretCache.set(provider, { at: Date.now(), secret });
    } else secretCache.delete(provider);
    return secret;
  }

  /**
   * A signed HTTP request of a provider: `POST /platform/wallet/{endpoint}` with the raw JSON body
   * and its X-Signature header. Answers the HTTP status, the JSON body as text, and the signature of
   * that text (with the provider's secret, when the provider is known).
   */
  async function handleHttp(endpoint: WalletEndpoint, raw: string, signature: string | undefined): Promise<{ status: number; text: string; signature?: string }> {
    // `text` is the body as sent: the signature covers exactly these bytes, serialised once.
    const done = (answer: WalletAnswer, secret?: string | null) => {
      const body = canonical(answer);
      const text = JSON.stringify(body);
      return { status: WALLET_STATUSES[body.status], text, signature: secret ? signBody(secret, text) : undefined };
    };
    if (Buffer.byteLength(raw) > MAX_BODY_BYTES) return done(fail('RS_ERROR_WRONG_SYNTAX', null, `The body is larger than ${MAX_BODY_BYTES} bytes`));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return done(fail('RS_ERROR_WRONG_SYNTAX', null, 'The body is not JSON'));
    }
    const provider = (body as { provider?: unknown } | null)?.provider;
    const requestUuid = typeof (body as { request_uuid?: unknown } | null)?.request_uuid === 'string' ? String((body as { request_uuid: string }).request_uuid).slice(0, 100) : null;
    const secret = typeof provider === 'string' && provider.length <= 64 ? await providerSecret(provider) : null;
    if (!secret) return done(fail('RS_ERROR_INVALID_PARTNER', requestUuid, 'Unknown provider'));
    const check = verifySignature(secret, raw, signature);
    if (!check.ok) {
      logger.warn({ provider, endpoint, reason: check.reason }, 'wallet request with a bad signature refused');
      return done(fail('RS_ERROR_INVALID_SIGNATURE', requestUuid, `Signature ${check.reason}`));
    }
    try {
      return done(await handle(endpoint, body), secret);
    } catch (error) {
      logger.error({ err: error, provider, endpoint, requestUuid }, 'wallet request failed');
      return done(fail('RS_ERROR_UNKNOWN', requestUuid, 'Internal error: nothing was recorded, retry later'), secret);
    }
  }

  /** Games a player bet on, latest first (games/getRecent), and how many there are. */
  async function recentGames(userId: number, page: { offset: number; count: number }): Promise<{ rows: Array<{ game: string; lastPlayedAt: Date }>; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ game: playedGames.game, lastPlayedAt: playedGames.lastPlayedAt })
        .from(playedGames)
        .where(eq(playedGames.userId, userId))
        .orderBy(desc(playedGames.lastPlayedAt), desc(playedGames.game))
        .limit(page.count)
        .offset(page.offset),
      db.select({ total: count() }).from(playedGames).where(eq(playedGames.userId, userId)),
    ]);
    return { rows, total };
  }

  /**
   * A player's real-money stakes and returns (wins and rollbacks) from the journal, for
   * responsible gaming: per UTC day since `from` (its first money limit counts the running
   * period), or in total since a time (the reality check's net result).
   */
  const realPlay = {
    async byDay(tx: Db | Tx, userId: number, currencyCode: string, from: Date) {
      const rows = await queryRows<{ day: string; wagered: string; won: string }>(tx, sql`
        select to_char((w.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
               coalesce(sum(w.amount) filter (where w.kind = 'bet'), 0)::text as wagered,
               coalesce(sum(w.amount) filter (where w.kind <> 'bet'), 0)::text as won
        from wallet_transactions w join game_sessions s on s.id = w.session_id
        where s.user_id = ${userId} and s.mode = 'real' and w.currency = ${currencyCode} and w.moved and w.status = 'RS_OK'
          and w.created_at >= ${from.toISOString()}::timestamptz
        group by 1`);
      return rows.map((row) => ({ day: row.day, wagered: BigInt(row.wagered), won: BigInt(row.won) }));
    },
    async since(userId: number, currencyCode: string, since: Date) {
      const rows = await queryRows<{ wagered: string; won: string }>(db, sql`
        select coalesce(sum(w.amount) filter (where w.kind = 'bet'), 0)::text as wagered,
               coalesce(sum(w.amount) filter (where w.kind <> 'bet'), 0)::text as won
        from wallet_transactions w join game_sessions s on s.id = w.session_id
        where s.user_id = ${userId} and s.mode = 'real' and w.currency = ${currencyCode} and w.moved and w.status = 'RS_OK'
          and w.created_at >= ${since.toISOString()}::timestamptz`);
      const row = rows[0];
      return { wagered: BigInt(row?.wagered ?? 0), won: BigInt(row?.won ?? 0) };
    },
  };

  /** The session a token names (the studio checks its owner against the caller), or null. */
  const sessionByToken = (token: string) => findSession(token);

  /** A visitor's guest wallet id, created on first use. */
  const guestIdOf = (visitorId: string) => guestOf(visitorId);

  /**
   * A new token for the owner, game and mode of an earlier session, valid for a minute: lets the
   * platform's own game server settle a round whose player's token it never stored. Only wins and
   * rollbacks should use it (they are accepted on any session of the same owner).
   */
  async function settlementToken(sessionId: number): Promise<string> {
    const earlier = await sessionById(db, sessionId);
    if (!earlier) throw new Error(`No game session ${sessionId}`);
    const token = randomToken(24);
    await db.insert(gameSessions).values({
      tokenHash: sha256(token),
      userId: earlier.userId,
      guestId: earlier.guestId,
      game: earlier.game,
      provider: earlier.provider,
      currency: earlier.currency,
      mode: earlier.mode,
      expiresAt: new Date(Date.now() + 60_000),
    });
    return token;
  }

  return {
    openSession,
    refillFun,
    handle,
    handleHttp,
    recentGames,
    providerSecret,
    sessionByToken,
    guestIdOf,
    settlementToken,
    realPlay,
    /** Single statements sent and the requests they settled (settle-batches.ts): requests / statements is the mean batch. */
    settleFigures: settleBatches.figures,
  };
}

export type Wallet = ReturnType<typeof createWallet>;
