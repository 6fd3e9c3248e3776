import { z } from 'zod';
import { TRADING_BET_STATUSES, TRADING_EVENT_FILTERS, type SettleAnswer } from '../../../contract/backoffice-trading.ts';
import { DEFAULT_MARKET_MARGINS, MARGIN_PERCENT_BOUNDS, type MarketMargins } from '../../../contract/betting-margins.ts';
import { MARKET_TYPES, parseOdds, SELECTION_KEYS, SPORTS, type MarketType, type SelectionKey } from '../../../contract/betting.ts';
import { AppError } from '../../platform/errors.ts';
import { defineRead, defineWrite, type Endpoint, type EndpointContext } from '../endpoint.ts';

/**
 * Sportsbook trading (docs/backoffice.md, "Sportsbook trading"): the book with its liability,
 * a market's odds, margin and status, settling, voiding and settling again with the ledger
 * difference previewed, the bet list and a player's stake limits. The betting module's trading
 * face (server/modules/betting/trading.ts) does the work; this file parses, checks and audits.
 */

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const trading = (context: EndpointContext) => context.services.betting.trading;
const invalid = (field: string, message: string, status?: number) => new AppError('InvalidParameterException', message, { fields: { [field]: message }, status });

/** Decimal odds as the site shows them ("2.15"), within the book's range. */
const odds = z
  .string()
  .trim()
  .refine((value) => parseOdds(value) !== null, 'Odds like 2.15, between 1.01 and 1000');
/** A major-unit amount: digits, at most two decimals. */
const amount = z
  .string()
  .trim()
  .regex(/^(0|[1-9][0-9]{0,11})([.][0-9]{1,2})?$/, 'An amount such as 500 or 12.50');
/** Winning selections: a JSON array, or ids separated by commas in a query. */
const winners = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(id).max(10),
);
const settleChoice = { market_id: id, result: z.enum(['winners', 'void']), winners: winners.optional() };
const choiceOf = (input: { result: 'winners' | 'void'; winners?: number[] }) => (input.result === 'void' ? { void: true as const } : { winners: input.winners ?? [] });
/** Dates of the bet list's range: 2026-11-27 or a full ISO time. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'A date like 2026-11-27')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'A date like 2026-11-27');
/** A margin in percent as a trader types it ("5", "7.5"), 0 to the book's bound. */
const marginPercent = z
  .string()
  .trim()
  .regex(/^\d{1,2}([.]\d{1,2})?$/, 'A margin in percent such as 5 or 7.5')
  .refine((value) => Number(value) <= MARGIN_PERCENT_BOUNDS.max, `At most ${MARGIN_PERCENT_BOUNDS.max}%`);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(50);

const listEvents = defineRead({
  name: 'trading/events',
  access: 'trading.read',
  summary:
    'Events with their liability (per currency, the sum of their markets\' worst cases), open bets, markets and how many are suspended: `status` (`open`: scheduled and live, default; live, scheduled, ended, settled, cancelled, all), `sport`, `page`, `limit`: {items, total}. Live first, then by kick-off.',
  input: z.object({ status: z.enum(TRADING_EVENT_FILTERS).default('open'), sport: z.enum(SPORTS).optional(), page, limit }),
  handler: (input, context) => trading(context).events({ status: input.status, sport: input.sport, offset: (input.page - 1) * input.limit, limit: input.limit }),
});

const getEvent = defineRead({
  name: 'trading/event',
  access: 'trading.read',
  summary: "One event (`id`) with every market: status, the trader's hold, pinned odds and margin, the book's margin, selections with odds and results, and each market's liability per currency and selection.",
  input: z.object({ id }),
  handler: async (input, context) => {
    const event = await trading(context).event(input.id, context.locale);
    if (!event) throw invalid('id', `Event ${input.id} not found`, 404);
    return event;
  },
});

