import { GameInputError, mines } from '../../../games/index.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import type { ActionName, Engine } from '../../../contract/studio.ts';
import { AppError } from '../../platform/errors.ts';
import { studioText, type StudioTextKey } from './texts.ts';

/**
 * Engines whose round stays `open` between the player's moves (one such round per player, game
 * and mode), resumed on launch: blackjack, Mines, Hi-Lo (its moves: hilo-round.ts) and video
 * poker (video-poker-round.ts).
 */
export const STEPPED_ENGINES: ReadonlySet<Engine> = new Set<Engine>(['blackjack', 'mines', 'hilo', 'video-poker']);

/** A stored Mines state back to the engine's (its money fields are bigints). */
export function reviveMines(stored: Record<string, unknown>): mines.MinesState {
  const state = structuredClone(stored) as unknown as mines.MinesState;
  return { ...state, bet: BigInt(stored.bet as string), win: BigInt(stored.win as string) };
}

/** Each refusal of a move: the field it names and its text. */
const REFUSALS: Record<string, { field: string; key: StudioTextKey; status?: number }> = {
  bad_tile: { field: 'tile', key: 'badTile' },
  nothing_won: { field: 'action', key: 'cashOutEarly' },
  illegal_action: { field: 'action', key: 'illegalAction' },
  round_over: { field: 'round_id', key: 'roundOver', status: 409 },
};

/**
 * games/act's input on a Mines round as the engine's move, played on `state`: the action as it
 * is stored (`reveal:<tile>`, `cashout`) and the state after it. A move the board does not take
 * is refused naming its field (`tile`, `action`) in the player's language.
 */
export function minesMove(state: mines.MinesState, input: { action: ActionName; tile?: number }, locale: LocaleCode): { action: mines.MinesAction; next: mines.MinesState } {
  const refuse = (code: string, message: string) => {
    const refusal = REFUSALS[code] ?? REFUSALS.illegal_action;
    return new AppError(refusal.status === 409 ? 'InvalidRequestException' : 'InvalidParameterException', message, {
      ...(refusal.status ? { status: refusal.status } : {}),
      fields: { [refusal.field]: studioText(locale, refusal.key) },
    });
  };
  let action: mines.MinesAction;
  if (input.action === 'cashout') action = 'cashout';
  else if (input.action === 'reveal') {
    const tile = input.tile;
    if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 0 || tile >= mines.TILES) throw refuse('bad_tile', studioText('en', 'badTile'));
    action = `reveal:${tile}`;
  } else throw refuse('illegal_action', studioText('en', 'illegalAction'));
  try {
    return { action, next: mines.act(state, action) };
  } catch (error) {
    if (error instanceof GameInputError) throw refuse(error.code, studioText('en', REFUSALS[error.code]?.key ?? 'illegalAction'));
    throw error;
  }
}
