/**
 * Croupier Baccarat (sysname croupier-baccarat), punto banco: an 8-deck shoe shuffled for every
 * round from the seeds; the player bets on Player (pays 1:1), Banker (0.95:1: 5% commission) or
 * Tie (8:1), one, two or all three in one round. On a tie, Player and Banker bets push.
 *
 * Randomness: the shoe is drawn lazily from the round's stream (cards.ts lazyShoe, 8 x 52 cards:
 * card k takes place k + int(416 - k)); cards are dealt Player, Banker, Player, Banker, then the
 * Player's third card and the Banker's third card when the tableau asks for them.
 *
 * Card points: ace 1, 2-9 face value, ten and faces 0; a hand's total is the sum mod 10.
 * Tableau: a natural (8 or 9 on either first two cards) ends the coup. Otherwise the Player draws
 * on 0-5 and stands on 6-7. If the Player stood, the Banker draws on 0-5 and stands on 6-7. If the
 * Player drew a third card worth p, the Banker draws on 0-2; on 3 unless p = 8; on 4 when p is
 * 2-7; on 5 when p is 4-7; on 6 when p is 6-7; stands on 7.
 *
 * Money: win = what the round pays back, stakes included. Player win: 2 x stake; Banker win:
 * stake + stake x 95 / 100 (stakes are multiples of 20 minor units, so the commission is exact);
 * Tie: 9 x the tie stake, Player and Banker stakes returned.
 */
import type { RoundRng } from '../../fairness/stream.ts';
import { lazyShoe, valueOf, type Card } from '../blackjack/cards.ts';
import { assertStake, GameInputError } from '../common.ts';

export const BACCARAT_SYSNAME = 'croupier-baccarat';
export const DECKS = 8;
export const SPOTS = ['player', 'banker', 'tie'] as const;
export type Spot = (typeof SPOTS)[number];
/** Stakes are multiples of this many minor units (0.20), so 5% commission is a whole minor unit. */
export const STAKE_STEP = 20n;
/** What a winning bet pays back per unit staked, in hundredths (stake included). */
export const RETURNS: Readonly<Record<Spot, number>> = { player: 200, banker: 195, tie: 900 };

export type BaccaratBet = { bets: Array<{ on: Spot; amount: bigint }> };
export type BaccaratResult = Spot;

export type BaccaratOutcome = {
  game: typeof BACCARAT_SYSNAME;
  /** The Player's cards in deal order (2 or 3). */
  player: Card[];
  /** The Banker's cards in deal order (2 or 3). */
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  /** Which side won the coup ('tie' when equal). */
  result: BaccaratResult;
  natural: boolean;
  /** The bets with what each paid back. */
  bets: Array<{ on: Spot; amount: bigint; win: bigint }>;
  bet: bigint;
  win: bigint;
};

/** Baccarat point of a card: ace 1, 2-9, ten and faces 0. */
export const pointOf = (card: Card): number => valueOf(card) % 10;
export const totalOf = (cards: readonly Card[]): number => cards.reduce((sum, card) => sum + pointOf(card), 0) % 10;

export function validateBaccaratBet(bet: unknown): BaccaratBet {
  const list = (bet as Partial<BaccaratBet> | null)?.bets as unknown;
  if (!Array.isArray(list) || list.length < 1 || list.length > SPOTS.length) throw new GameInputError('bad_bet_type', 'bet on 1 to 3 of player, banker, tie');
  const seen = new Set<Spot>();
  const bets = list.map((one: unknown) => {
    const { on, amount } = (one ?? {}) as { on?: unknown; amount?: unknown };
    if (!SPOTS.includes(on as Spot)) throw new GameInputError('bad_bet_type', 'a bet is on player, banker or tie');
    if (seen.has(on as Spot)) throw new GameInputError('bad_bet_type', 'one bet per area');
    seen.add(on as Spot);
    assertStake(amount, 'amount', STAKE_STEP);
    return { on: on as Spot, amount };
  });
  return { bets };
}

/** Does the Banker draw, given its two-card total and the Player's third card (null: the Player stood)? */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const p = pointOf(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

/** Plays out a coup from a card source (the tableau only: no money). */
export function coup(next: () => Card): Pick<BaccaratOutcome, 'player' | 'banker' | 'playerTotal' | 'bankerTotal' | 'result' | 'natural'> {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = totalOf(player) >= 8 || totalOf(banker) >= 8;
  if (!natural) {
    let third: Card | null = null;
    if (totalOf(player) <= 5) {
      third = next();
      player.push(third);
    }
    if (bankerDraws(totalOf(banker), third)) banker.push(next());
  }
  const playerTotal = totalOf(player);
  const bankerTotal = totalOf(banker);
  const result: BaccaratResult = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, result, natural };
}

/** What a bet on `on` pays back when the coup's result is `result` (stake included). */
export function payOf(on: Spot, amount: bigint, result: BaccaratResult): bigint {
  if (result === on) return (amount * BigInt(RETURNS[on])) / 100n;
  if (result === 'tie') return amount; // Player and Banker push on a tie
  return 0n;
}

