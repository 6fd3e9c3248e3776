import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { LocaleCode } from '../../../contract/locales.ts';
import { formatMinor, isCurrency, parseMajor, type CurrencyCode } from '../../../contract/money.ts';
import {
  exclusionEnd,
  LIMIT_COOLING_HOURS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LENGTHS,
  SESSION_LIMIT_MINUTES,
  TIME_OUT_LENGTHS,
  type ExclusionKind,
  type ExclusionView,
  type LimitView,
  type RealityCheckView,
  type ResponsibleGamingView,
  type SelfExclusionLength,
  type TimeOutLength,
} from '../../../contract/responsible-gaming.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { announceOutboxCommitted, writeOutboxEvent } from '../../platform/events/outbox.ts';
import { rgExclusions, rgLimits, rgPlayDays, rgSettings } from '../../db/schema/responsible-gaming.ts';
import { rgText, shownDate } from './texts.ts';
import { createRgOperatorDesk } from './operator.ts';

const COOLING_MS = LIMIT_COOLING_HOURS * 3600 * 1000;
const MAX_MONEY_LIMIT = 1_000_000;

/** A player's real-money play from the wallet: per UTC day since `from`, or in total since a time. */
export type PlayReader = {
  byDay(tx: Db | Tx, userId: number, currency: string, from: Date): Promise<Array<{ day: string; wagered: bigint; won: bigint }>>;
  since(userId: number, currency: string, since: Date): Promise<{ wagered: bigint; won: bigint }>;
};

type LimitRow = typeof rgLimits.$inferSelect;
type Player = { userId: number; currency: string };

/** The first day (UTC, yyyy-mm-dd) of a period holding `now`: the day, its ISO week, its month. */
export function periodStart(period: 'day' | 'week' | 'month', now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (period === 'month') start.setUTCDate(1);
  return start.toISOString().slice(0, 10);
}

/** The first day any period holding `now` needs (a week may start in the month before). */
const trackedFrom = (now: Date) => (periodStart('month', now) < periodStart('week', now) ? periodStart('month', now) : periodStart('week', now));