const marketStatus = defineWrite({
  name: 'trading/market-status',
  access: 'trading.manage',
  summary:
    'Suspends (`status: suspended`) or reopens (`open`) one market (`market_id`). A suspension holds against the feed until a trader reopens it; a bet racing it is either before it or refused (decision 023). Audited with before and after.',
  input: z.object({ market_id: id, status: z.enum(['open', 'suspended']) }),
  handler: async (input, context) => {
    const { before, after, eventId } = await trading(context).setMarketStatus(input.market_id, input.status);
    return { data: await trading(context).event(eventId, context.locale), audit: { action: `trading.market-${input.status === 'open' ? 'resume' : 'suspend'}`, subject: `market:${input.market_id}`, before, after, details: { event_id: eventId } } };
  },
});

const marketOdds = defineWrite({
  name: 'trading/market-odds',
  access: 'trading.manage',
  summary:
    "Pins a market's odds (`market_id`, `odds`: {selection key: \"2.15\"}): the feed's prices are ignored until `odds: null` gives it back. Each bad price is named (`odds.home`). Audited with before and after.",
  input: z.object({ market_id: id, odds: z.union([z.partialRecord(z.enum(SELECTION_KEYS), odds), z.null()]) }),
  handler: async (input, context) => {
    let thousandths: Partial<Record<SelectionKey, number>> | null = null;
    if (input.odds) {
      const entries = Object.entries(input.odds).filter((entry): entry is [SelectionKey, string] => typeof entry[1] === 'string');
      if (!entries.length) throw invalid('odds', 'Give the odds of at least one selection');
      thousandths = Object.fromEntries(entries.map(([key, value]) => [key, parseOdds(value)!]));
    }
    const { before, after, eventId } = await trading(context).setMarketOdds(input.market_id, thousandths);
    return { data: await trading(context).event(eventId, context.locale), audit: { action: 'trading.market-odds', subject: `market:${input.market_id}`, before, after, details: { event_id: eventId } } };
  },
});

const marketMargin = defineWrite({
  name: 'trading/market-margin',
  access: 'trading.manage',
  summary:
    "Sets a market's margin (`market_id`, `margin` in percent, 0 to 30, e.g. \"7.5\"): its odds are rescaled now so their implied chances sum to 100% + margin, and so is every price the feed sends later. `margin: null` gives the feed's own margin back. Audited.",
  input: z.object({
    market_id: id,
    margin: z.union([marginPercent, z.null()]),
  }),
  handler: async (input, context) => {
    const marginBp = input.margin === null ? null : Math.round(Number(input.margin) * 100);
    const { before, after, eventId } = await trading(context).setMarketMargin(input.market_id, marginBp);
    return { data: await trading(context).event(eventId, context.locale), audit: { action: 'trading.market-margin', subject: `market:${input.market_id}`, before, after, details: { event_id: eventId } } };
  },
});

/** A margin in percent as the screens show it: always two decimals ("5.00"). */
const shownMargins = (margins: MarketMargins) => Object.fromEntries(MARKET_TYPES.map((type) => [type, margins[type].toFixed(2)])) as Record<MarketType, string>;

const getMargins = defineRead({
  name: 'trading/margins',
  access: 'trading.read',
  summary: "The book's margin per market type in percent (`margins`: {1x2, match_winner, total, handicap}: \"5.00\"), and the defaults. The feed prices every market of a type with it; a market's own margin wins.",
  input: z.object({}).strip(),
  handler: async (_input, context) => ({ margins: shownMargins(await context.services.siteSettings.get('bettingMargins')), defaults: shownMargins(DEFAULT_MARKET_MARGINS) }),
});

const setMargins = defineWrite({
  name: 'trading/set-margins',
  access: 'trading.manage',
  summary:
    "Sets the book's margin per market type (`1x2`, `match_winner`, `total`, `handicap`, each in percent such as \"5\" or \"6.5\", 0 to 30): the feed prices with it from its next step (every 10 s), markets with a trader's own margin excepted. Each bad value is named by its type. Audited with before and after.",
  input: z.object(Object.fromEntries(MARKET_TYPES.map((type) => [type, marginPercent])) as Record<MarketType, typeof marginPercent>),
  handler: async (input, context) => {
    const value = Object.fromEntries(MARKET_TYPES.map((type) => [type, Number(input[type])]));
    const { before, after } = await context.services.siteSettings.change('bettingMargins', value);
    const margins = shownMargins(after as MarketMargins);
    return { data: { margins, defaults: shownMargins(DEFAULT_MARKET_MARGINS) }, audit: { action: 'trading.margins', subject: 'setting:bettingMargins', before: { margins: before }, after: { margins: after } } };
  },
});

