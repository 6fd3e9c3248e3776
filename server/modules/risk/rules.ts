import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RiskRuleId, RiskThresholdField } from '../../../contract/risk.ts';
import { queryRows, type Tx } from '../../platform/db/database.ts';
import type { OutboxEvent, OutboxEventType } from '../../platform/events/outbox.ts';
import { playersOnDevice, playersSeenAt, playersSharingPostalAddress } from '../accounts/index.ts';
import { declaredRtpsOf } from '../catalogue/index.ts';
import { realStakesSince } from '../ledger/index.ts';
import { offersTakenBy, playersDepositingFrom, playersSharingRequisites } from '../payments/index.ts';
import { welcomeOffersAmong } from '../promotions/index.ts';
import { rtpWatchLine } from '../reports/index.ts';
import { selfExcludedAmong } from '../responsible-gaming/index.ts';
import { roundSumsByGame } from '../wallet/index.ts';

/**
 * The risk rules (docs/risk.md). Each is data the operator tunes (enabled, thresholds checked by
 * the rule's own schema) and code that looks at one outbox event: it answers what it found, each
 * finding keyed by the fact that triggered it (a deposit's id, a pair of players), so the alert is
 * raised once however often the event is delivered or the rule looks again. Every read goes
 * through the job's transaction (docs/events.md: never `db` inside a handler): the owning
 * modules' helpers that take a transaction (ledger stakes, shared requisites, addresses,
 * exclusions), and plain reads of the payments table for the sums and counts of deposits.
 */

export type Finding = { factKey: string; details: Record<string, unknown> };

export type RuleContext = {
  tx: Tx;
  event: OutboxEvent;
  userId: number;
  now: Date;
  /** Minor units of `currency` in euros (the site's reference rates, docs/risk.md). */
  toEur(amount: bigint, currency: string): number;
};

export type RuleDefinition<T extends Record<string, number | boolean> = Record<string, number | boolean>> = {
  id: RiskRuleId;
  events: readonly OutboxEventType[];
  schema: z.ZodType<T>;
  defaults: T;
  fields: RiskThresholdField[];
  evaluate(context: RuleContext, thresholds: T): Promise<Finding[]>;
};

const eur = (value: number) => Math.round(value * 100) / 100;
const payload = (event: OutboxEvent) => event.payload as Record<string, unknown>;

type PaymentFact = {
  id: number;
  public_id: string;
  amount: string;
  currency: string;
  created_at: Date | string;
  requisites: Record<string, string> | string;
  campaign_offer_id: number;
  device_id: string | null;
};

async function paymentOf(tx: Tx, id: unknown): Promise<PaymentFact | null> {
  if (typeof id !== 'number') return null;
  const [row] = await queryRows<PaymentFact>(
    tx,
    sql`select id, public_id, amount::text as amount, currency, created_at, requisites, campaign_offer_id, device_id from payments where id = ${id}`,
  );
  return row ?? null;
}

/**
 * The device fingerprint an event carries (docs/devices.md): the sign-up's, or the one the deposit
 * was asked from. Null when the browser sent none: the device rules then have nothing to look at.
 */
async function deviceOf(tx: Tx, event: OutboxEvent): Promise<string | null> {
  if (event.type === 'account.signed_up') return typeof payload(event).device_id === 'string' ? (payload(event).device_id as string) : null;
  if (event.type === 'cashier.deposit') return (await paymentOf(tx, payload(event).paymentId))?.device_id ?? null;
  return null;
}

/** Every other player seen with a fingerprint: its sessions, its sign-ups, its deposits. */
async function playersSeenWithDevice(tx: Tx, deviceId: string, except: number): Promise<number[]> {
  const [bySession, byDeposit] = [await playersOnDevice(tx, deviceId, except), await playersDepositingFrom(tx, deviceId, except)];
  return [...new Set([...bySession, ...byDeposit])].sort((a, b) => a - b);
}

// Coerced: the rules screen sends what was typed; an empty field reads as missing (api/validate.ts).
const number = (min: number, max: number, integer = false) => (integer ? z.coerce.number().int().min(min).max(max) : z.coerce.number().min(min).max(max));

/** The threshold of the rules that count accounts sharing something: at least 2, by default `accounts`. */
const accountsThreshold = (accounts: number) => ({
  schema: z.strictObject({ accounts: number(2, 100, true) }),
  defaults: { accounts },
  fields: [{ key: 'accounts', kind: 'number', min: 2, max: 100, integer: true }] satisfies RiskThresholdField[],
});

