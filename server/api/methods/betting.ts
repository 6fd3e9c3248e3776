import { z } from 'zod';
import { BET_KINDS, BET_LIMITS, BETTING_METHODS, ODDS_CHANGE_POLICIES, SPORTS } from '../../../contract/betting.ts';
import { AppError } from '../../platform/errors.ts';
import { defineMethod } from '../types.ts';
import { requireUserId } from './accounts.ts';

/** The sportsbook (docs/betting.md; contract/betting.ts). */

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const offset = z.coerce.number().int().min(0).max(10_000).default(0);
const count = (fallback: number) => z.coerce.number().int().min(1).max(50).default(fallback);
/** A list as `ids[]=1&ids[]=2` or `ids=1,2`. */
const idList = z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : typeof value === 'number' ? [value] : value), z.array(id).min(1).max(BET_LIMITS.maxLegs));

export const getBettingSports = defineMethod({
  name: BETTING_METHODS.sports,
  verb: 'GET',
  auth: false,
  summary: 'The sportsbook\'s sports with how many events are live and upcoming: {items}.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.betting.book.sports(context.locale),
});

export const getBettingEvents = defineMethod({
  name: BETTING_METHODS.events,
  verb: 'GET',
  auth: false,
  summary: 'Events taking bets (live first, then by kick-off) with their main markets, by sport, competition and live/upcoming: {items, total, competitions}.',
  input: z
    .object({ sport: z.enum(SPORTS).optional(), competition_id: id.optional(), when: z.enum(['live', 'upcoming', 'all']).default('all'), offset, count: count(20) })
    .strip(),
  handler: (input, context) => context.services.betting.book.events(input, context.locale),
});

export const getBettingEvent = defineMethod({
  name: BETTING_METHODS.event,
  verb: 'GET',
  auth: false,
  summary: 'One event with all its markets, whatever its status.',
  input: z.object({ id }).strip(),
  handler: async (input, context) => {
    const event = await context.services.betting.book.event(input.id, context.locale);
    if (!event) throw new AppError('InvalidParameterException', 'No such event', { fields: { id: 'No such event' } });
    return event;
  },
});

export const getBettingSlip = defineMethod({
  name: BETTING_METHODS.slip,
  verb: 'GET',
  auth: false,
  summary: 'The bet slip\'s selections now: current odds, market status and whether each takes bets: {items}.',
  input: z.object({ ids: idList }).strip(),
  handler: (input, context) => context.services.betting.bets.slip(input.ids, context.locale),
});

export const placeBet = defineMethod({
  name: BETTING_METHODS.place,
  verb: 'POST',
  auth: true,
  summary: 'Places one bet (a single or an accumulator) at the odds the player saw, under the slip\'s odds-change policy, optionally with a betting bonus; a repeated request_id answers the same bet.',
  input: z
    .object({
      kind: z.enum(BET_KINDS),
      legs: z.array(z.object({ selection_id: id, odds: z.string().max(12) }).strip()).min(1).max(BET_LIMITS.maxLegs),
      stake: z.string().max(20).default(''),
      odds_change: z.enum(ODDS_CHANGE_POLICIES).default('ask'),
      bonus_id: id.optional(),
      request_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    })
    .strip(),
  handler: (input, context) => context.services.betting.bets.place(requireUserId(context), input, context.locale),
});

export const getBets = defineMethod({
  name: BETTING_METHODS.bets,
  verb: 'GET',
  auth: true,
  summary: 'The player\'s bets, newest first: open, settled (won, lost, void, cashed out) or all: {items, total}.',
  input: z.object({ status: z.enum(['open', 'settled', 'all']).default('all'), offset, count: count(20) }).strip(),
  handler: (input, context) => context.services.betting.bets.list(requireUserId(context), input, context.locale),
});

export const getBet = defineMethod({
  name: BETTING_METHODS.bet,
  verb: 'GET',
  auth: true,
  summary: 'One of the player\'s bets with its legs and cash-out offer.',
  input: z.object({ id }).strip(),
  handler: (input, context) => context.services.betting.bets.get(requireUserId(context), input.id, context.locale),
});

export const cashOutBet = defineMethod({
  name: BETTING_METHODS.cashOut,
  verb: 'POST',
  auth: true,
  summary: 'Cashes out an open single at the offer the player saw (amount); a moved offer answers CASHOUT_CHANGED with the new one.',
  input: z.object({ bet_id: id, amount: z.string().max(20) }).strip(),
  handler: (input, context) => context.services.betting.bets.cashOut(requireUserId(context), input, context.locale),
});

export const getBettingBalance = defineMethod({
  name: BETTING_METHODS.balance,
  verb: 'GET',
  auth: true,
  summary: 'The betting balance: main money plus the betting bonus balance (free bets): {currency, main, betting_bonus, total}.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.betting.bets.balance(requireUserId(context)),
});