const settlePreview = defineRead({
  name: 'trading/settle-preview',
  access: 'trading.manage',
  summary:
    "What settling one market would move (nothing is written): `market_id`, `result` (`winners` with `winners`: selection ids, comma-separated; or `void`). Per player and currency the ledger difference (what their bets should have paid with these results less what they have paid: negative takes money back), the totals, and the market's `version` to confirm with.",
  input: z.object(settleChoice),
  handler: (input, context) => trading(context).preview(input.market_id, choiceOf(input), context.locale),
});

const settleMarket = defineWrite({
  name: 'trading/settle',
  access: 'trading.manage',
  summary:
    'Settles, voids or settles again one market (`market_id`, `result`, `winners`, and `version` from the preview): the results under the market\'s lock (refused with 409 on `version` when it changed since the preview), then every bet on it moves exactly its difference through the ledger under `bet-settle:<bet>:<version>`. Answers the figures moved and any bet that could not move (`failed`). Audited as `trading.settle`, `trading.resettle` or `trading.void`.',
  input: z.object({ ...settleChoice, version: id }),
  handler: async (input, context) => {
    const answer = await trading(context).settleMarket(input.market_id, choiceOf(input), input.version, context.locale);
    const { before, resettle, eventId, ...data } = answer;
    const action = input.result === 'void' ? 'trading.void' : resettle ? 'trading.resettle' : 'trading.settle';
    return {
      data: data satisfies SettleAnswer,
      audit: {
        action,
        subject: `market:${input.market_id}`,
        before: { status: before.status },
        after: { results: data.results.map((row) => `${row.name}: ${row.result}`) },
        details: { event_id: eventId, version: data.version, bets: data.bets, settled: data.settled, totals: data.totals, players: data.players.slice(0, 50), failed: data.failed },
      },
    };
  },
});

/** A side's goals in a final score; an empty field is no score (not 0). */
const goals = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(999).optional());
/** A whole event's outcome: its final score, or `void: true` (called off); `void` may come as "true" in a query. */
const eventOutcome = {
  event_id: id,
  void: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean()).optional(),
  home: goals,
  away: goals,
};
function outcomeOf(input: { void?: boolean; home?: number; away?: number }) {
  if (input.void) return { cancelled: true as const };
  if (input.home === undefined || input.away === undefined) throw invalid(input.home === undefined ? 'home' : 'away', 'Give the final score, or call the event off');
  return { score: { home: input.home, away: input.away } };
}

const settleEventPreview = defineRead({
  name: 'trading/settle-event-preview',
  access: 'trading.manage',
  summary:
    "What settling a whole event would move (nothing is written): `event_id` with `home` and `away` (the final score) or `void=true`. Every market resulted as the feed's result would, per player and currency the ledger difference, the totals, and the event's `version` to confirm with.",
  input: z.object(eventOutcome),
  handler: (input, context) => trading(context).previewEvent(input.event_id, outcomeOf(input)),
});

const settleEvent = defineWrite({
  name: 'trading/settle-event',
  access: 'trading.manage',
  summary:
    "Settles a whole event by its final score (`event_id`, `home`, `away`, and `version` from its preview), as the feed's result does: every market resulted, every bet settled by its difference; again with another score is a correction. `void: true` calls the event off (every bet void). Refused with 409 on `version` when the event changed since the preview. Audited.",
  input: z.object({ ...eventOutcome, version: z.coerce.number().int().min(0).max(2_147_483_647) }),
  handler: async (input, context) => {
    const { before, failed } = await trading(context).settleEventByHand(input.event_id, outcomeOf(input), input.version);
    const event = await trading(context).event(input.event_id, context.locale);
    return {
      data: { event, failed },
      audit: { action: input.void ? 'trading.void-event' : 'trading.settle-event', subject: `event:${input.event_id}`, before, after: { status: event?.status, score: event?.score }, details: { version: input.version, failed } },
    };
  },
});