/** a. One deposit at or above the EU customer due diligence threshold for gambling (AMLD, 2,000 EUR). */
const largeDeposit: RuleDefinition<{ amount_eur: number }> = {
  id: 'large_deposit',
  events: ['cashier.deposit'],
  schema: z.strictObject({ amount_eur: number(1, 10_000_000) }),
  defaults: { amount_eur: 2000 },
  fields: [{ key: 'amount_eur', kind: 'number', min: 1, max: 10_000_000 }],
  async evaluate({ tx, event, toEur }, { amount_eur }) {
    const payment = await paymentOf(tx, payload(event).paymentId);
    if (!payment) return [];
    const value = toEur(BigInt(payment.amount), payment.currency);
    return value >= amount_eur ? [{ factKey: `payment:${payment.id}`, details: { payment: payment.public_id, amount_eur: eur(value), currency: payment.currency, threshold_eur: amount_eur } }] : [];
  },
};

/** b. Deposits over a rolling window above a threshold: raised by the deposit that crosses it. */
const depositsInWindow: RuleDefinition<{ amount_eur: number; days: number }> = {
  id: 'deposits_30d',
  events: ['cashier.deposit'],
  schema: z.strictObject({ amount_eur: number(1, 100_000_000), days: number(1, 365, true) }),
  defaults: { amount_eur: 10_000, days: 30 },
  fields: [
    { key: 'amount_eur', kind: 'number', min: 1, max: 100_000_000 },
    { key: 'days', kind: 'number', min: 1, max: 365, integer: true },
  ],
  async evaluate({ tx, event, userId, toEur }, { amount_eur, days }) {
    const payment = await paymentOf(tx, payload(event).paymentId);
    if (!payment) return [];
    // The window ends at this deposit: later ones (already in when the job runs late) are not counted.
    const at = new Date(payment.created_at);
    const rows = await queryRows<{ id: number; amount: string; currency: string }>(
      tx,
      sql`select id, amount::text as amount, currency from payments
          where user_id = ${userId} and direction = 'deposit' and status = 'success' and id <= ${payment.id}
            and created_at >= ${new Date(at.getTime() - days * 86_400_000).toISOString()}::timestamptz`,
    );
    const total = rows.reduce((sum, row) => sum + toEur(BigInt(row.amount), row.currency), 0);
    const before = total - (rows.some((row) => row.id === payment.id) ? toEur(BigInt(payment.amount), payment.currency) : 0);
    // Only the deposit that takes the sum past the threshold raises it: one alert per crossing.
    if (total < amount_eur || before >= amount_eur) return [];
    return [{ factKey: `payment:${payment.id}`, details: { payment: payment.public_id, total_eur: eur(total), deposits: rows.length, days, threshold_eur: amount_eur } }];
  },
};

/** c. A withdrawal asked for after a deposit that was not played through (wagered less than `multiplier` times it). */
const lowTurnover: RuleDefinition<{ multiplier: number }> = {
  id: 'low_turnover_withdrawal',
  events: ['cashier.withdrawal'],
  schema: z.strictObject({ multiplier: number(0.1, 100) }),
  defaults: { multiplier: 1 },
  fields: [{ key: 'multiplier', kind: 'number', min: 0.1, max: 100 }],
  async evaluate({ tx, event, userId }, { multiplier }) {
    if (payload(event).status !== 'requested') return [];
    const withdrawal = await paymentOf(tx, payload(event).paymentId);
    if (!withdrawal) return [];
    const [deposit] = await queryRows<PaymentFact>(
      tx,
      sql`select id, public_id, amount::text as amount, currency, created_at, requisites from payments
          where user_id = ${userId} and direction = 'deposit' and status = 'success' and currency = ${withdrawal.currency}
            and created_at <= ${new Date(withdrawal.created_at).toISOString()}::timestamptz
          order by created_at desc, id desc limit 1`,
    );
    if (!deposit) return [];
    const staked = await realStakesSince(tx, userId, deposit.currency, new Date(deposit.created_at));
    const needed = (BigInt(deposit.amount) * BigInt(Math.round(multiplier * 100))) / 100n;
    if (staked >= needed) return [];
    return [
      {
        factKey: `payment:${withdrawal.id}`,
        details: { withdrawal: withdrawal.public_id, deposit: deposit.public_id, deposit_amount: deposit.amount, wagered: staked.toString(), currency: deposit.currency, multiplier },
      },
    ];
  },
};

