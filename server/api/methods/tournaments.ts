import { z } from 'zod';
import { TOURNAMENT_STATUSES } from '../../../contract/tournaments.ts';
import { defineMethod } from '../types.ts';
import { requireUserId } from './accounts.ts';

const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const MAX_ID = 2_147_483_647;
const tournamentId = z.coerce.number().int().min(1).max(MAX_ID);

export const getTournaments = defineMethod({
  name: 'tournaments/get',
  verb: 'GET',
  auth: false,
  summary: 'Tournaments with their prizes, leaderboard and, for a signed-in player, their place: {items, total}.',
  input: z
    .object({
      ids: z
        .union([z.array(tournamentId), z.string().transform((text, ctx) => {
          const ids = text.split(',').filter(Boolean).map(Number);
          if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) ctx.addIssue({ code: 'custom', message: 'A comma-separated list of tournament ids' });
          return ids;
        })])
        .optional(),
      sysname: sysname.optional(),
      status: z.enum([...TOURNAMENT_STATUSES, 'all']).default('all'),
      offset: z.coerce.number().int().min(0).max(10_000).default(0),
      count: z.coerce.number().int().min(1).max(50).default(20),
    })
    .strip(),
  handler: (input, context) => context.services.tournaments.list(input, context.viewer.userId, context.locale),
});

export const participateTournament = defineMethod({
  name: 'tournaments/participate',
  verb: 'POST',
  auth: true,
  summary: 'Joins a running or upcoming tournament (again: no change, no second buy-in); answers the tournament.',
  input: z.object({ tournament_id: tournamentId }).strip(),
  handler: (input, context) => context.services.tournaments.participate(requireUserId(context), { id: input.tournament_id }, context.locale),
});
