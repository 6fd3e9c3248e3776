/**
 * Blackjack maths under the infinite-deck model: every card drawn is an independent draw with
 * P(ace) = P(2) = ... = P(9) = 1/13 and P(ten-value) = 4/13. Under that model the best play
 * depends only on the hand's hard total, whether it holds an ace, the dealer's up card and which
 * actions are legal, so the recursion below gives the exact optimal ("basic") strategy and its
 * exact expected value for this game's rules:
 *   dealer stands on all 17s (S17) and peeks for blackjack under an ace or a ten; blackjack pays
 *   3:2; double on any first two cards, also after a split; one split (two hands) of any two
 *   cards of equal value; split aces take one card each; 21 after a split is not a blackjack;
 *   no surrender, no insurance.
 *
 * Recursion (v = 1..10 card values, P(v) as above, u = up card value):
 *   dealer(h, a): final-total distribution of a dealer hand with hard total h, a = holds an ace,
 *     standing when best >= 17, else sum_v P(v) dealer(h + v, a || v = 1).
 *   The dealer's final distribution for up card u is conditioned on no dealer blackjack (the peek
 *   already ended those rounds): the hole card excludes the ten under an ace and the ace under a
 *   ten, renormalised.
 *   stand(t) = P(dealer busts) + P(dealer < t) - P(dealer > t).
 *   hit(h, a) = sum_v P(v) [ bust: -1 | 21: stand(21) | else max(stand, hit) of the new hand ].
 *   double(h, a) = 2 sum_v P(v) [ bust: -1 | else stand(new best) ].
 *   split(p) = 2 x E[one hand started from one card p]: aces take one card and stand; other
 *     pairs play max(stand, hit, double) on their two cards (no second split). By linearity the
 *     two hands add up even though they share the dealer's outcome.
 *   Round EV = sum_u P(u) sum_{c1,c2} P(c1) P(c2) x
 *     natural: (1 - q(u)) x 1.5   else: -q(u) + (1 - q(u)) x max(stand, hit, double, split if pair)
 *   with q(u) = P(dealer blackjack | u). RTP = 1 + EV (per initial bet).
 */

export type StrategyAction = 'hit' | 'stand' | 'double' | 'split';

const P: readonly number[] = [0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13];
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/** Dealer final outcomes: index 0..4 = 17..21, 5 = bust. */
const OUTCOMES = 6;

const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

const dealerMemo = new Map<number, number[]>();
function dealerFrom(hard: number, ace: boolean): number[] {
  const out = new Array<number>(OUTCOMES).fill(0);
  if (hard > 21) {
    out[5] = 1;
    return out;
  }
  const b = best(hard, ace);
  if (b >= 17) {
    out[b - 17] = 1;
    return out;
  }
  const k = hard * 2 + (ace ? 1 : 0);
  const cached = dealerMemo.get(k);
  if (cached) return cached;
  for (const v of VALUES) {
    const next = dealerFrom(hard + v, ace || v === 1);
    for (let i = 0; i < OUTCOMES; i++) out[i] += P[v] * next[i];
  }
  dealerMemo.set(k, out);
  return out;
}

/** P(dealer blackjack | up card value u). */
export function dealerBlackjackProbability(up: number): number {
  return up === 1 ? P[10] : up === 10 ? P[1] : 0;
}

/** The dealer's final-total distribution (17, 18, 19, 20, 21, bust) for an up card, given no dealer blackjack. */
export function dealerDistribution(up: number): number[] {
  const out = new Array<number>(OUTCOMES).fill(0);
  let mass = 0;
  for (const v of VALUES) {
    if ((up === 1 && v === 10) || (up === 10 && v === 1)) continue;
    mass += P[v];
  }
  for (const v of VALUES) {
    if ((up === 1 && v === 10) || (up === 10 && v === 1)) continue;
    const next = dealerFrom(up + v, up === 1 || v === 1);
    for (let i = 0; i < OUTCOMES; i++) out[i] += (P[v] / mass) * next[i];
  }
  return out;
}

/** EV tables for one up card. */
type UpTables = {
  stand: number[]; // by player best total 0..21
  hit: Map<number, number>;
  double: Map<number, number>;
  split: number[]; // by pair value 1..10
};

const tables: UpTables[] = [];

function tablesFor(up: number): UpTables {
  const existing = tables[up];
  if (existing) return existing;
  const d = dealerDistribution(up);
  const stand = new Array<number>(22).fill(0);
  for (let t = 4; t <= 21; t++) {
    let ev = d[5];
    for (let i = 0; i < 5; i++) {
      const dt = 17 + i;
      if (t > dt) ev += d[i];
      else if (t < dt) ev -= d[i];
    }
    stand[t] = ev;
  }
  const t: UpTables = { stand, hit: new Map(), double: new Map(), split: [] };
  tables[up] = t;
  for (const p of VALUES) t.split[p] = splitEv(p, up);
  return t;
}

const key = (hard: number, ace: boolean) => hard * 2 + (ace ? 1 : 0);

function standEv(hard: number, ace: boolean, up: number): number {
  return tablesFor(up).stand[best(hard, ace)];
}