/** Settles a bet against known cards in deal order (tests, fixtures). */
export function settle(bet: BaccaratBet, cards: readonly Card[]): BaccaratOutcome {
  let i = 0;
  return finish(validateBaccaratBet(bet), () => {
    if (i >= cards.length) throw new RangeError('not enough cards for the coup');
    return cards[i++];
  });
}

function finish(bet: BaccaratBet, next: () => Card): BaccaratOutcome {
  const hand = coup(next);
  const bets = bet.bets.map((one) => ({ ...one, win: payOf(one.on, one.amount, hand.result) }));
  return {
    game: BACCARAT_SYSNAME,
    ...hand,
    bets,
    bet: bets.reduce((sum, one) => sum + one.amount, 0n),
    win: bets.reduce((sum, one) => sum + one.win, 0n),
  };
}

export function play(bet: BaccaratBet, rng: RoundRng): BaccaratOutcome {
  const valid = validateBaccaratBet(bet);
  const shoe = lazyShoe(rng, DECKS);
  return finish(valid, () => shoe.draw());
}

export type BaccaratMath = {
  /** Exact probabilities of the three results for a fresh 8-deck shoe. */
  probability: Record<BaccaratResult, number>;
  /** RTP of each bet (a push returns the stake). */
  rtp: Record<Spot, number>;
  /** House edge of each bet: 1 - RTP. */
  houseEdge: Record<Spot, number>;
};

let cached: BaccaratMath | null = null;

/**
 * Exact by enumeration over the shoe's composition: cards grouped by point (0: 16 x 8 = 128 tens
 * and faces; 1-9: 32 each), drawn without replacement in deal order; each branch is weighted by
 * the product of the counts left, and the tableau decides which third cards are drawn.
 */
export function baccaratMath(decks = DECKS): BaccaratMath {
  if (decks === DECKS && cached) return cached;
  const counts = Array.from({ length: 10 }, (_, point) => (point === 0 ? 16 : 4) * decks);
  const total = 52 * decks;
  const tally: Record<BaccaratResult, number> = { player: 0, banker: 0, tie: 0 };
  // Probability-weighted walk: `p` is the probability of the cards drawn so far.
  const take = (p: number, left: number, visit: (point: number, q: number, left: number) => void) => {
    for (let point = 0; point < 10; point++) {
      const n = counts[point];
      if (n === 0) continue;
      counts[point] = n - 1;
      visit(point, (p * n) / left, left - 1);
      counts[point] = n;
    }
  };
  const record = (p: number, player: number, banker: number) => {
    tally[player > banker ? 'player' : banker > player ? 'banker' : 'tie'] += p;
  };
  take(1, total, (p1, q1, l1) =>
    take(q1, l1, (b1, q2, l2) =>
      take(q2, l2, (p2, q3, l3) =>
        take(q3, l3, (b2, q4, l4) => {
          const player = (p1 + p2) % 10;
          const banker = (b1 + b2) % 10;
          if (player >= 8 || banker >= 8) return record(q4, player, banker);
          if (player >= 6) {
            if (banker <= 5) return take(q4, l4, (b3, q5) => record(q5, player, (banker + b3) % 10));
            return record(q4, player, banker);
          }
          take(q4, l4, (p3, q5, l5) => {
            const playerFinal = (player + p3) % 10;
            // bankerDraws() reads a card; a card of point p3 (rank p3 - 1, or a ten for 0) stands for it.
            if (bankerDraws(banker, p3 === 0 ? 9 : p3 - 1)) take(q5, l5, (b3, q6) => record(q6, playerFinal, (banker + b3) % 10));
            else record(q5, playerFinal, banker);
          });
        }),
      ),
    ),
  );
  const rtp = {
    player: tally.player * 2 + tally.tie,
    banker: tally.banker * 1.95 + tally.tie,
    tie: tally.tie * 9,
  };
  const math: BaccaratMath = {
    probability: tally,
    rtp,
    houseEdge: { player: 1 - rtp.player, banker: 1 - rtp.banker, tie: 1 - rtp.tie },
  };
  if (decks === DECKS) cached = math;
  return math;
}

/** RTP of a bet (any mix of the three areas), exact: the stake-weighted RTP of its parts. */
export function rtpFor(bet: BaccaratBet): number {
  const valid = validateBaccaratBet(bet);
  const { rtp } = baccaratMath();
  const staked = valid.bets.reduce((sum, one) => sum + Number(one.amount), 0);
  return valid.bets.reduce((sum, one) => sum + rtp[one.on] * Number(one.amount), 0) / staked;
}

/** The game's stated RTP: the Player bet's 98.76%, the lower of the two even-money bets (Banker 98.94%, Tie 85.64%). */
export function theoreticalRtp(): number {
  return baccaratMath().rtp.player;
}
