/**
 * The expected value of the game as dealt (a freshly shuffled shoe of D decks every round,
 * cards drawn without replacement) for the fixed basic strategy the engine recommends
 * (bestAction of strategy.ts, the infinite-deck optimum). No simulation: every sequence of
 * cards a round can take is enumerated with its probability.
 *
 * Enumeration, in the engine's deal order: player card c1, up card u, player card c2, hole card
 * h, each drawn from what is left. Naturals settle at once (the dealer peeks under an ace or a
 * ten). Otherwise the hand is played by the strategy, drawing from what is left, and the dealer,
 * holding u and h, draws from what is left until 17 or more (S17). The strategy never looks at
 * the hole card, so this is exact for every round without a split. Dealer outcomes depend only
 * on (u, h, multiset of the player's cards) and are cached by it; so are hand values.
 *
 * Split rounds (about 2.5% of rounds) use the usual approximation: each split hand is valued
 * with the shoe less c1, c2, u, h and its own cards, i.e. the other hand's drawn cards are
 * treated as still in the shoe. The error this leaves is a second-order removal effect, orders
 * of magnitude below the statistical resolution of any simulation we run (docs/games-math.md).
 *
 * Cost: about 2 s for 6 decks (cached per process). The result differs from the infinite-deck
 * figure by the usual "number of decks" effect (+0.11% for 6 decks).
 */
import { bestAction } from './strategy.ts';

const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);
/** Multiset code of cards: sum of count(v) x 33^(v-1); 8 decks hold 32 cards of a value below ten. */
const WEIGHT = VALUES.map((v) => 33 ** (v - 1));
WEIGHT.unshift(0);

/** Final dealer outcomes as one-point distributions (17, 18, 19, 20, 21, bust); shared, never written. */
const FINAL = [0, 1, 2, 3, 4, 5].map((i) => {
  const d = new Float64Array(6);
  d[i] = 1;
  return d;
});

export type ShoeMath = { decks: number; ev: number; rtp: number };

/** EV per initial bet for `decks` decks (1-8), as described above. About 2 s; cached. */
export function shoeMath(decks: number): ShoeMath {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError('decks must be 1-8');
  const cached = cache.get(decks);
  if (cached) return cached;
  const result = compute(decks);
  cache.set(decks, result);
  return result;
}

const cache = new Map<number, ShoeMath>();

