import { z } from 'zod';
import { localizePath } from '../../../contract/locales.ts';
import { PLATFORMS } from '../../modules/aggregator/index.ts';
import { defineMethod } from '../types.ts';

/**
 * Third-party games (docs/aggregator.md): the play frame asks the game aggregator for the address
 * of a game session and opens it. Guests get demos; real money needs a signed-in player (the
 * wallet's session checks).
 */
export const launchThirdPartyGame = defineMethod({
  name: 'games/launchThirdParty',
  verb: 'POST',
  auth: false,
  summary: "Asks the game aggregator for a third-party game's address in real or demo mode: {url, mode, currency}.",
  input: z.object({
    sysname: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(64),
    mode: z.enum(['real', 'demo']),
    platform: z.enum(PLATFORMS).default('GPL_DESKTOP'),
  }),
  handler: (input, context) =>
    context.services.aggregator.launch(
      { userId: context.viewer.userId },
      {
        ...input,
        lobbyUrl: `${context.origin}${localizePath('/gamehall', context.locale)}`,
        depositUrl: `${context.origin}${localizePath('/cashier/deposit', context.locale)}`,
      },
      context.locale,
    ),
});
