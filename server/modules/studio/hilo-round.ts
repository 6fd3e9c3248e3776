import { GameInputError, hilo } from '../../../games/index.ts';
import type { RoundRng } from '../../../games/fairness/stream.ts';
import type { ActionName } from '../../../contract/studio.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { AppError } from '../../platform/errors.ts';
import { studioText } from './texts.ts';

/**
 * Croupier Hi-Lo's moves (docs/studio.md, "Croupier Hi-Lo"). The round is one of the studio's
 * stepped rounds (STEPPED_ENGINES): opened with the stake taken and the first card shown, each
 * move saved under the round's version and paid when the round ends (service.ts, actStepped).
 * A round nobody finishes waits for its player, with no time-out, as blackjack's and Mines' do.
 */

/** A stored Hi-Lo state back to the engine's (its money as bigints). */
export function reviveHilo(stored: Record<string, unknown>): hilo.HiloState {
  const state = structuredClone(stored) as unknown as hilo.HiloState;
  return { ...state, bet: BigInt(stored.bet as string), payout: BigInt(stored.payout as string), win: BigInt(stored.win as string) };
}

/**
 * games/act's action played on a Hi-Lo round: the state after it (a guess or a skip draws the
 * next card from `rng`, the round's stream rebuilt from its seeds). An action the card shown
 * does not take is refused naming `action` in the player's language.
 */
export function hiloMove(state: hilo.HiloState, action: ActionName, rng: RoundRng, locale: LocaleCode): hilo.HiloState {
  const illegal = () => new AppError('InvalidParameterException', studioText('en', 'hiloIllegal'), { status: 422, fields: { action: studioText(locale, 'hiloIllegal') } });
  if (!(hilo.HILO_ACTIONS as readonly string[]).includes(action)) throw illegal();
  try {
    return hilo.act(state, action as hilo.HiloAction, rng);
  } catch (error) {
    if (error instanceof GameInputError && error.code === 'illegal_action') throw illegal();
    throw error;
  }
}
