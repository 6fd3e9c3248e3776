import { videoPoker } from '../../../games/index.ts';
import type { RoundRng } from '../../../games/fairness/stream.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { AppError } from '../../platform/errors.ts';
import { studioText } from './texts.ts';

/**
 * Croupier Video Poker's draw (docs/studio.md, "Croupier Video Poker"). The round is one of the
 * studio's stepped rounds (STEPPED_ENGINES): the deal takes the stake and shows five cards, the
 * round stays open with them, and the draw (one move) replaces the cards not held and pays. The
 * deck is never stored: the draw rebuilds the round's stream from its seeds, and the engine checks
 * it reproduces the dealt cards.
 */

/** A stored video poker state back to the engine's (its money as bigints). */
export function reviveVideoPoker(stored: Record<string, unknown>): videoPoker.VideoPokerState {
  const state = structuredClone(stored) as unknown as videoPoker.VideoPokerState;
  return { ...state, bet: BigInt(stored.bet as string), win: BigInt(stored.win as string) };
}

/**
 * games/act's `held` (the positions 0..4 of the cards kept, as an array or its JSON text) as the
 * engine's five holds; anything else (a position off the hand, a repeat, more than five, not a
 * list) is refused naming `held` in the player's language.
 */
export function holdsFrom(held: unknown, locale: LocaleCode): boolean[] {
  const refuse = () => new AppError('InvalidParameterException', studioText('en', 'badHeld'), { status: 422, fields: { held: studioText(locale, 'badHeld') } });
  let list: unknown = held ?? [];
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      throw refuse();
    }
  }
  if (!Array.isArray(list) || list.length > videoPoker.HAND) throw refuse();
  const positions = list.map((item) => (typeof item === 'string' && /^[0-9]$/.test(item) ? Number(item) : item));
  if (!positions.every((p) => typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < videoPoker.HAND)) throw refuse();
  if (new Set(positions).size !== positions.length) throw refuse();
  return Array.from({ length: videoPoker.HAND }, (_, i) => positions.includes(i));
}

/** The draw played on an open deal: the action as stored (`draw:10100`) and the settled hand. */
export function videoPokerMove(state: videoPoker.VideoPokerState, input: { action: string; held?: unknown }, rng: RoundRng, locale: LocaleCode): { action: string; next: videoPoker.VideoPokerState } {
  if (input.action !== 'draw') {
    throw new AppError('InvalidParameterException', studioText('en', 'illegalAction'), { status: 422, fields: { action: studioText(locale, 'illegalAction') } });
  }
  const held = holdsFrom(input.held, locale);
  return { action: videoPoker.drawAction(held), next: videoPoker.draw(state, held, rng) };
}
