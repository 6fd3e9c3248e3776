import { describe, expect, it } from 'vitest';
import { createRoundRng } from '../../fairness/rng.ts';
import { stackedCards } from '../../test-helpers.ts';
import { GameInputError } from '../common.ts';
import {
  act,
  blackjackMath,
  cardName,
  deal,
  dealerDistribution,
  handTotal,
  legalActions,
  parseCard,
  publicView,
  recommend,
  strategyChart,
  theoreticalRtp,
  valueOf,
  type BlackjackAction,
  type BlackjackState,
} from './index.ts';

const infinite = { decks: 'infinite' as const };
const names = (cards: number[]) => cards.map(cardName);

/** Deals `cards` (player, up, player, hole, then in play order) and plays `actions`. */
function round(cards: string[], actions: BlackjackAction[] = [], amount = 100n): BlackjackState {
  const rng = stackedCards(cards);
  let state = deal({ amount }, rng, infinite);
  for (const a of actions) state = act(state, a, rng);
  return state;
}

describe('Croupier Blackjack: cards', () => {
  it('names, values and totals', () => {
    expect(cardName(0)).toBe('AS');
    expect(cardName(51)).toBe('KC');
    expect(parseCard('10H')).toBe(22);
    expect([parseCard('AS'), parseCard('9D'), parseCard('10C'), parseCard('QH')].map(valueOf)).toEqual([1, 9, 10, 10]);
    expect(handTotal(['AS', '6H'].map(parseCard))).toEqual({ hard: 7, best: 17, soft: true });
    expect(handTotal(['AS', '6H', '10D'].map(parseCard))).toEqual({ hard: 17, best: 17, soft: false });
    expect(handTotal(['AS', 'AH', '9D'].map(parseCard))).toEqual({ hard: 11, best: 21, soft: true });
  });
});

describe('Croupier Blackjack: the dealer', () => {
  it('stands on soft 17', () => {
    const s = round(['10S', 'AH', '8D', '6C'], ['stand']);
    expect(names(s.dealer)).toEqual(['AH', '6C']);
    expect(s.settlement).toMatchObject({ dealerTotal: 17, dealerBust: false, hands: [{ result: 'win', win: 200n }] });
  });

  it('stands on hard 17 and soft 18', () => {
    expect(round(['10S', '10H', '7D', '7C'], ['stand']).settlement).toMatchObject({ dealerTotal: 17, hands: [{ result: 'push', win: 100n }] });
    expect(round(['10S', '7H', '8D', 'AC'], ['stand']).settlement).toMatchObject({ dealerTotal: 18, hands: [{ result: 'push', win: 100n }] });
  });

  it('hits 16 and soft 16, counting an ace 1 once 11 would bust', () => {
    const s = round(['10S', '10H', '9D', '6C', '5S'], ['stand']);
    expect(s.settlement).toMatchObject({ dealerTotal: 21, hands: [{ result: 'lose', win: 0n }] });
    const soft = round(['10S', '5H', '8D', 'AC', '10S', '4H'], ['stand']);
    expect(names(soft.dealer)).toEqual(['5H', 'AC', '10S', '4H']);
    expect(soft.settlement?.dealerTotal).toBe(20);
  });

  it('busts over 21', () => {
    const s = round(['10S', '10H', '2D', '6C', '10D'], ['stand']);
    expect(s.settlement).toMatchObject({ dealerBust: true, dealerTotal: 26, hands: [{ result: 'win', win: 200n }] });
  });

  it('does not draw when every player hand is bust', () => {
    const s = round(['10S', '10H', '6D', '6C', '10D'], ['hit']);
    expect(s.phase).toBe('settled');
    expect(s.dealer).toHaveLength(2);
    expect(s.settlement?.hands[0]).toEqual({ result: 'bust', win: 0n });
  });
});