function compute(decks: number): ShoeMath {
  const counts = new Array<number>(11).fill(4 * decks);
  counts[0] = 0;
  counts[10] = 16 * decks;
  let left = 52 * decks;
  /** Multiset code of the player's cards (all hands). */
  let playerCode = 0;
  let up = 0;
  let hole = 0;
  /** Dealer outcomes by (u, h) then by the player's cards. */
  const dealerCache = Array.from({ length: 100 }, () => new Map<number, Float64Array>());

  const take = (v: number) => {
    const p = counts[v] / left;
    counts[v] -= 1;
    left -= 1;
    return p;
  };
  const put = (v: number) => {
    counts[v] += 1;
    left += 1;
  };

  // Dealer: final total distribution [17, 18, 19, 20, 21, bust] from the current composition.
  const dealerMemo = new Map<number, Float64Array>();
  function dealerFrom(hard: number, ace: boolean, drawnCode: number): Float64Array {
    if (hard > 21) return FINAL[5];
    const b = best(hard, ace);
    if (b >= 17) return FINAL[b - 17];
    const memo = dealerMemo.get(drawnCode);
    if (memo) return memo;
    const out = new Float64Array(6);
    for (let v = 1; v <= 10; v++) {
      if (counts[v] === 0) continue;
      const p = take(v);
      const next = dealerFrom(hard + v, ace || v === 1, drawnCode + WEIGHT[v]);
      put(v);
      for (let i = 0; i < 6; i++) out[i] += p * next[i];
    }
    dealerMemo.set(drawnCode, out);
    return out;
  }
  function dealer(): Float64Array {
    const byCards = dealerCache[(up - 1) * 10 + (hole - 1)];
    let d = byCards.get(playerCode);
    if (!d) {
      dealerMemo.clear();
      d = dealerFrom(up + hole, up === 1 || hole === 1, 0);
      byCards.set(playerCode, d);
    }
    return d;
  }
  // EV of a standing total (or bust) with stake s against the dealer's distribution.
  function against(d: Float64Array, total: number, stake: number): number {
    if (total > 21) return -stake;
    let ev = d[5];
    for (let i = 0; i < 5; i++) {
      const dt = 17 + i;
      if (total > dt) ev += d[i];
      else if (total < dt) ev -= d[i];
    }
    return ev * stake;
  }

  /** Memo of hand values by (u, h), then by the player's cards and the hand's situation. */
  const handMemo = Array.from({ length: 100 }, () => new Map<string, number>());

  /**
   * EV (in initial bets) of a hand played by the strategy from (hard, ace) with `cards` cards,
   * standing against the dealer. `canDouble`: two cards, first decision (DAS included);
   * `splitAces`: no action. `pair`: for a split hand, the value of the pair (0 otherwise).
   */
  function playHand(hard: number, ace: boolean, cards: number, canDouble: boolean, splitAces: boolean, pair: number): number {
    const b = best(hard, ace);
    if (hard > 21) return -1;
    if (b === 21 || splitAces) return against(dealer(), b, 1);
    const action = bestAction({ hard, ace, up, canDouble });
    if (action === 'stand') return against(dealer(), b, 1);
    const memo = handMemo[(up - 1) * 10 + (hole - 1)];
    const key = `${playerCode}:${pair}:${canDouble ? 1 : 0}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ev = 0;
    for (const v of VALUES) {
      if (counts[v] === 0) continue;
      const p = take(v);
      playerCode += WEIGHT[v];
      const h = hard + v;
      const a = ace || v === 1;
      if (action === 'double') ev += p * (h > 21 ? -2 : against(dealer(), best(h, a), 2));
      else ev += p * playHand(h, a, cards + 1, false, false, pair);
      playerCode -= WEIGHT[v];
      put(v);
    }
    memo.set(key, ev);
    return ev;
  }

  /** EV of a split hand: the pair card p, then its second card, then the strategy. */
  function playSplitHand(pair: number): number {
    let ev = 0;
    for (const v of VALUES) {
      if (counts[v] === 0) continue;
      const p = take(v);
      playerCode += WEIGHT[v];
      ev += p * playHand(pair + v, pair === 1 || v === 1, 2, true, pair === 1, pair);
      playerCode -= WEIGHT[v];
      put(v);
    }
    return ev;
  }

  /** EV of the round once c1, u, c2, h are dealt and neither side has a natural. */
  function playRound(c1: number, c2: number): number {
    const hard = c1 + c2;
    const ace = c1 === 1 || c2 === 1;
    const action = bestAction({ hard, ace, up, canDouble: true, splitPair: c1 === c2 ? c1 : undefined });
    // Split: both hands are played from the shoe without c1, c2, u, h; each is valued as if the
    // other hand's drawn cards were still in the shoe (the usual split approximation).
    if (action === 'split') return 2 * playSplitHand(c1);
    return playHand(hard, ace, 2, true, false, 0);
  }

  let ev = 0;
  for (const c1 of VALUES) {
    const p1 = take(c1);
    for (const u of VALUES) {
      const pu = take(u);
      for (const c2 of VALUES) {
        if (counts[c2] === 0) continue;
        const p2 = take(c2);
        const playerNatural = (c1 === 1 && c2 === 10) || (c1 === 10 && c2 === 1);
        for (const h of VALUES) {
          if (counts[h] === 0) continue;
          const ph = take(h);
          const p = p1 * pu * p2 * ph;
          const dealerNatural = (u === 1 && h === 10) || (u === 10 && h === 1);
          if (dealerNatural) ev += p * (playerNatural ? 0 : -1);
          else if (playerNatural) ev += p * 1.5;
          else {
            up = u;
            hole = h;
            playerCode = WEIGHT[c1] + WEIGHT[c2];
            ev += p * playRound(c1, c2);
          }
          put(h);
        }
        put(c2);
      }
      put(u);
    }
    put(c1);
  }
  return { decks, ev, rtp: 1 + ev };
}