/** EV of hitting now and then playing on optimally (hit or stand). */
function hitEv(hard: number, ace: boolean, up: number): number {
  const t = tablesFor(up);
  const k = key(hard, ace);
  const cached = t.hit.get(k);
  if (cached !== undefined) return cached;
  let ev = 0;
  for (const v of VALUES) {
    const h = hard + v;
    const a = ace || v === 1;
    if (h > 21) ev -= P[v];
    else if (best(h, a) === 21) ev += P[v] * t.stand[21];
    else ev += P[v] * Math.max(t.stand[best(h, a)], hitEv(h, a, up));
  }
  t.hit.set(k, ev);
  return ev;
}

function doubleEv(hard: number, ace: boolean, up: number): number {
  const t = tablesFor(up);
  const k = key(hard, ace);
  const cached = t.double.get(k);
  if (cached !== undefined) return cached;
  let ev = 0;
  for (const v of VALUES) {
    const h = hard + v;
    ev += P[v] * (h > 21 ? -1 : t.stand[best(h, ace || v === 1)]);
  }
  ev *= 2;
  t.double.set(k, ev);
  return ev;
}

function splitEv(pair: number, up: number): number {
  let one = 0;
  for (const v of VALUES) {
    const h = pair + v;
    const a = pair === 1 || v === 1;
    if (pair === 1) one += P[v] * standEv(h, a, up);
    else if (best(h, a) === 21) one += P[v] * standEv(h, a, up);
    else one += P[v] * Math.max(standEv(h, a, up), hitEv(h, a, up), doubleEv(h, a, up));
  }
  return 2 * one;
}

/** A decision point: the hand's hard total, whether it holds an ace, the dealer's up card value (1-10). */
export type DecisionPoint = {
  hard: number;
  ace: boolean;
  up: number;
  canDouble: boolean;
  /** The pair's card value when splitting is legal. */
  splitPair?: number;
};

/** Expected value (in units of the hand's current stake) of each legal action, given no dealer blackjack. */
export function actionValues(point: DecisionPoint): Partial<Record<StrategyAction, number>> {
  const { hard, ace, up } = point;
  const t = tablesFor(up);
  const out: Partial<Record<StrategyAction, number>> = { stand: t.stand[best(hard, ace)] };
  if (best(hard, ace) < 21) out.hit = hitEv(hard, ace, up);
  if (point.canDouble) out.double = doubleEv(hard, ace, up);
  if (point.splitPair !== undefined) out.split = t.split[point.splitPair];
  return out;
}

/** The basic-strategy action: the legal action of highest infinite-deck EV (ties: stand, hit, double, split). */
export function bestAction(point: DecisionPoint): StrategyAction {
  const values = actionValues(point);
  let action: StrategyAction = 'stand';
  let ev = values.stand as number;
  for (const a of ['hit', 'double', 'split'] as const) {
    const v = values[a];
    if (v !== undefined && v > ev + 1e-12) {
      action = a;
      ev = v;
    }
  }
  return action;
}

export type BlackjackMath = {
  /** Expected net result per initial bet. */
  ev: number;
  rtp: number;
  /** P(player natural), P(dealer natural) for the infinite deck. */
  playerBlackjack: number;
  dealerBlackjack: number;
};

let cachedMath: BlackjackMath | undefined;

/** Exact infinite-deck EV of the game under basic strategy. */
export function blackjackMath(): BlackjackMath {
  if (cachedMath) return cachedMath;
  let ev = 0;
  let dealerBj = 0;
  for (const up of VALUES) {
    const q = dealerBlackjackProbability(up);
    dealerBj += P[up] * q;
    for (const c1 of VALUES) {
      for (const c2 of VALUES) {
        const p = P[up] * P[c1] * P[c2];
        const hard = c1 + c2;
        const ace = c1 === 1 || c2 === 1;
        if (best(hard, ace) === 21) {
          ev += p * (1 - q) * 1.5;
          continue;
        }
        const values = actionValues({ hard, ace, up, canDouble: true, splitPair: c1 === c2 ? c1 : undefined });
        const top = Math.max(...Object.values(values));
        ev += p * (-q + (1 - q) * top);
      }
    }
  }
  cachedMath = { ev, rtp: 1 + ev, playerBlackjack: 2 * P[1] * P[10], dealerBlackjack: dealerBj };
  return cachedMath;
}

/** Basic strategy chart rows for the docs: hard 5-20, soft 13-20, pairs; columns up card 2-10, A. */
export function strategyChart(): { hard: Record<number, string>; soft: Record<number, string>; pairs: Record<string, string> } {
  const ups = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
  const letter: Record<StrategyAction, string> = { hit: 'H', stand: 'S', double: 'D', split: 'P' };
  const row = (hard: number, ace: boolean, pair?: number) =>
    ups.map((up) => letter[bestAction({ hard, ace, up, canDouble: true, splitPair: pair })]).join(' ');
  const hard: Record<number, string> = {};
  for (let t = 5; t <= 20; t++) hard[t] = row(t, false);
  const soft: Record<number, string> = {};
  for (let t = 13; t <= 20; t++) soft[t] = row(t - 10, true);
  const pairs: Record<string, string> = {};
  for (const p of VALUES) pairs[p === 1 ? 'A,A' : `${p},${p}`] = row(2 * p, p === 1, p);
  return { hard, soft, pairs };
}