/** d. Many failed deposits in a short window (card testing, a stolen card tried again and again). */
const failedDeposits: RuleDefinition<{ count: number; minutes: number }> = {
  id: 'failed_deposits',
  events: ['cashier.deposit_failed'],
  schema: z.strictObject({ count: number(2, 1000, true), minutes: number(1, 10_080, true) }),
  defaults: { count: 5, minutes: 60 },
  fields: [
    { key: 'count', kind: 'number', min: 2, max: 1000, integer: true },
    { key: 'minutes', kind: 'number', min: 1, max: 10_080, integer: true },
  ],
  async evaluate({ tx, event, userId }, { count, minutes }) {
    const paymentId = Number(payload(event).paymentId);
    if (!Number.isInteger(paymentId)) return [];
    // The window ends at this failure: later ones (already in when the job runs late) are not counted.
    const at = new Date(event.createdAt);
    const [row] = await queryRows<{ failed: number }>(
      tx,
      sql`select count(*)::int as failed from payments
          where user_id = ${userId} and direction = 'deposit' and status = 'failed' and id <= ${paymentId}
            and updated_at >= ${new Date(at.getTime() - minutes * 60_000).toISOString()}::timestamptz`,
    );
    // The failure that brings the count to the threshold raises it; the next ones in the window join it.
    if (Number(row.failed) !== count) return [];
    return [{ factKey: `payment:${paymentId}`, details: { failed: Number(row.failed), minutes, payment: payload(event).payment ?? null } }];
  },
};

/**
 * e. An account linked to a self-excluded player: it signed up from an address the excluded
 * player used, pays with requisites (IBAN, wallet) the excluded player used, or signs up or
 * deposits from a device (fingerprint) the excluded player's browser was seen with. A name or an
 * e-mail domain is too weak a link to act on.
 */
const linkedToExcluded: RuleDefinition<{ by_address: boolean; by_requisites: boolean; by_device: boolean }> = {
  id: 'linked_to_excluded',
  events: ['account.signed_up', 'cashier.deposit', 'cashier.withdrawal'],
  schema: z
    .strictObject({ by_address: z.boolean(), by_requisites: z.boolean(), by_device: z.boolean().default(true) })
    .refine((value) => value.by_address || value.by_requisites || value.by_device, { path: ['by_address'] }),
  defaults: { by_address: true, by_requisites: true, by_device: true },
  fields: [
    { key: 'by_address', kind: 'boolean' },
    { key: 'by_requisites', kind: 'boolean' },
    { key: 'by_device', kind: 'boolean' },
  ],
  async evaluate({ tx, event, userId, now }, { by_address, by_requisites, by_device }) {
    const links: Array<{ player: number; by: 'address' | 'requisites' | 'device'; value: string }> = [];
    if (event.type === 'cashier.withdrawal' && payload(event).status !== 'requested') return [];
    if (event.type === 'account.signed_up') {
      const ip = String(payload(event).ip ?? '');
      if (by_address && ip) for (const player of await playersSeenAt(tx, ip, userId)) links.push({ player, by: 'address', value: ip });
    } else if (by_requisites) {
      for (const [player, values] of await playersSharingRequisites(tx, userId)) links.push({ player, by: 'requisites', value: values[0] ?? '' });
    }
    const device = by_device ? await deviceOf(tx, event) : null;
    if (device) for (const player of await playersSeenWithDevice(tx, device, userId)) links.push({ player, by: 'device', value: device });
    if (!links.length) return [];
    const excluded = new Set(await selfExcludedAmong(tx, [...new Set(links.map((link) => link.player))], now));
    const seen = new Set<number>();
    return links
      .filter((link) => excluded.has(link.player) && !seen.has(link.player) && seen.add(link.player))
      .map((link) => ({ factKey: `${userId}:${link.player}`, details: { excluded_player: link.player, by: link.by, shared: link.value } }));
  },
};

