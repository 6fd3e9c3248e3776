import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BET_LIMITS,
  BETTING_LIVE_EVENTS,
  betReturn,
  formatOdds,
  ODDS_SCALE,
  parseOdds,
  type BetErrorCode,
  type BetStatus,
  type BettingBalance,
  type BetView,
  type BetsPage,
  type CashOutOffer,
  type EventClock,
  type OddsChangePolicy,
  type SelectionResult,
  type SlipSelectionView,
} from '../../../contract/betting.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import { queryRows, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import { bettingBetLegs, bettingBets, bettingMarkets, bettingPlayerLimits, bettingSelections } from '../../db/schema/betting.ts';
import type { Ledger } from '../ledger/index.ts';
import { useBettingBonus } from '../promotions/index.ts';
import type { Book, Publish, SelectionDetail } from './book.ts';
import { bettingText } from './texts.ts';

/**
 * Bets: placement, settlement (and re-settlement after a correction), cash-out, and the views.
 *
 * Money (docs/betting.md):
 *   bet:<id>                  player main (or betting_bonus for a free bet) -> house sportsbook_stakes
 *   bet-settle:<id>:<version> house sportsbook_stakes <-> player main / betting_bonus: the difference
 *                             between what the bet should have paid after this settlement and what
 *                             it has paid so far (so a correction moves exactly the difference)
 *   bet-cashout:<id>          house sportsbook_stakes -> player main
 */

/** The cash-out margin: the offer is the bet's fair value now less 5%. */
export const CASH_OUT_MARGIN_PERCENT = 5n;

export type PlaceBetRequest = {
  kind: 'single' | 'accumulator';
  legs: Array<{ selection_id: number; odds: string }>;
  stake: string;
  odds_change: OddsChangePolicy;
  bonus_id?: number;
  request_id: string;
};

/** The responsible-gaming check of a stake, inside the bet's transaction (it throws to refuse). */
export type StakeCheck = (tx: Tx, input: { userId: number; amount: bigint; currency: string; now: Date; locale: LocaleCode }) => Promise<void>;
/** What a settlement paid back, for responsible gaming's loss totals. */
export type ReturnRecorder = (tx: Tx, input: { userId: number; amount: bigint; currency: string; now: Date }) => Promise<void>;

type BetRow = typeof bettingBets.$inferSelect;
type LegRow = typeof bettingBetLegs.$inferSelect;