describe('Croupier Blackjack: naturals and the peek', () => {
  it('a player blackjack pays 3:2 at once (rounded down to the minor unit)', () => {
    const s = round(['AS', '9H', 'KD', '7C']);
    expect(s.phase).toBe('settled');
    expect(s.settlement?.hands[0]).toEqual({ result: 'blackjack', win: 250n });
    expect(s.dealer).toHaveLength(2);
    expect(round(['AS', '9H', 'KD', '7C'], [], 5n).win).toBe(12n); // 5 + 7.5 rounded down
  });

  it('the dealer peeks under an ace or a ten: a dealer blackjack takes only the initial bet', () => {
    for (const dealer of [
      ['AH', 'KC'],
      ['QH', 'AC'],
    ]) {
      const s = round(['10S', dealer[0], '9D', dealer[1]]);
      expect(s.phase).toBe('settled');
      expect(s.settlement).toMatchObject({ dealerBlackjack: true, hands: [{ result: 'lose', win: 0n }] });
      expect(s.staked).toBe(100n);
      expect(legalActions(s)).toEqual([]);
    }
  });

  it('blackjack against blackjack pushes', () => {
    expect(round(['AS', 'AH', 'KD', 'KC']).settlement?.hands[0]).toEqual({ result: 'push', win: 100n });
  });

  it('an ace up without blackjack plays on (no insurance is offered)', () => {
    const s = round(['10S', 'AH', '9D', '9C']);
    expect(s.phase).toBe('player');
    expect(legalActions(s)).toEqual(['stand', 'hit', 'double']);
  });
});

