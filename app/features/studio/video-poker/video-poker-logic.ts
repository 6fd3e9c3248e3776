import { HAND, HANDS, PAYTABLE, type PokerHand } from '../../../../games/engines/video-poker/index.ts';
import { beatsStake, fromMinor, toMinor } from '../money.ts';

export { HAND, HANDS, PAYTABLE };
export type { PokerHand };

/** A video poker round as the studio sends it (the engine's publicView, money as major-unit strings). */
export type VideoPokerView = {
  bet: string;
  phase: 'hold' | 'settled';
  dealt: number[];
  held: boolean[] | null;
  hand: number[] | null;
  result: PokerHand | null;
  win: string;
  /** The paying hand the deal already makes (null for none). */
  dealtResult: PokerHand | null;
};

/** Nothing held: the holds a fresh deal starts with. */
export const noHolds = (): boolean[] => Array.from({ length: HAND }, () => false);

/** The holds with card `index` turned over (held to not held and back). */
export const toggleHold = (held: readonly boolean[], index: number): boolean[] => held.map((h, i) => (i === index ? !h : h));

/** games/act's `held`: the positions of the cards kept, left to right. */
export const heldPositions = (held: readonly boolean[]): number[] => held.flatMap((h, i) => (h ? [i] : []));

/** The five cards on the table: the deal while the player holds, the final hand once drawn; backs before any deal. */
export function cardsShown(view: Pick<VideoPokerView, 'dealt' | 'hand'> | null): Array<number | null> {
  if (!view) return noHolds().map(() => null);
  return view.hand ?? view.dealt;
}

/**
 * The paytable at the stake: each hand, its pay per unit staked and what it returns at this
 * stake; `lit` is the line won after the draw, `made` the line the cards held so far already make.
 */
export function paytableRows(stake: string, view: Pick<VideoPokerView, 'phase' | 'result' | 'dealtResult'> | null) {
  return HANDS.map((hand) => ({
    hand,
    pays: PAYTABLE[hand],
    amount: fromMinor(toMinor(stake) * BigInt(PAYTABLE[hand])),
    lit: view?.phase === 'settled' && view.result === hand,
    made: view?.phase === 'hold' && view.dealtResult === hand,
  }));
}

/**
 * How the settled hand reads: `win` (more than the stake came back: celebrated), `back` (the
 * stake and no more, jacks or better: shown plainly, never as a win, docs/studio.md "Pace by
 * jurisdiction"), `none` (nothing paid).
 */
export function outcomeKind(view: Pick<VideoPokerView, 'bet' | 'win'>): 'win' | 'back' | 'none' {
  if (toMinor(view.win) <= 0n) return 'none';
  return beatsStake(view.win, view.bet) ? 'win' : 'back';
}

/** The game's keys: 1-5 hold or release a card, Enter deals or draws (Space is the player's primary key too). */
export function keyCommand(key: string): { hold: number } | 'primary' | null {
  if (/^[1-5]$/.test(key)) return { hold: Number(key) - 1 };
  if (key === 'Enter') return 'primary';
  return null;
}