export function createBets(deps: {
  db: Db;
  ledger: Ledger;
  book: Book;
  publish: Publish;
  playerCurrency: (userId: number) => Promise<string | null>;
  stakeCheck?: StakeCheck;
  recordReturn?: ReturnRecorder;
  outboxCommitted?: () => void;
  /** Told after a bet is placed or cashed out, with its events (the traders' liability screens). */
  onBet?: (eventIds: number[]) => void;
  now?: () => Date;
}) {
  const { db, ledger, book } = deps;
  const now = deps.now ?? (() => new Date());

  const refuse = (locale: LocaleCode, code: BetErrorCode, field: string, details: Record<string, unknown> = {}, values: Record<string, string | number> = {}) => {
    const message = bettingText(locale, code, values);
    return new AppError('InvalidParameterException', message, { fields: { [field]: message }, details: { code, ...details } });
  };

  /**
   * A player's currency, kept per process once they have bet: a player with money can no longer
   * change it (profile's setCurrency refuses once money moved), so it is read once (bounded).
   */
  const currencies = new Map<number, CurrencyCode>();
  async function currencyOf(userId: number): Promise<CurrencyCode> {
    const known = currencies.get(userId);
    if (known) return known;
    const currency = await deps.playerCurrency(userId);
    if (!currency || !isCurrency(currency)) throw new AppError('AuthorizationException', 'No such player');
    return currency;
  }
  const remember = (userId: number, currency: CurrencyCode) => {
    if (currencies.size >= 100_000) currencies.delete(currencies.keys().next().value as number);
    currencies.set(userId, currency);
  };

  const tellPlayer = (bet: Pick<BetRow, 'id' | 'userId' | 'status' | 'paidMain' | 'currency' | 'settlementVersion'>) =>
    void deps
      .publish(`player:${bet.userId}`, {
        type: BETTING_LIVE_EVENTS.bet,
        data: { bet_id: bet.id, status: bet.status, return: bet.status === 'open' ? null : formatMinor(bet.paidMain, bet.currency as CurrencyCode), settlement_version: bet.settlementVersion },
      })
      .catch(() => undefined);

  // --- placement -------------------------------------------------------------------------------

  /**
   * Places one bet. In one transaction: the legs' markets are read in share mode (a concurrent
   * suspension or odds change, which updates those rows, is then wholly before this bet, and is
   * seen, or wholly after it); every leg must be open at odds the slip's policy accepts; the bet
   * and its legs are written with the odds locked; the stake moves under bet:<id>. A repeated
   * request_id answers the first bet.
   */
  async function place(userId: number, input: PlaceBetRequest, locale: LocaleCode): Promise<BetView> {
    const currency = await currencyOf(userId);

    if (input.kind === 'single' ? input.legs.length !== 1 : input.legs.length < BET_LIMITS.minLegs || input.legs.length > BET_LIMITS.maxLegs) {
      throw refuse(locale, 'LEG_COUNT', 'legs', { min_legs: BET_LIMITS.minLegs, max_legs: BET_LIMITS.maxLegs }, { min: BET_LIMITS.minLegs, max: BET_LIMITS.maxLegs });
    }
    const seen = input.legs.map((leg, index) => {
      const odds = parseOdds(leg.odds);
      if (odds === null) throw new AppError('InvalidParameterException', bettingText(locale, 'oddsInvalid'), { fields: { [`legs.${index}.odds`]: bettingText(locale, 'oddsInvalid') } });
      return odds;
    });
    const ids = input.legs.map((leg) => leg.selection_id);
    const duplicate = ids.findIndex((id, index) => ids.indexOf(id) !== index);
    if (duplicate >= 0) throw refuse(locale, 'SAME_EVENT', `legs.${duplicate}.selection_id`);
    const requestedStake = parseMajor(input.stake, currency);
    if (requestedStake === null && input.bonus_id === undefined) {
      throw new AppError('InvalidParameterException', bettingText(locale, 'stakeInvalid'), { fields: { stake: bettingText(locale, 'stakeInvalid') } });
    }

    const at = now();
    let placed: BetRow;
    let placedLegs: LegRow[] = [];
    let details: SelectionDetail[] = [];
    try {
      placed = await db.transaction(async (tx) => {
        // A repeated request answers the first bet (checked first: it may no longer pass the checks).
        // The same round trip reads the player's stake limits set by a trader (none: the book's).
        const [first] = await queryRows<{ replay: number | null; stake_factor: number | null; max_stake: string | null }>(
          tx,
          sql`select (select id from ${bettingBets} where user_id = ${userId}::int and request_id = ${input.request_id}) as replay, l.stake_factor, l.max_stake::text as max_stake
              from (select 1) as one left join ${bettingPlayerLimits} l on l.user_id = ${userId}::int`,
        );
        if (first?.replay !== null && first?.replay !== undefined) throw new ReplayedRequest();
        // The markets in share mode: many bets on one market go together; a change waits for them.
        details = await book.selectionsWithEvents(ids, tx, true);
        const rows = details.map((d) => ({ selection_id: d.selection.id, odds: d.selection.odds, market_id: d.market.id, market_status: d.market.status, event_id: d.event.id, event_status: d.event.status }));
        const locked: number[] = [];
        const changed: Array<{ selection_id: number; odds: string }> = [];
        const events = new Set<number>();
        input.legs.forEach((leg, index) => {
          const row = rows.find((r) => r.selection_id === leg.selection_id);
          const field = `legs.${index}.selection_id`;
          if (!row) throw refuse(locale, 'SELECTION_NOT_FOUND', field, { selection_id: leg.selection_id });
          if (events.has(row.event_id)) throw refuse(locale, 'SAME_EVENT', field, { selection_id: leg.selection_id });
          events.add(row.event_id);
          // Pre-match until the feed turns the event live (its markets are suspended for that moment).
          const takesBets = row.event_status === 'live' || row.event_status === 'scheduled';
          if (row.market_status === 'suspended') throw refuse(locale, 'MARKET_SUSPENDED', field, { selection_id: leg.selection_id });
          if (row.market_status !== 'open' || !takesBets) throw refuse(locale, 'MARKET_CLOSED', field, { selection_id: leg.selection_id });
          const current = Number(row.odds);
          const acceptable = current === seen[index] || input.odds_change === 'any' || (input.odds_change === 'higher' && current > seen[index]);
          if (!acceptable) changed.push({ selection_id: leg.selection_id, odds: formatOdds(current) });
          locked.push(current);
        });
        if (changed.length) {
          const first = input.legs.findIndex((leg) => leg.selection_id === changed[0].selection_id);
          throw refuse(locale, 'ODDS_CHANGED', `legs.${first}.odds`, { legs: changed });
        }

        const bonus = input.bonus_id === undefined ? null : await useBettingBonus(tx, { userId, bonusId: input.bonus_id, currency, now: at, reason: `used on a bet (${input.request_id})` });
        if (input.bonus_id !== undefined && !bonus) throw refuse(locale, 'BONUS_NOT_USABLE', 'bonus_id');
        const freeBet = bonus?.kind === 'free_bet';
        const stake = freeBet ? bonus.amount : requestedStake;
        if (stake === null) throw new AppError('InvalidParameterException', bettingText(locale, 'stakeInvalid'), { fields: { stake: bettingText(locale, 'stakeInvalid') } });
        const boostPercent = bonus?.kind === 'odds_boost' ? bonus.boostPercent : 0;
        // A free bet's amount is the promotion's, not the player's choice: the player's own limits do not apply.
        checkStake(locale, currency, stake, locked, boostPercent, freeBet, freeBet ? BET_LIMITS.maxStake : playerMaxStake(first?.stake_factor ?? null, first?.max_stake ?? null));
        if (!freeBet) await deps.stakeCheck?.(tx, { userId, amount: stake, currency, now: at, locale });

        // The bet and its legs in one statement (a racing twin of this request finds the unique index).
        const legValues = input.legs.map((leg, index) => {
          const row = rows.find((r) => r.selection_id === leg.selection_id)!;
          return sql`(${index}::int, ${leg.selection_id}::int, ${row.market_id}::int, ${row.event_id}::int, ${locked[index]}::int)`;
        });
        const [inserted] = await queryRows<{ id: number; placed_at: Date | string }>(
          tx,
          sql`with bet as (
                insert into ${bettingBets} (user_id, request_id, kind, currency, stake, funding, bonus_id, boost_percent, status, placed_at)
                values (${userId}::int, ${input.request_id}, ${input.kind}, ${currency}, ${stake.toString()}::bigint, ${freeBet ? 'free_bet' : 'cash'}, ${bonus?.bonusId ?? null}::int, ${boostPercent}::int, 'open', ${at.toISOString()}::timestamptz)
                on conflict do nothing returning id, placed_at),
              legs as (
                insert into ${bettingBetLegs} (bet_id, position, selection_id, market_id, event_id, odds)
                select bet.id, l.position, l.selection_id, l.market_id, l.event_id, l.odds
                from bet, (values ${sql.join(legValues, sql`, `)}) as l(position, selection_id, market_id, event_id, odds))
              select id, placed_at from bet`,
        );
        if (!inserted) throw new ReplayedRequest();
        const bet: BetRow = {
          id: Number(inserted.id),
          userId,
          requestId: input.request_id,
          kind: input.kind,
          currency,
          stake,
          funding: freeBet ? 'free_bet' : 'cash',
          bonusId: bonus?.bonusId ?? null,
          boostPercent,
          status: 'open',
          paidMain: 0n,
          paidBonus: 0n,
          settlementVersion: 0,
          placedAt: new Date(inserted.placed_at),
          settledAt: null,
        };
        placedLegs = input.legs.map((leg, index) => {
          const row = rows.find((r) => r.selection_id === leg.selection_id)!;
          return { betId: bet.id, position: index, selectionId: leg.selection_id, marketId: row.market_id, eventId: row.event_id, odds: locked[index] };
        });
        const account = freeBet ? ('betting_bonus' as const) : ('main' as const);
        const moved = await ledger.transfer(
          {
            key: `bet:${bet.id}`,
            kind: 'sportsbook_bet',
            currency,
            legs: [
              { account: { player: userId, kind: account }, amount: -stake },
              { account: { house: 'sportsbook_stakes' }, amount: stake },
            ],
            metadata: { bet: bet.id },
            insufficientFunds: () => refuse(locale, freeBet ? 'BONUS_NOT_USABLE' : 'INSUFFICIENT_FUNDS', freeBet ? 'bonus_id' : 'stake'),
          },
          tx,
        );
        await writeOutboxEvent(tx, {
          type: 'betting.bet',
          userId,
          payload: {
            transactionId: moved.transactionId,
            currency,
            amount: stake.toString(),
            account,
            balanceAfter: (moved.balanceAfter(userId, account) ?? 0n).toString(),
            bet: String(bet.id),
            kind: input.kind,
            funding: bet.funding,
            events: [...events],
          },
        });
        return bet;
      });
    } catch (error) {
      if (error instanceof ReplayedRequest) return (await views([(await betByRequest(userId, input.request_id))!], locale))[0];
      throw error;
    }
    remember(userId, currency);
    deps.outboxCommitted?.();
    tellPlayer(placed);
    deps.onBet?.([...new Set(placedLegs.map((leg) => leg.eventId))]);
    // The view from what the transaction read: no second read of what was just written.
    return viewsOf([placed], placedLegs, details, locale)[0];
  }

  /**
   * The most this player may stake on one bet: the book's maximum (the same for every market) times
   * the trader's stake factor, and at most the trader's maximum stake for them.
   */
  function playerMaxStake(stakeFactor: number | null, maxStake: string | null): bigint {
    const byFactor = stakeFactor === null ? BET_LIMITS.maxStake : (BET_LIMITS.maxStake * BigInt(stakeFactor)) / 1000n;
    const own = maxStake === null ? null : BigInt(maxStake);
    return own !== null && own < byFactor ? own : byFactor;
  }

  function checkStake(locale: LocaleCode, currency: CurrencyCode, stake: bigint, odds: number[], boostPercent: number, freeBet: boolean, maxStake: bigint) {
    if (stake < BET_LIMITS.minStake) {
      const amount = formatMinor(BET_LIMITS.minStake, currency);
      throw refuse(locale, 'STAKE_TOO_LOW', 'stake', { min_stake: amount }, { amount });
    }
    const potential = betReturn({ stake, legs: odds.map((value) => ({ odds: value, result: null })), boostPercent, freeBet });
    if (stake > maxStake || potential > BET_LIMITS.maxReturn) {
      // The largest stake whose return stays within the limit (at most maxStake).
      const product = odds.reduce((acc, value) => acc * BigInt(value), 1n);
      const scale = BigInt(ODDS_SCALE) ** BigInt(odds.length);
      const byReturn = (BET_LIMITS.maxReturn * scale * 100n) / (product * BigInt(100 + boostPercent));
      const max = byReturn < maxStake ? byReturn : maxStake;
      const amount = formatMinor(max, currency);
      throw refuse(locale, 'STAKE_TOO_HIGH', 'stake', { max_stake: amount }, { amount });
    }
  }

  const betByRequest = async (userId: number, requestId: string) =>
    (await db.select().from(bettingBets).where(and(eq(bettingBets.userId, userId), eq(bettingBets.requestId, requestId))))[0] ?? null;

  // --- settlement ------------------------------------------------------------------------------

  /**
   * Where a bet stands from its legs' results: any leg lost settles it lost at once; otherwise it
   * is settled once every leg has a result. Targets are what it should have paid in all: to main,
   * and (a void free bet's stake) back to the betting bonus balance.
   */
  function outcome(bet: BetRow, legs: Array<{ odds: number; result: SelectionResult | null }>): { status: BetStatus; main: bigint; bonus: bigint } {
    if (legs.some((leg) => leg.result === 'lost')) return { status: 'lost', main: 0n, bonus: 0n };
    if (legs.some((leg) => leg.result === null)) return { status: 'open', main: 0n, bonus: 0n };
    const freeBet = bet.funding === 'free_bet';
    const main = betReturn({ stake: bet.stake, legs, boostPercent: bet.boostPercent, freeBet });
    const allVoid = legs.every((leg) => leg.result === 'void');
    const bonus = freeBet && allVoid ? bet.stake : 0n;
    let status: BetStatus;
    if (allVoid) status = 'void';
    else if (bet.kind === 'single' && legs[0].result === 'half_won') status = 'half_won';
    else if (bet.kind === 'single' && legs[0].result === 'half_lost') status = 'half_lost';
    else status = main > 0n || !freeBet ? 'won' : 'lost';
    return { status, main, bonus };
  }

  /**
   * Settles one bet from its legs' current results, under the bet's row lock. What it should
   * have paid is compared with what it has paid: nothing to do (a repeat) moves nothing; a
   * difference (a first settlement, or a correction either way) moves exactly that under the
   * next settlement version's key. Cashed-out bets are final.
   */
  async function settleBet(betId: number): Promise<'unchanged' | 'settled'> {
    const result = await db.transaction(async (tx) => {
      const [bet] = await tx.select().from(bettingBets).where(eq(bettingBets.id, betId)).for('update');
      if (!bet || bet.status === 'cashed_out') return null;
      const legs = await tx
        .select({ odds: bettingBetLegs.odds, result: bettingSelections.result })
        .from(bettingBetLegs)
        .innerJoin(bettingSelections, eq(bettingSelections.id, bettingBetLegs.selectionId))
        .where(eq(bettingBetLegs.betId, bet.id))
        .orderBy(asc(bettingBetLegs.position));
      const target = outcome(bet, legs);
      const deltaMain = target.main - bet.paidMain;
      const deltaBonus = target.bonus - bet.paidBonus;
      if (target.status === bet.status && deltaMain === 0n && deltaBonus === 0n) return null;
      const version = bet.settlementVersion + 1;
      const currency = bet.currency as CurrencyCode;
      let transactionId: number | null = null;
      let balanceAfter: bigint | undefined;
      if (deltaMain !== 0n || deltaBonus !== 0n) {
        const playerLegs = [
          ...(deltaMain !== 0n ? [{ account: { player: bet.userId, kind: 'main' as const }, amount: deltaMain }] : []),
          ...(deltaBonus !== 0n ? [{ account: { player: bet.userId, kind: 'betting_bonus' as const }, amount: deltaBonus }] : []),
        ];
        const moved = await ledger.transfer(
          {
            key: `bet-settle:${bet.id}:${version}`,
            kind: version === 1 ? 'sportsbook_settle' : 'sportsbook_resettle',
            currency,
            legs: [...playerLegs, { account: { house: 'sportsbook_stakes' }, amount: -(deltaMain + deltaBonus) }],
            metadata: { bet: bet.id, version, status: target.status },
          },
          tx,
        );
        transactionId = moved.transactionId;
        balanceAfter = moved.balanceAfter(bet.userId, deltaMain !== 0n ? 'main' : 'betting_bonus');
        if (deltaMain > 0n) await deps.recordReturn?.(tx, { userId: bet.userId, amount: deltaMain, currency, now: now() });
      }
      const [row] = await tx
        .update(bettingBets)
        .set({ status: target.status, paidMain: target.main, paidBonus: target.bonus, settlementVersion: version, settledAt: target.status === 'open' ? null : now() })
        .where(eq(bettingBets.id, bet.id))
        .returning();
      await writeOutboxEvent(tx, {
        type: 'betting.settled',
        userId: bet.userId,
        payload: {
          transactionId,
          currency,
          amount: (deltaMain < 0n ? -deltaMain : deltaMain).toString(),
          direction: deltaMain < 0n ? 'debit' : 'credit',
          account: deltaMain !== 0n || deltaBonus === 0n ? 'main' : 'betting_bonus',
          ...(balanceAfter !== undefined ? { balanceAfter: balanceAfter.toString() } : {}),
          bet: String(bet.id),
          status: target.status,
          version,
          return: target.main.toString(),
        },
      });
      return row;
    });
    if (!result) return 'unchanged';
    deps.outboxCommitted?.();
    tellPlayer(result);
    return 'settled';
  }

  /**
   * Settles every bet with a leg on an event or on one market (after its results were published
   * or corrected). One bet that cannot be settled (a correction taking back more than the player
   * holds) does not hold back the others: it is listed in `failed` and keeps its settlement.
   */
  async function settleBetsOn(where: { eventId: number } | { marketId: number }): Promise<{ bets: number; settled: number; failed: Array<{ bet_id: number; reason: string }> }> {
    const rows = await db
      .selectDistinct({ betId: bettingBetLegs.betId })
      .from(bettingBetLegs)
      .where('eventId' in where ? eq(bettingBetLegs.eventId, where.eventId) : eq(bettingBetLegs.marketId, where.marketId))
      .orderBy(asc(bettingBetLegs.betId));
    let settled = 0;
    const failed: Array<{ bet_id: number; reason: string }> = [];
    for (const row of rows) {
      try {
        if ((await settleBet(row.betId)) === 'settled') settled += 1;
      } catch (error) {
        failed.push({ bet_id: row.betId, reason: (error as Error).message });
      }
    }
    return { bets: rows.length, settled, failed };
  }

  /** Settles every bet with a leg on an event; the caller hears of bets not settled (the job fails and retries, ops shows it). */
  async function settleEventBets(eventId: number): Promise<{ bets: number; settled: number }> {
    const { bets, settled, failed } = await settleBetsOn({ eventId });
    if (failed.length) throw new Error(`event ${eventId}: ${failed.length} bet(s) not settled: ${failed.slice(0, 5).map((f) => `bet ${f.bet_id}: ${f.reason}`).join('; ')}`);
    return { bets, settled };
  }

  // --- cash-out --------------------------------------------------------------------------------

  /**
   * The cash-out value of an open cash single (docs/betting.md): stake x locked odds / current
   * odds x (1 - margin), cut to the minor unit. Null when not offered: not a single, a free bet
   * or boosted bet, the market not open, or the leg resulted.
   */
  function cashOutValue(bet: Pick<BetRow, 'kind' | 'status' | 'funding' | 'boostPercent' | 'stake'>, leg: { odds: number; current: number; marketStatus: string; result: SelectionResult | null }): bigint | null {
    if (bet.kind !== 'single' || bet.status !== 'open' || bet.funding !== 'cash' || bet.boostPercent > 0) return null;
    if (leg.marketStatus !== 'open' || leg.result !== null) return null;
    return (bet.stake * BigInt(leg.odds) * (100n - CASH_OUT_MARGIN_PERCENT)) / (BigInt(leg.current) * 100n);
  }

  async function cashOut(userId: number, input: { bet_id: number; amount: string }, locale: LocaleCode): Promise<BetView> {
    const currency = await currencyOf(userId);
    const seenAmount = parseMajor(input.amount, currency);
    if (seenAmount === null) throw new AppError('InvalidParameterException', bettingText(locale, 'stakeInvalid'), { fields: { amount: bettingText(locale, 'stakeInvalid') } });
    const row = await db.transaction(async (tx) => {
      const [leg] = await tx.select().from(bettingBetLegs).where(and(eq(bettingBetLegs.betId, input.bet_id), eq(bettingBetLegs.position, 0)));
      if (!leg) throw refuse(locale, 'BET_NOT_FOUND', 'bet_id');
      // Market first (share), then the bet: the same order as settlement's market then bet.
      const [market] = await tx.select().from(bettingMarkets).where(eq(bettingMarkets.id, leg.marketId)).for('share');
      const [bet] = await tx.select().from(bettingBets).where(eq(bettingBets.id, input.bet_id)).for('update');
      if (!bet || bet.userId !== userId) throw refuse(locale, 'BET_NOT_FOUND', 'bet_id');
      const [selection] = await tx.select().from(bettingSelections).where(eq(bettingSelections.id, leg.selectionId));
      const value = cashOutValue(bet, { odds: leg.odds, current: selection.odds, marketStatus: market.status, result: selection.result });
      if (value === null || value <= 0n) throw refuse(locale, 'CASHOUT_UNAVAILABLE', 'bet_id');
      if (value !== seenAmount) throw refuse(locale, 'CASHOUT_CHANGED', 'amount', { amount: formatMinor(value, currency) });
      const moved = await ledger.transfer(
        {
          key: `bet-cashout:${bet.id}`,
          kind: 'sportsbook_cashout',
          currency,
          legs: [
            { account: { house: 'sportsbook_stakes' }, amount: -value },
            { account: { player: userId, kind: 'main' }, amount: value },
          ],
          metadata: { bet: bet.id, odds: selection.odds },
        },
        tx,
      );
      await deps.recordReturn?.(tx, { userId, amount: value, currency, now: now() });
      const [updated] = await tx
        .update(bettingBets)
        .set({ status: 'cashed_out', paidMain: value, settlementVersion: bet.settlementVersion + 1, settledAt: now() })
        .where(eq(bettingBets.id, bet.id))
        .returning();
      await writeOutboxEvent(tx, {
        type: 'betting.settled',
        userId,
        payload: {
          transactionId: moved.transactionId,
          currency,
          amount: value.toString(),
          direction: 'credit',
          account: 'main',
          balanceAfter: (moved.balanceAfter(userId, 'main') ?? 0n).toString(),
          bet: String(bet.id),
          status: 'cashed_out',
          version: updated.settlementVersion,
          return: value.toString(),
        },
      });
      return updated;
    });
    deps.outboxCommitted?.();
    tellPlayer(row);
    deps.onBet?.([(await db.select({ eventId: bettingBetLegs.eventId }).from(bettingBetLegs).where(eq(bettingBetLegs.betId, row.id)))[0]?.eventId].filter((id): id is number => id !== undefined));
    return (await views([row], locale))[0];
  }

  // --- views -----------------------------------------------------------------------------------

  async function views(bets: BetRow[], locale: LocaleCode): Promise<BetView[]> {
    if (!bets.length) return [];
    const legs: LegRow[] = await db
      .select()
      .from(bettingBetLegs)
      .where(inArray(bettingBetLegs.betId, bets.map((bet) => bet.id)))
      .orderBy(asc(bettingBetLegs.betId), asc(bettingBetLegs.position));
    const details = await book.selectionsWithEvents([...new Set(legs.map((leg) => leg.selectionId))]);
    return viewsOf(bets, legs, details, locale);
  }

  function viewsOf(bets: BetRow[], legs: LegRow[], details: SelectionDetail[], locale: LocaleCode): BetView[] {
    return bets.map((bet) => {
      const currency = bet.currency as CurrencyCode;
      const own = legs.filter((leg) => leg.betId === bet.id);
      const legViews = own.map((leg) => {
        const d = details.find((row) => row.selection.id === leg.selectionId)!;
        const market = book.marketView(locale, d.event, d.market, [d.selection]);
        return {
          selection_id: leg.selectionId,
          market_id: leg.marketId,
          event_id: leg.eventId,
          sport: d.event.sport,
          competition: d.competition.name,
          event_name: `${d.event.home} v ${d.event.away}`,
          starts_at: d.event.startsAt.toISOString(),
          event_status: d.event.status,
          score: book.scoreOf(d.event),
          market_type: d.market.type,
          market_name: market.name,
          selection_name: market.selections[0].name,
          odds: formatOdds(leg.odds),
          result: d.selection.result,
          clock: d.event.status === 'live' ? ((d.event.clock as EventClock | null) ?? null) : null,
          current: { odds: d.selection.odds, marketStatus: d.market.status },
        };
      });
      const oddsList = own.map((leg) => leg.odds);
      const potential = bet.status === 'open' ? betReturn({ stake: bet.stake, legs: oddsList.map((odds) => ({ odds, result: null })), boostPercent: bet.boostPercent, freeBet: bet.funding === 'free_bet' }) : bet.paidMain;
      let cashOutOffer: CashOutOffer | null = null;
      if (bet.kind === 'single' && bet.status === 'open' && legViews[0]) {
        const value = cashOutValue(bet, { odds: oddsList[0], current: legViews[0].current.odds, marketStatus: legViews[0].current.marketStatus, result: legViews[0].result });
        cashOutOffer = { available: value !== null && value > 0n, amount: value !== null && value > 0n ? formatMinor(value, currency) : null };
      }
      const bonusKind = bet.bonusId === null ? null : bet.funding === 'free_bet' ? 'free_bet' : 'odds_boost';
      return {
        id: bet.id,
        kind: bet.kind,
        status: bet.status,
        currency,
        stake: formatMinor(bet.stake, currency),
        odds: boostedOdds(oddsList, bet.boostPercent),
        funding: bet.funding,
        bonus: bonusKind ? { id: bet.bonusId!, kind: bonusKind, boost_percent: bonusKind === 'odds_boost' ? bet.boostPercent : null } : null,
        potential_return: formatMinor(potential, currency),
        return: bet.status === 'open' ? null : formatMinor(bet.paidMain, currency),
        legs: legViews.map(({ current: _current, clock: _clock, ...leg }) => leg),
        cash_out: cashOutOffer,
        placed_at: bet.placedAt.toISOString(),
        settled_at: bet.settledAt?.toISOString() ?? null,
        settlement_version: bet.settlementVersion,
      } satisfies BetView;
    });
  }

  /** The combined locked odds shown on a bet: the product, boosted on its winnings part, cut to thousandths. */
  function boostedOdds(odds: number[], boostPercent: number): string {
    const scale = BigInt(ODDS_SCALE);
    let product = 1n;
    for (const value of odds) product *= BigInt(value);
    let thousandths = product / scale ** BigInt(Math.max(odds.length - 1, 0));
    if (boostPercent > 0) thousandths += ((thousandths - scale) * BigInt(boostPercent)) / 100n;
    return formatOdds(Number(thousandths));
  }

  async function list(userId: number, query: { status: 'open' | 'settled' | 'all'; offset: number; count: number }, locale: LocaleCode): Promise<BetsPage> {
    const where = and(
      eq(bettingBets.userId, userId),
      query.status === 'open' ? eq(bettingBets.status, 'open') : query.status === 'settled' ? sql`${bettingBets.status} <> 'open'` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(bettingBets).where(where).orderBy(desc(bettingBets.placedAt), desc(bettingBets.id)).limit(query.count).offset(query.offset),
      db.select({ total: count() }).from(bettingBets).where(where),
    ]);
    return { items: await views(rows, locale), total: total.total };
  }

  async function get(userId: number, id: number, locale: LocaleCode): Promise<BetView> {
    const [row] = await db.select().from(bettingBets).where(and(eq(bettingBets.id, id), eq(bettingBets.userId, userId)));
    if (!row) throw refuse(locale, 'BET_NOT_FOUND', 'id');
    return (await views([row], locale))[0];
  }

  async function balance(userId: number): Promise<BettingBalance> {
    const currency = await currencyOf(userId);
    const balances = await ledger.balances(userId, currency);
    return { currency, main: formatMinor(balances.main, currency), betting_bonus: formatMinor(balances.betting_bonus, currency), total: formatMinor(balances.main + balances.betting_bonus, currency) };
  }

  async function slip(ids: number[], locale: LocaleCode): Promise<{ items: SlipSelectionView[] }> {
    const rows = await book.selectionsWithEvents(ids);
    const markets = rows.length ? await db.select().from(bettingSelections).where(inArray(bettingSelections.marketId, [...new Set(rows.map((row) => row.market.id))])).orderBy(asc(bettingSelections.id)) : [];
    return {
      items: ids.flatMap((id) => {
        const row = rows.find((r) => r.selection.id === id);
        if (!row) return [];
        const takesBets = row.event.status === 'live' || row.event.status === 'scheduled';
        return [
          {
            selection_id: id,
            odds: formatOdds(row.selection.odds),
            market_status: row.market.status,
            available: row.market.status === 'open' && takesBets,
            market: book.marketView(locale, row.event, row.market, markets),
            event: {
              id: row.event.id,
              sport: row.event.sport,
              home: row.event.home,
              away: row.event.away,
              starts_at: row.event.startsAt.toISOString(),
              status: row.event.status,
              score: book.scoreOf(row.event),
              clock: row.event.status === 'live' ? ((row.event.clock as EventClock | null) ?? null) : null,
            },
          },
        ];
      }),
    };
  }

  return { place, settleBet, settleEventBets, settleBetsOn, cashOut, list, get, balance, slip, outcome, views };
}

/** A concurrent request with the same request_id committed first: answer its bet. */
class ReplayedRequest extends Error {}

export type Bets = ReturnType<typeof createBets>;