const listBets = defineRead({
  name: 'trading/bets',
  access: 'trading.read',
  summary:
    'Bets newest first, filtered by `event_id`, `market_id`, `status` (open, settled, won, lost, void, cashed_out, all), `user_id`, placed `from`/`to` (dates, `to` inclusive), stake `stake_min`/`stake_max` (major units); `page`, `limit`: {items, total}. Each bet with its player, legs, locked odds, return and settlement version.',
  input: z.object({
    event_id: id.optional(),
    market_id: id.optional(),
    status: z.enum(TRADING_BET_STATUSES).default('all'),
    user_id: id.optional(),
    from: day.optional(),
    to: day.optional(),
    stake_min: amount.optional(),
    stake_max: amount.optional(),
    page,
    limit,
  }),
  handler: async (input, context) => {
    if (input.stake_min && input.stake_max && Number(input.stake_min) > Number(input.stake_max)) throw invalid('stake_max', 'At least the minimum amount');
    const from = input.from ? new Date(input.from) : undefined;
    // A plain date as `to` takes the whole of that day.
    const to = input.to ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(input.to) ? `${input.to}T23:59:59.999Z` : input.to) : undefined;
    if (from && to && from > to) throw invalid('to', 'At least the start date');
    // Stakes compare in minor units; every currency of the book has two decimals.
    const minor = (text?: string) => (text === undefined ? undefined : BigInt(Math.round(Number(text) * 100)));
    return trading(context).betList(
      { event_id: input.event_id, market_id: input.market_id, status: input.status, user_id: input.user_id, from, to, stake_min: minor(input.stake_min), stake_max: minor(input.stake_max), offset: (input.page - 1) * input.limit, limit: input.limit },
      context.locale,
    );
  },
});

const getPlayerLimits = defineRead({
  name: 'trading/player-limits',
  access: 'trading.read',
  summary: "A player's (`user_id`) stake factor, own maximum stake, the book's maximum and what the player may stake at most on one bet.",
  input: z.object({ user_id: id }),
  handler: (input, context) => trading(context).playerLimits(input.user_id),
});

const setPlayerLimits = defineWrite({
  name: 'trading/set-player-limits',
  access: 'trading.manage',
  summary:
    "Sets a player's `stake_factor` (0 to 10, e.g. \"0.25\": a quarter of the book's maximum stake) and `max_stake` (major units, or null: none). From the next bet, a cash bet above either is refused on `stake` (STAKE_TOO_HIGH with the maximum). Audited with before and after.",
  input: z.object({
    user_id: id,
    stake_factor: z
      .string()
      .trim()
      .regex(/^\d{1,2}([.]\d{1,3})?$/, 'A factor such as 1, 0.5 or 0.25')
      .refine((value) => Number(value) <= 10, 'At most 10'),
    max_stake: z.union([amount, z.null()]),
  }),
  handler: async (input, context) => {
    const stakeFactor = Math.round(Number(input.stake_factor) * 1000);
    const maxStake = input.max_stake === null ? null : BigInt(Math.round(Number(input.max_stake) * 100));
    const { before, after } = await trading(context).setPlayerLimits(input.user_id, { stakeFactor, maxStake });
    return {
      data: after,
      audit: {
        action: 'trading.player-limits',
        subject: `player:${input.user_id}`,
        before: { stake_factor: before.stake_factor, max_stake: before.max_stake },
        after: { stake_factor: after.stake_factor, max_stake: after.max_stake },
      },
    };
  },
});

/** The trading screens' endpoints (docs/backoffice.md). */
export const TRADING_ENDPOINTS: Endpoint[] = [listEvents, getEvent, marketStatus, marketOdds, marketMargin, getMargins, setMargins, settlePreview, settleMarket, settleEventPreview, settleEvent, listBets, getPlayerLimits, setPlayerLimits] as Endpoint[];
