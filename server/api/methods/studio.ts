import { z } from 'zod';
import { jsonOrObject } from '../json-field.ts';
import { defineMethod } from '../types.ts';
import type { ApiContext } from '../types.ts';

/**
 * The studio's calls (contract/studio.ts, docs/studio.md): the browser's game clients launch a
 * session, play rounds and blackjack actions, and manage their provably fair seeds. Guests play
 * demos under their visitor id; real money needs a signed-in player (the wallet checks).
 */
const sysname = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64);
const token = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);
const roundId = z.string().uuid();
/** games/play's bet: JSON text (the client's form) or an object (bracket notation). */
const bet = jsonOrObject(z.record(z.string(), z.unknown()));

const viewerOf = (context: ApiContext) => ({ visitorId: context.viewer.visitorId, userId: context.viewer.userId });

export const launchGame = defineMethod({
  name: 'games/launch',
  verb: 'POST',
  auth: false,
  summary: 'Opens a game session of a studio game in real or demo mode: {token, engine, balance, limits, fairness, open_round}.',
  input: z.object({ sysname, mode: z.enum(['real', 'demo']) }),
  handler: async (input, context) => {
    const session = await context.services.studio.launch(viewerOf(context), input, context.locale);
    // A player's game opened (docs/analytics.md); guests' demos are not the reports' players.
    if (context.viewer.userId !== null) await context.services.analytics.record(context.viewer.userId, 'game_play', { game: input.sysname, provider: 'croupier', mode: input.mode });
    return session;
  },
});

export const playRound = defineMethod({
  name: 'games/play',
  verb: 'POST',
  auth: false,
  summary: 'Plays one round (slot spin, roulette spin, dice roll, blackjack deal) with `bet` (JSON): the round, its outcome and the balance after.',
  input: z.object({ token, bet }),
  handler: (input, context) => context.services.studio.play(viewerOf(context), input, context.locale),
});

export const playFreeSpin = defineMethod({
  name: 'games/playFreeSpin',
  verb: 'POST',
  auth: true,
  summary:
    "One spin of the player's free-spin pack `pack_id` on the session's slot (real money): played at the pack's stake with nothing staked, its win paid to the main balance. `spin` (the pack's next_spin) makes a repeated request answer the spin it played.",
  input: z.object({ token, pack_id: z.coerce.number().int().min(1).max(2_147_483_647), spin: z.coerce.number().int().min(1).max(100_000).optional() }),
  handler: (input, context) => context.services.studio.playFreeSpin(viewerOf(context), input, context.locale),
});

export const actRound = defineMethod({
  name: 'games/act',
  verb: 'POST',
  auth: false,
  summary:
    'A move on an open round: a blackjack action (hit, stand, double, split), Mines `reveal` (with `tile`, 0-24) and `cashout`, Hi-Lo (higher, lower, same, higher_or_same, lower_or_same, skip, cashout), or video poker `draw` (with `held`, the positions 0-4 kept, JSON): the round after it.',
  input: z.object({
    token,
    round_id: roundId,
    action: z.enum(['hit', 'stand', 'double', 'split', 'reveal', 'cashout', 'higher', 'lower', 'same', 'higher_or_same', 'lower_or_same', 'skip', 'draw']),
    // Mines: checked by the game (a tile off the board or revealed is refused naming `tile`).
    tile: z.coerce.number().optional(),
    // Video poker: checked by the studio (anything but distinct positions 0-4 is refused naming `held`, in the player's language).
    held: jsonOrObject(z.unknown()).optional(),
  }),
  handler: (input, context) => context.services.studio.act(viewerOf(context), input, context.locale),
});

export const getFairness = defineMethod({
  name: 'games/getFairness',
  verb: 'GET',
  auth: false,
  summary: "The caller's active seed pair (server seed hash, client seed, next nonce) and the last revealed pairs.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.studio.fairness(viewerOf(context)),
});

export const rotateSeed = defineMethod({
  name: 'games/rotateSeed',
  verb: 'POST',
  auth: false,
  summary: 'Reveals the active server seed and starts a new pair, with `client_seed` when given: {revealed, active}.',
  input: z.object({ client_seed: z.string().max(200).optional() }),
  handler: (input, context) => context.services.studio.rotateSeed(viewerOf(context), input.client_seed, context.locale),
});

export const verifyRound = defineMethod({
  name: 'games/verifyRound',
  verb: 'GET',
  auth: false,
  summary: 'A studio round with its seeds; once the pair is revealed, the outcome replayed by the engine and whether it matches.',
  input: z.object({ round_id: roundId }),
  handler: (input, context) => context.services.studio.verifyRound(input.round_id, context.locale),
});
