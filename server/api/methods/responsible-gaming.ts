import { z } from 'zod';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

/** The signed-in player and their account currency (limits are in it). */
async function player(context: ApiContext) {
  const userId = requireUserId(context);
  const state = await context.services.accounts.playerState(userId);
  return { userId, currency: state?.currency ?? 'EUR' };
}

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const getResponsibleGaming = defineMethod({
  name: 'responsibleGaming/get',
  verb: 'GET',
  auth: true,
  summary: "The player's loss, wager and session-time limits (with what each period holds and pending changes), the reality-check interval and a running exclusion.",
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.responsibleGaming.view(await player(context)),
});

export const setGamingLimit = defineMethod({
  name: 'responsibleGaming/setLimit',
  verb: 'POST',
  auth: true,
  summary: 'Sets, lowers, raises or removes one limit: a lower or new one applies at once, a higher one or a removal after 24 hours.',
  input: z.object({
    kind: z.string().max(16),
    period: z.string().max(16).optional(),
    amount: z.union([z.string().max(16), z.number()]).transform(String).optional(),
    remove: flag.optional(),
  }),
  handler: async (input, context) => context.services.responsibleGaming.setLimit(await player(context), input, context.locale),
});

export const setRealityCheck = defineMethod({
  name: 'responsibleGaming/setRealityCheck',
  verb: 'POST',
  auth: true,
  summary: 'Reality-check reminders every 15, 30, 45 or 60 minutes of play; 0 turns them off. Applies at once.',
  input: z.object({ minutes: z.coerce.number().int().min(0).max(1440) }),
  handler: async (input, context) => context.services.responsibleGaming.setRealityCheck(await player(context), input.minutes === 0 ? null : input.minutes, context.locale),
});

export const excludeSelf = defineMethod({
  name: 'responsibleGaming/exclude',
  verb: 'POST',
  auth: true,
  summary: 'Starts a time-out (24h, 7d, 6w) or a self-exclusion (6m, 1y, 2y, 5y) at once, with confirm=1: signs the player out everywhere; it cannot be undone early.',
  input: z.object({ kind: z.string().max(20), length: z.string().max(4), confirm: flag.optional() }),
  handler: async (input, context) => {
    const exclusion = await context.services.responsibleGaming.exclude(await player(context), input, context.locale);
    context.clearCookie(SESSION_COOKIE);
    return exclusion;
  },
});

export const getRealityCheck = defineMethod({
  name: 'responsibleGaming/realityCheck',
  verb: 'GET',
  auth: true,
  summary: 'Minutes played and the net result of real-money play since `since` (an ISO time within the last 24 hours): what a reality check shows.',
  input: z.object({ since: z.string().max(40) }),
  handler: async (input, context) => context.services.responsibleGaming.realityCheck(await player(context), input.since, context.locale),
});