/** f. Limits loosened again and again in a short window (chasing losses). */
const rapidLimitIncreases: RuleDefinition<{ count: number; hours: number }> = {
  id: 'rapid_limit_increases',
  events: ['limits.raised'],
  schema: z.strictObject({ count: number(2, 100, true), hours: number(1, 720, true) }),
  defaults: { count: 3, hours: 24 },
  fields: [
    { key: 'count', kind: 'number', min: 2, max: 100, integer: true },
    { key: 'hours', kind: 'number', min: 1, max: 720, integer: true },
  ],
  async evaluate({ tx, event, userId }, { count, hours }) {
    // The limits keep no history: raises are remembered here (the outbox keeps events a week
    // only). The player's earlier raise events are taken in too, so a job that runs before an
    // earlier event's job still counts it: the count up to this event is exact in any order.
    await tx.execute(sql`insert into risk_limit_raises (event_id, user_id, "limit", at)
      select id, user_id, coalesce(payload ->> 'limit', ''), created_at from outbox_events
      where type = 'limits.raised' and user_id = ${userId} and id <= ${event.id}
      on conflict (event_id) do nothing`);
    const at = new Date(event.createdAt);
    const [row] = await queryRows<{ raises: number; limits: string[] | string }>(
      tx,
      sql`select count(*)::int as raises, array_agg(distinct "limit") as limits from risk_limit_raises
          where user_id = ${userId} and event_id <= ${event.id} and at >= ${new Date(at.getTime() - hours * 3_600_000).toISOString()}::timestamptz`,
    );
    // The raise that brings the count to the threshold raises it; the next ones in the window join it.
    if (Number(row.raises) !== count) return [];
    const limits = Array.isArray(row.limits) ? row.limits : String(row.limits).replace(/[{}"]/g, '').split(',');
    return [{ factKey: `event:${event.id}`, details: { raises: Number(row.raises), hours, limits } }];
  },
};

/** g. Several accounts paying with the same requisites (IBAN, wallet): multi-accounting, mule accounts. */
const sharedRequisites: RuleDefinition<{ accounts: number }> = {
  id: 'shared_requisites',
  events: ['cashier.deposit', 'cashier.withdrawal'],
  ...accountsThreshold(3),
  async evaluate({ tx, event, userId }, { accounts }) {
    if (event.type === 'cashier.withdrawal' && payload(event).status !== 'requested') return [];
    const sharing = await playersSharingRequisites(tx, userId);
    const byValue = new Map<string, number[]>();
    for (const [player, values] of sharing) for (const value of values) byValue.set(value, [...(byValue.get(value) ?? []), player]);
    return [...byValue]
      .filter(([, players]) => players.length + 1 >= accounts)
      .map(([value, players]) => ({ factKey: `${userId}:${value}`, details: { shared: value, players: players.slice(0, 20), accounts: players.length + 1 } }));
  },
};

/**
 * k. Several accounts that gave one postal address (their profile's street line with its postcode
 * or town, compared as `postal_address_key` reads them). Looked at when money moves, a deposit or
 * a withdrawal asked for, since that is when an address matters; once per player and address.
 */
const sharedAddress: RuleDefinition<{ accounts: number }> = {
  id: 'shared_address',
  events: ['cashier.deposit', 'cashier.withdrawal'],
  ...accountsThreshold(3),
  async evaluate({ tx, event, userId }, { accounts }) {
    if (event.type === 'cashier.withdrawal' && payload(event).status !== 'requested') return [];
    const sharing = await playersSharingPostalAddress(tx, userId);
    if (!sharing || sharing.players.length + 1 < accounts) return [];
    return [{ factKey: `${userId}:${sharing.address}`, details: { address: sharing.address, accounts: sharing.players.length + 1, players: sharing.players.slice(0, 20) } }];
  },
};

/**
 * i. Several accounts seen with one device fingerprint (docs/devices.md): sessions opened, a
 * sign-up or deposits asked for from the same browser. Raised at the sign-up or the deposit that
 * brings the count to the threshold or past it, once per player and device.
 */
const sharedDevice: RuleDefinition<{ accounts: number }> = {
  id: 'shared_device',
  events: ['account.signed_up', 'cashier.deposit'],
  ...accountsThreshold(3),
  async evaluate({ tx, event, userId }, { accounts }) {
    const device = await deviceOf(tx, event);
    if (!device) return [];
    const others = await playersSeenWithDevice(tx, device, userId);
    if (others.length + 1 < accounts) return [];
    return [{ factKey: `${userId}:${device}`, details: { device, accounts: others.length + 1, players: others.slice(0, 20) } }];
  },
};

/**
 * j. One welcome offer (a deposit offer for new players only, docs/promotions.md) taken by several
 * accounts from one device: a credited deposit that chose it, asked for from a fingerprint other
 * accounts that chose the same offer were seen with. Raised by the deposit, once per player,
 * offer and device.
 */
const offerPerDevice: RuleDefinition<{ accounts: number }> = {
  id: 'offer_per_device',
  events: ['cashier.deposit'],
  ...accountsThreshold(2),
  async evaluate({ tx, event, userId }, { accounts }) {
    if (payload(event).status !== undefined && payload(event).status !== 'success') return [];
    const payment = await paymentOf(tx, payload(event).paymentId);
    if (!payment?.device_id || payment.campaign_offer_id <= 0) return [];
    const [offer] = await welcomeOffersAmong(tx, [payment.campaign_offer_id]);
    if (offer === undefined) return [];
    const others = await playersSeenWithDevice(tx, payment.device_id, userId);
    const takers = [...(await offersTakenBy(tx, others, [offer])).keys()].sort((a, b) => a - b);
    if (takers.length + 1 < accounts) return [];
    return [
      {
        factKey: `${userId}:${offer}:${payment.device_id}`,
        details: { device: payment.device_id, campaign: offer, payment: payment.public_id, accounts: takers.length + 1, players: takers.slice(0, 20) },
      },
    ];
  },
};

/**
 * h. A withdrawal asked for by a player whose return on a game is far above what the game pays:
 * over the player's real-money rounds of the last `days`, the game's declared RTP is under the
 * low end of the player's measured RTP's 99.9% interval (the RTP watch's estimator, docs/reports.md),
 * with at least `min_rounds` rounds, and the player's return is `margin_points` or more above it
 * (a run of small sure wins, 200 cash-outs at 1.01x, has almost no spread and would otherwise
 * pass as "outside" at 101%). A bug or an exploit in a game, collusion with a provider, or a bot:
 * all show first as one player's return no luck explains. Only winning too much is looked at:
 * losing more than the game's RTP says is the house's expectation, not a risk.
 */
const playerRtpOutlier: RuleDefinition<{ days: number; min_rounds: number; margin_points: number }> = {
  id: 'player_rtp_outlier',
  events: ['cashier.withdrawal'],
  schema: z.strictObject({ days: number(1, 90, true), min_rounds: number(50, 1_000_000, true), margin_points: number(0, 1000) }),
  defaults: { days: 30, min_rounds: 200, margin_points: 5 },
  fields: [
    { key: 'days', kind: 'number', min: 1, max: 90, integer: true },
    { key: 'min_rounds', kind: 'number', min: 50, max: 1_000_000, integer: true },
    { key: 'margin_points', kind: 'number', min: 0, max: 1000 },
  ],
  async evaluate({ tx, event, userId, now }, { days, min_rounds, margin_points }) {
    if (payload(event).status !== 'requested') return [];
    const withdrawal = await paymentOf(tx, payload(event).paymentId);
    if (!withdrawal) return [];
    const sums = await roundSumsByGame(tx, new Date(now.getTime() - days * 86_400_000), { userId });
    if (sums.length === 0) return [];
    const declared = await declaredRtpsOf(tx);
    return sums
      .map((game) => rtpWatchLine(game, days, declared.get(game.game), { minRounds: min_rounds }))
      .filter((line) => line.status === 'outside' && line.declared !== null && line.declared < line.low && line.measured - line.declared >= margin_points)
      .map((line) => ({
        factKey: `payment:${withdrawal.id}:${line.game}:${line.currency}`,
        details: {
          withdrawal: withdrawal.public_id,
          game: line.game,
          name: line.name,
          currency: line.currency,
          rounds: line.rounds,
          declared: line.declared!.toFixed(2),
          measured: line.measured.toFixed(2),
          low: line.low.toFixed(2),
          days,
        },
      }));
  },
};

export const RULES = [largeDeposit, depositsInWindow, lowTurnover, failedDeposits, linkedToExcluded, rapidLimitIncreases, sharedRequisites, playerRtpOutlier, sharedDevice, offerPerDevice, sharedAddress] as unknown as RuleDefinition[];

export const ruleById = (id: string): RuleDefinition | undefined => RULES.find((rule) => rule.id === id);

/** Every event type some rule looks at: the handler's subscription. */
export const RULE_EVENTS = [...new Set(RULES.flatMap((rule) => rule.events))];
