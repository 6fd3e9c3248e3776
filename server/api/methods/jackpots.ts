import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import { LEADERBOARD_PERIODS, LEADERBOARD_SORTS, WINNER_TYPES, type LeaderboardPeriod } from '../../modules/jackpots/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';

const jackpotId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const currency = z.enum(Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]]);
const count = (fallback: number) => z.coerce.number().int().min(1).max(50).default(fallback);

/** The currency asked for, else the signed-in player's account currency, else the default one. */
async function currencyOf(context: ApiContext, asked: CurrencyCode | undefined): Promise<CurrencyCode> {
  if (asked) return asked;
  if (context.viewer.userId !== null) {
    const state = await context.services.accounts.playerState(context.viewer.userId);
    if (isCurrency(state?.currency)) return state.currency;
  }
  return DEFAULT_CURRENCY;
}

export const getJackpots = defineMethod({
  name: 'jackpots/get',
  verb: 'GET',
  auth: false,
  summary: 'The jackpots with their live amounts in one currency: {currency, items, updated_at}; `id` for one jackpot (404 when unknown).',
  input: z.object({ currency: currency.optional(), id: jackpotId.optional() }).strip(),
  handler: async (input, context) => context.services.jackpots.list({ currency: await currencyOf(context, input.currency), id: input.id }, context.locale),
});

export const getJackpotWinners = defineMethod({
  name: 'jackpots/getWinners',
  verb: 'GET',
  auth: false,
  summary: 'Recent winners, newest first, names masked: jackpot wins (default), big real-money wins, or all; `id` narrows to one jackpot.',
  input: z.object({ type: z.enum(WINNER_TYPES).default('jackpot'), id: jackpotId.optional(), count: count(10) }).strip(),
  handler: (input, context) => context.services.jackpots.winners(input, context.locale),
});

export const getLeaderboard = defineMethod({
  name: 'leaderboard/get',
  verb: 'GET',
  auth: false,
  summary: "Each player's best real-money win of the last day, week or month in one currency, by amount or multiplier, names masked.",
  input: z
    .object({
      period: z.enum(Object.keys(LEADERBOARD_PERIODS) as [LeaderboardPeriod, ...LeaderboardPeriod[]]).default('week'),
      by: z.enum(LEADERBOARD_SORTS).default('amount'),
      currency: currency.optional(),
      count: count(10),
    })
    .strip(),
  handler: async (input, context) => context.services.jackpots.leaderboard({ ...input, currency: await currencyOf(context, input.currency) }, context.locale),
});