export function createResponsibleGaming(deps: {
  db: Db;
  play: PlayReader;
  /** Ends every signed-in session of the player (accounts' session store). */
  revokeSessions(tx: Db | Tx, userId: number): Promise<void>;
}) {
  const { db, play } = deps;

  const invalid = (field: string, message: string) => new AppError('InvalidParameterException', message, { fields: { [field]: message } });
  const currencyOf = (currency: string): CurrencyCode => (isCurrency(currency) ? currency : 'EUR');
  const lock = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rg-settings:${userId}`}))`);

  /** The running time-out or self-exclusion of a player at `now`, or null. */
  async function activeExclusion(userId: number, now = new Date(), tx: Db | Tx = db): Promise<ExclusionView | null> {
    const [row] = await tx
      .select()
      .from(rgExclusions)
      .where(and(eq(rgExclusions.userId, userId), gt(rgExclusions.endsAt, now), lte(rgExclusions.startsAt, now)))
      .orderBy(desc(rgExclusions.endsAt))
      .limit(1);
    return row ? { kind: row.kind, length: row.length, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString() } : null;
  }

  /** The typed refusal of sign-in or a deposit during an exclusion (its end date in the message). */
  function exclusionError(exclusion: ExclusionView, locale: LocaleCode): AppError {
    const message = rgText(locale, exclusion.kind, { until: shownDate(exclusion.ends_at) });
    return new AppError('UserExcludedException', message, { details: { limit: exclusion.kind, until: exclusion.ends_at, responsible_gaming: true } });
  }

  /** Throws UserExcludedException while the player is in a time-out or self-exclusion (sign-in, deposits). */
  async function assertNotExcluded(userId: number, locale: LocaleCode, now = new Date()): Promise<void> {
    const exclusion = await activeExclusion(userId, now);
    if (exclusion) throw exclusionError(exclusion, locale);
  }

  /** Whether the player may be sent marketing mail now (never during an exclusion). */
  async function mayReceiveMarketing(userId: number, now = new Date()): Promise<boolean> {
    return (await activeExclusion(userId, now)) === null;
  }

  /** Applies the pending changes whose cooling period is over, and answers the player's limits. */
  async function currentLimits(tx: Db | Tx, userId: number, now: Date): Promise<LimitRow[]> {
    const rows = await tx.select().from(rgLimits).where(eq(rgLimits.userId, userId));
    const due = rows.filter((row) => row.pendingEffectiveAt && row.pendingEffectiveAt <= now);
    for (const row of due) {
      const where = and(eq(rgLimits.userId, userId), eq(rgLimits.kind, row.kind), eq(rgLimits.period, row.period));
      if (row.pendingAmount === null) await tx.delete(rgLimits).where(where);
      else await tx.update(rgLimits).set({ amount: row.pendingAmount, pendingAmount: null, pendingEffectiveAt: null, updatedAt: now }).where(where);
    }
    if (!due.length) return rows;
    return tx.select().from(rgLimits).where(eq(rgLimits.userId, userId));
  }

  /** The page's view: limits with what each period holds, the reality check, the exclusion. */
  async function view(player: Player, now = new Date()): Promise<ResponsibleGamingView> {
    const currency = currencyOf(player.currency);
    const rows = await currentLimits(db, player.userId, now);
    const days = await db
      .select()
      .from(rgPlayDays)
      .where(and(eq(rgPlayDays.userId, player.userId), eq(rgPlayDays.currency, currency), gte(rgPlayDays.day, trackedFrom(now))));
    const order = ['loss', 'wager', 'session'];
    const limits: LimitView[] = rows
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || LIMIT_PERIODS.indexOf(a.period as never) - LIMIT_PERIODS.indexOf(b.period as never))
      .map((row) => {
        const shown = (amount: bigint) => (row.kind === 'session' ? amount.toString() : formatMinor(amount, currency));
        let used: bigint | null = null;
        if (row.kind !== 'session') {
          const from = periodStart(row.period as 'day', now);
          const inPeriod = days.filter((day) => day.day >= from);
          const wagered = inPeriod.reduce((sum, day) => sum + day.wagered, 0n);
          const won = inPeriod.reduce((sum, day) => sum + day.won, 0n);
          used = row.kind === 'wager' ? wagered : wagered - won > 0n ? wagered - won : 0n;
        }
        return {
          kind: row.kind,
          period: row.period,
          amount: shown(row.amount),
          currency,
          used: used === null ? null : formatMinor(used, currency),
          available: used === null ? null : formatMinor(row.amount > used ? row.amount - used : 0n, currency),
          pending: row.pendingEffectiveAt
            ? { amount: row.pendingAmount === null ? null : shown(row.pendingAmount), effective_at: row.pendingEffectiveAt.toISOString() }
            : null,
        };
      });
    const [settings] = await db.select().from(rgSettings).where(eq(rgSettings.userId, player.userId));
    return { currency, limits, reality_check_minutes: settings?.realityCheckMinutes ?? null, exclusion: await activeExclusion(player.userId, now) };
  }

  /**
   * The player's play this month, copied from the wallet into the per-day totals when they set
   * their first money limit: the new limit counts the whole current period, not only what follows.
   */
  async function backfill(tx: Tx, player: Player, currency: CurrencyCode, now: Date) {
    const from = new Date(`${trackedFrom(now)}T00:00:00Z`);
    const rows = await play.byDay(tx, player.userId, currency, from);
    for (const row of rows) {
      await tx
        .insert(rgPlayDays)
        .values({ userId: player.userId, currency, day: row.day, wagered: row.wagered, won: row.won })
        .onConflictDoUpdate({ target: [rgPlayDays.userId, rgPlayDays.currency, rgPlayDays.day], set: { wagered: row.wagered, won: row.won } });
    }
  }

  /**
   * Sets, changes or removes one limit. A new limit or a lower one applies at once; a higher one or
   * a removal waits 24 hours (LIMIT_COOLING_HOURS) as a pending change, which a later stricter
   * change replaces. Money amounts are whole major units; a session limit is minutes.
   * `stricterOnly` (operators, the back office): anything but a new limit or a lower one is
   * refused on `amount`, checked under the player's lock against the limit in force.
   */
  async function setLimit(
    player: Player,
    input: { kind: string; period?: string; amount?: string; remove?: boolean },
    locale: LocaleCode,
    now = new Date(),
    options: { stricterOnly?: boolean } = {},
  ) {
    const currency = currencyOf(player.currency);
    if (!['loss', 'wager', 'session'].includes(input.kind)) throw invalid('kind', rgText(locale, 'badKind'));
    const kind = input.kind as 'loss' | 'wager' | 'session';
    const period = kind === 'session' ? 'session' : input.period;
    if (kind !== 'session' && !LIMIT_PERIODS.includes(period as never)) throw invalid('period', rgText(locale, 'badPeriod'));
    let amount: bigint | null = null;
    if (!input.remove) {
      const text = String(input.amount ?? '').trim();
      if (kind === 'session') {
        const minutes = /^[0-9]{1,5}$/.test(text) ? Number(text) : NaN;
        if (!(minutes >= SESSION_LIMIT_MINUTES.min && minutes <= SESSION_LIMIT_MINUTES.max)) {
          throw invalid('amount', rgText(locale, 'badMinutes', { min: SESSION_LIMIT_MINUTES.min, max: SESSION_LIMIT_MINUTES.max }));
        }
        amount = BigInt(minutes);
      } else {
        const whole = /^[1-9][0-9]{0,6}$/.test(text) ? Number(text) : NaN;
        if (!(whole >= 1 && whole <= MAX_MONEY_LIMIT)) throw invalid('amount', rgText(locale, 'badAmount'));
        amount = parseMajor(text, currency)!;
      }
    }
    await db.transaction(async (tx) => {
      await lock(tx, player.userId);
      const rows = await currentLimits(tx, player.userId, now);
      const current = rows.find((row) => row.kind === kind && row.period === period);
      const where = and(eq(rgLimits.userId, player.userId), eq(rgLimits.kind, kind), eq(rgLimits.period, period as LimitRow['period']));
      if (options.stricterOnly && (amount === null || (current && amount >= current.amount))) {
        const limit = current ? (kind === 'session' ? `${current.amount} min` : formatMinor(current.amount, currency)) : '';
        throw invalid('amount', rgText(locale, 'notStricter', { limit }));
      }
      if (!current) {
        if (amount === null) return;
        if (kind !== 'session' && !rows.some((row) => row.kind !== 'session' && row.currency === currency)) await backfill(tx, player, currency, now);
        await tx.insert(rgLimits).values({ userId: player.userId, kind, period: period as LimitRow['period'], amount, currency, updatedAt: now });
        return;
      }
      if (amount !== null && amount <= current.amount) {
        // Stricter (or the same): at once, and any pending loosening is dropped.
        await tx.update(rgLimits).set({ amount, pendingAmount: null, pendingEffectiveAt: null, updatedAt: now }).where(where);
        return;
      }
      // Looser or removed: only after the cooling period.
      await tx.update(rgLimits).set({ pendingAmount: amount, pendingEffectiveAt: new Date(now.getTime() + COOLING_MS), updatedAt: now }).where(where);
      // Raising limits again and again is a risk signal (docs/risk.md, rapid limit increases).
      await writeOutboxEvent(tx, { type: 'limits.raised', userId: player.userId, payload: { limit: `${kind}:${period}` } });
    });
    announceOutboxCommitted();
    return view(player, now);
  }

  /** Reality-check reminders every 15, 30, 45 or 60 minutes of play, or off (null). Applies at once. */
  async function setRealityCheck(player: Player, minutes: number | null, locale: LocaleCode, now = new Date()) {
    if (minutes !== null && !REALITY_CHECK_MINUTES.includes(minutes as never)) throw invalid('minutes', rgText(locale, 'badInterval'));
    await db
      .insert(rgSettings)
      .values({ userId: player.userId, realityCheckMinutes: minutes, updatedAt: now })
      .onConflictDoUpdate({ target: rgSettings.userId, set: { realityCheckMinutes: minutes, updatedAt: now } });
    return view(player, now);
  }

  /**
   * Starts a time-out (24 h, 7 days, 6 weeks) or a self-exclusion (6 months to 5 years) at once:
   * every session of the player ends, and until it ends sign-in, stakes and deposits are refused
   * and no marketing mail goes out. It cannot be shortened or lifted, by the player or an operator.
   */
  async function exclude(player: Player, input: { kind: string; length: string; confirm?: boolean }, locale: LocaleCode, now = new Date()) {
    const kind = input.kind as ExclusionKind;
    const lengths: readonly string[] = kind === 'time_out' ? TIME_OUT_LENGTHS : kind === 'self_exclusion' ? SELF_EXCLUSION_LENGTHS : [];
    if (!lengths.length) throw invalid('kind', rgText(locale, 'badLength'));
    if (!lengths.includes(input.length)) throw invalid('length', rgText(locale, 'badLength'));
    if (!input.confirm) throw invalid('confirm', rgText(locale, 'confirm'));
    const endsAt = exclusionEnd(input.length as TimeOutLength | SelfExclusionLength, now);
    return db.transaction(async (tx) => {
      await lock(tx, player.userId);
      const running = await activeExclusion(player.userId, now, tx);
      if (running) throw invalid('kind', rgText(locale, 'alreadyExcluded', { until: shownDate(running.ends_at) }));
      await tx.insert(rgExclusions).values({ userId: player.userId, kind, length: input.length, startsAt: now, endsAt });
      await deps.revokeSessions(tx, player.userId);
      return { kind, length: input.length, starts_at: now.toISOString(), ends_at: endsAt.toISOString() } satisfies ExclusionView;
    });
  }

  /** Time played and the net result of real-money play since `since` (the game page's start). */
  async function realityCheck(player: Player, sinceText: string, locale: LocaleCode, now = new Date()): Promise<RealityCheckView> {
    const since = new Date(sinceText);
    if (Number.isNaN(since.getTime()) || since > new Date(now.getTime() + 60_000) || now.getTime() - since.getTime() > 24 * 3600 * 1000) {
      throw invalid('since', rgText(locale, 'badSince'));
    }
    const currency = currencyOf(player.currency);
    const totals = await play.since(player.userId, currency, since);
    return {
      since: since.toISOString(),
      minutes_played: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
      wagered: formatMinor(totals.wagered, currency),
      won: formatMinor(totals.won, currency),
      net: formatMinor(totals.won - totals.wagered, currency),
      currency,
    };
  }

  /** Every exclusion of a player, newest first (operators see them; nobody can lift one). */
  async function exclusionsOf(userId: number) {
    return db.select().from(rgExclusions).where(eq(rgExclusions.userId, userId)).orderBy(desc(rgExclusions.startsAt));
  }

  return {
    view,
    setLimit,
    setRealityCheck,
    exclude,
    activeExclusion,
    assertNotExcluded,
    exclusionError,
    mayReceiveMarketing,
    realityCheck,
    exclusionsOf,
    // The back office's responsible-gaming screen (operator.ts).
    ...createRgOperatorDesk({ db, revokeSessions: deps.revokeSessions, activeExclusion: (userId, now, tx) => activeExclusion(userId, now, tx) }),
  };
}

export type ResponsibleGaming = ReturnType<typeof createResponsibleGaming>;