describe('Croupier Blackjack: player actions', () => {
  it('legal actions: stand, hit, double on two cards, split on a pair of equal value', () => {
    expect(legalActions(round(['10S', '9H', '6D', '7C']))).toEqual(['stand', 'hit', 'double']);
    expect(legalActions(round(['8S', '9H', '8D', '7C']))).toEqual(['stand', 'hit', 'double', 'split']);
    expect(legalActions(round(['KS', '9H', '10D', '7C']))).toEqual(['stand', 'hit', 'double', 'split']);
    expect(legalActions(round(['2S', '9H', '3D', '7C', '4H'], ['hit']))).toEqual(['stand', 'hit']);
  });

  it('hit draws a card; a hand stops by itself at 21', () => {
    const s = round(['5S', '9H', '6D', '7C', '10H', '2S'], ['hit']);
    expect(names(s.hands[0].cards)).toEqual(['5S', '6D', '10H']);
    expect(s.phase).toBe('settled'); // 21: stood automatically, dealer drew 2 to 18
    expect(s.settlement).toMatchObject({ dealerTotal: 18, hands: [{ result: 'win', win: 200n }] });
  });

  it('double doubles the stake and draws exactly one card', () => {
    const s = round(['5S', '6H', '6D', '10C', '10H', '8S'], ['double']);
    expect(names(s.hands[0].cards)).toEqual(['5S', '6D', '10H']);
    expect(s.hands[0]).toMatchObject({ doubled: true, stake: 200n });
    expect(s.staked).toBe(200n);
    expect(s.settlement).toMatchObject({ dealerTotal: 24, dealerBust: true, hands: [{ result: 'win', win: 400n }] });
    const low = round(['5S', '6H', '4D', '10C', '2H', '4S'], ['double']);
    expect(low.hands[0].cards).toHaveLength(3); // 11 after one card, no more
    expect(low.settlement?.hands[0]).toEqual({ result: 'lose', win: 0n });
  });

  it('split makes two hands; the first is played out before the second gets its second card; double after split is allowed', () => {
    const cards = ['8S', '7H', '8D', '10C', '3S', '10H', '10D'];
    let s = round(cards, ['split']);
    expect(s.hands.map((h) => names(h.cards))).toEqual([['8S', '3S'], ['8D']]);
    expect(s.staked).toBe(200n);
    expect(legalActions(s)).toEqual(['stand', 'hit', 'double']); // DAS; no second split
    const rng = stackedCards(cards);
    s = deal({ amount: 100n }, rng, infinite);
    s = act(s, 'split', rng);
    s = act(s, 'double', rng);
    expect(s.active).toBe(1);
    expect(s.hands.map((h) => names(h.cards))).toEqual([['8S', '3S', '10H'], ['8D', '10D']]);
    s = act(s, 'stand', rng);
    expect(s.phase).toBe('settled');
    expect(s.staked).toBe(300n);
    expect(s.settlement).toMatchObject({
      dealerTotal: 17,
      hands: [
        { result: 'win', win: 400n },
        { result: 'win', win: 200n },
      ],
    });
    expect(s.win).toBe(600n);
  });

  it('split once only', () => {
    const s = round(['8S', '7H', '8D', '10C', '8H'], ['split']);
    expect(names(s.hands[0].cards)).toEqual(['8S', '8H']);
    expect(legalActions(s)).not.toContain('split');
  });

  it('split aces take one card each and stand; 21 after a split is not a blackjack', () => {
    const s = round(['AS', '6H', 'AD', '10C', 'KH', '9S', '10D'], ['split']);
    expect(s.phase).toBe('settled');
    expect(s.hands.map((h) => names(h.cards))).toEqual([
      ['AS', 'KH'],
      ['AD', '9S'],
    ]);
    expect(s.settlement).toMatchObject({
      dealerBust: true,
      hands: [
        { result: 'win', win: 200n },
        { result: 'win', win: 200n },
      ],
    });
  });

  it('refuses illegal actions, actions after settlement and bad bets', () => {
    const rng = stackedCards(['10S', '9H', '6D', '7C', '5H']);
    const s = deal({ amount: 100n }, rng, infinite);
    expect(() => act(s, 'split', rng)).toThrow(GameInputError);
    expect(() => act(s, 'surrender' as BlackjackAction, rng)).toThrow(GameInputError);
    const done = act(s, 'stand', rng);
    expect(() => act(done, 'hit', rng)).toThrow(/settled/);
    for (const amount of [0n, -5n, 10]) expect(() => deal({ amount } as { amount: bigint }, stackedCards([]), infinite)).toThrow(GameInputError);
    expect(() => deal({ amount: 1n }, createRoundRng({ serverSeed: 's', clientSeed: 'c', nonce: 0 }), { decks: 9 })).toThrow(GameInputError);
  });

  it('act() leaves the given state unchanged', () => {
    const rng = stackedCards(['10S', '9H', '6D', '7C', '5H']);
    const s = deal({ amount: 100n }, rng, infinite);
    const before = JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
    act(s, 'hit', rng);
    expect(JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(before);
  });

  it('the public view hides the hole card and the shoe until the round is settled', () => {
    const rng = stackedCards(['10S', '9H', '6D', '7C', '10H']);
    const s = deal({ amount: 100n }, rng, infinite);
    const view = publicView(s);
    expect(view.dealer).toEqual([parseCard('9H'), null]);
    expect('dealt' in view).toBe(false);
    expect(view.legalActions).toEqual(['stand', 'hit', 'double']);
    expect(publicView(act(s, 'stand', rng)).dealer).toEqual(['9H', '7C', '10H'].map(parseCard));
  });
});

describe('Croupier Blackjack: the shoe comes from the seeds', () => {
  const seeds = { serverSeed: 'blackjack-shoe', clientSeed: 'player', nonce: 3 };
  const shoe = Array.from({ length: 312 }, (_, i) => i % 52);

  it('cards are the 6-deck Fisher-Yates shuffle of the round, in order, whatever the decisions', () => {
    const expected = createRoundRng(seeds).shuffle(shoe, 40);
    const policies: ((s: BlackjackState) => BlackjackAction)[] = [
      () => 'stand',
      (s) => recommend(s),
      (s) => (legalActions(s).includes('hit') ? 'hit' : 'stand'),
    ];
    for (const policy of policies) {
      for (let nonce = 0; nonce < 30; nonce++) {
        const n = { ...seeds, nonce };
        const full = createRoundRng(n).shuffle(shoe, 40);
        const rng = createRoundRng(n);
        let s = deal({ amount: 10n }, rng);
        while (s.phase === 'player') s = act(s, policy(s), rng);
        expect(s.dealt).toEqual(full.slice(0, s.dealt.length));
      }
    }
    expect(expected).toHaveLength(312);
  });

  it('act() with a fresh rng for the same seeds replays the shoe and goes on; other seeds are refused', () => {
    let s = deal({ amount: 10n }, createRoundRng(seeds));
    const viaOneRng = (() => {
      const rng = createRoundRng(seeds);
      let t = deal({ amount: 10n }, rng);
      while (t.phase === 'player') t = act(t, 'hit', rng);
      return t;
    })();
    while (s.phase === 'player') s = act(s, 'hit', createRoundRng(seeds));
    expect(s).toEqual(viaOneRng);
    const fresh = deal({ amount: 10n }, createRoundRng({ ...seeds, nonce: 4 }));
    if (fresh.phase === 'player') expect(() => act(fresh, 'hit', createRoundRng({ ...seeds, nonce: 5 }))).toThrow(/seeds/);
  });

  it('deal() refuses a used rng', () => {
    const rng = createRoundRng(seeds);
    rng.int(2);
    expect(() => deal({ amount: 10n }, rng)).toThrow(GameInputError);
  });
});

describe('Croupier Blackjack: strategy and theoretical RTP', () => {
  it('dealer final totals are distributions', () => {
    for (let up = 1; up <= 10; up++) expect(dealerDistribution(up).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
  });

  it('basic strategy is the known S17/DAS chart (columns: dealer 2-10, A)', () => {
    const chart = strategyChart();
    expect(chart.hard[16]).toBe('S S S S S H H H H H');
    expect(chart.hard[12]).toBe('H H S S S H H H H H');
    expect(chart.hard[11]).toBe('D D D D D D D D D H');
    expect(chart.hard[10]).toBe('D D D D D D D D H H');
    expect(chart.hard[9]).toBe('H D D D D H H H H H');
    expect(chart.soft[18]).toBe('S D D D D S S H H H');
    expect(chart.soft[17]).toBe('H D D D D H H H H H');
    expect(chart.soft[13]).toBe('H H H H D H H H H H');
    expect(chart.pairs['A,A']).toBe('P P P P P P P P P P');
    expect(chart.pairs['8,8']).toBe('P P P P P P P P P P');
    expect(chart.pairs['9,9']).toBe('P P P P P S P P S S');
    expect(chart.pairs['10,10']).toBe('S S S S S S S S S S');
    expect(chart.pairs['4,4']).toBe('H H H P P H H H H H');
    expect(chart.pairs['5,5']).toBe('D D D D D D D D H H');
  });

  it('recommend() plays the chart, with only legal actions', () => {
    expect(recommend(round(['10S', '10H', '6D', '7C']))).toBe('hit'); // 16 v 10
    expect(recommend(round(['10S', '6H', '6D', '7C']))).toBe('stand'); // 16 v 6
    expect(recommend(round(['8S', '9H', '8D', '7C']))).toBe('split');
    expect(recommend(round(['5S', '6H', '6D', '7C']))).toBe('double');
    const eleven = round(['2S', '6H', '3D', '7C', '6H'], ['hit']); // 11 v 6 after a hit: double is not legal, so hit
    expect(legalActions(eleven)).toEqual(['stand', 'hit']);
    expect(recommend(eleven)).toBe('hit');
  });

  it('infinite-deck RTP under basic strategy: 99.4296% (recorded)', () => {
    const math = blackjackMath();
    expect(math.rtp).toBeCloseTo(0.9942961198772641, 12);
    expect(math.playerBlackjack).toBeCloseTo(2 * (1 / 13) * (4 / 13), 15);
    expect(theoreticalRtp(infinite)).toBe(math.rtp);
  });
});
