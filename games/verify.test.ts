import { describe, expect, it } from 'vitest';
import * as baccarat from './engines/baccarat/index.ts';
import * as blackjack from './engines/blackjack/index.ts';
import * as coins from './engines/coins/index.ts';
import * as dice from './engines/dice/index.ts';
import * as plinko from './engines/plinko/index.ts';
import * as limbo from './engines/limbo/index.ts';
import * as keno from './engines/keno/index.ts';
import * as mines from './engines/mines/index.ts';
import * as hilo from './engines/hilo/index.ts';
import * as videoPoker from './engines/video-poker/index.ts';
import { cardName } from './engines/blackjack/cards.ts';
import * as roulette from './engines/roulette/index.ts';
import * as slot from './engines/slot/index.ts';
import { createRoundRng, hashServerSeed, newServerSeed } from './fairness/rng.ts';
import { GAME_SYSNAMES, GAMES, resolveSysname } from './index.ts';
import { canonicalJson, replay, sameOutcome } from './verify.ts';

const seeds = {
  serverSeed: '7f3c1e9a4b2d8c6f0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e5f',
  clientSeed: 'lucky-player-42',
  nonce: 7,
};

/** Plays a blackjack round as a player would, one request (fresh rng) per action, recording the actions. */
function playBlackjack(s: typeof seeds) {
  let state = blackjack.deal({ amount: 100n }, createRoundRng(s));
  const actions: blackjack.BlackjackAction[] = [];
  while (state.phase === 'player') {
    const action = blackjack.recommend(state);
    actions.push(action);
    state = blackjack.act(state, action, createRoundRng(s));
  }
  return { state, actions };
}

describe('verifier: recorded rounds (fixed vectors of the engines)', () => {
  it('roulette and dice: the first number of the stream', () => {
    expect(replay('croupier-roulette', { ...seeds, bet: { bets: [{ type: 'red', amount: 100n }] } }).outcome).toMatchObject({ number: 20, color: 'black', win: 0n });
    expect(replay('croupier-dice', { ...seeds, bet: { amount: 100n, target: 5000, direction: 'over' } }).outcome).toMatchObject({ roll: 5658, won: true, win: 198n });
  });

  it('plinko: one word per row, its parity left (even) or right (odd)', () => {
    // Words 1800855658 2867247790 3850952578 1565681977 ... (docs/games-math.md, "Recompute by hand").
    expect(replay('croupier-plinko', { ...seeds, bet: { amount: 100n, rows: 8, risk: 'medium' } }).outcome).toMatchObject({
      path: [0, 0, 0, 1, 0, 0, 1, 1],
      slot: 3,
      multiplier: 60,
      win: 60n,
    });
  });

  it('hi-lo: every card is int(52) of the stream, replayed with the recorded guesses', () => {
    const { outcome } = replay('croupier-hilo', { ...seeds, bet: { amount: 100n }, actions: ['higher_or_same', 'higher_or_same', 'higher_or_same'] });
    expect(outcome.cards.map(cardName)).toEqual(['5D', '5D', '6H', '3C']);
    expect(outcome.steps).toEqual([
      { action: 'higher_or_same', ways: 9, won: true },
      { action: 'higher_or_same', ways: 9, won: true },
      { action: 'higher_or_same', ways: 8, won: false },
    ]);
    // Two right guesses of 9 ranks: 0.99 x 13/9 x 13/9 (the edge taken once) = 2.0655...
    expect(outcome).toMatchObject({ phase: 'lost', multiplier: 2.0655, payout: 0n, win: 0n });
    const cashed = replay('croupier-hilo', { ...seeds, bet: { amount: 100n }, actions: ['higher_or_same', 'higher_or_same', 'cashout'] }).outcome;
    expect(cashed).toMatchObject({ phase: 'cashed', win: 206n });
  });

  it('limbo: the first word, floor(99 x 2^32 / (1800855658 + 1)) = 236 hundredths', () => {
    expect(replay('croupier-limbo', { ...seeds, bet: { amount: 100n, target: 200 } }).outcome).toMatchObject({ result: 236, won: true, win: 200n });
    expect(replay('croupier-limbo', { ...seeds, bet: { amount: 100n, target: 237 } }).outcome).toMatchObject({ result: 236, won: false, win: 0n });
  });

  it('keno: the draw is the first 10 places of the Fisher-Yates shuffle of 1..40', () => {
    // Place 0 takes index 1800855658 mod 40 = 18 (number 19), place 1 takes 1 + 2867247790 mod 39 = 5 (number 6) ...
    expect(replay('croupier-keno', { ...seeds, bet: { amount: 100n, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } }).outcome).toMatchObject({
      drawn: [19, 6, 15, 8, 7, 23, 12, 30, 3, 22],
      hits: [3, 6, 7, 8],
      multiplier: 219,
      win: 219n,
    });
  });

  it('baccarat: the coup is dealt from the 8-deck shuffle of the seeds', () => {
    // Card 0 takes place 1800855658 mod 416 = 30 of the ordered shoe (code 30: the 5 of diamonds) ...
    expect(replay('croupier-baccarat', { ...seeds, bet: { bets: [{ on: 'player', amount: 100n }, { on: 'tie', amount: 20n }] } }).outcome).toMatchObject({
      player: [30, 30, 22],
      banker: [29, 11],
      playerTotal: 0,
      bankerTotal: 4,
      result: 'banker',
      bet: 120n,
      win: 0n,
    });
  });

  it('slot: the stops of the spin, and a round with free spins', () => {
    const { outcome } = replay('golden-croupier', { ...seeds, bet: { amount: 100n } });
    expect(outcome.base.stops).toEqual([30, 15, 34, 1, 4]);
    expect(outcome.base.grid[3]).toEqual(['wild', 'crown', 'diamond']);
    expect(outcome.win).toBe(0n);
    const feature = replay('golden-croupier', { ...seeds, nonce: 22, bet: { amount: 100n } }).outcome;
    expect(feature.freeSpins).toHaveLength(10);
    expect(feature.win).toBe(3665n);
  });

  it('blackjack: the cards and the result follow from the seeds and the actions', () => {
    const hits = replay('croupier-blackjack', { ...seeds, bet: { amount: 100n }, actions: ['hit', 'hit', 'stand'] }).outcome;
    expect(hits.dealt.map(blackjack.cardName)).toEqual(['5D', '8D', '3S', '3C', '2H', '8H', '2D', '5H']);
    expect(hits.settlement).toMatchObject({ dealerTotal: 18, hands: [{ result: 'push', win: 100n }] });
    const doubled = replay('croupier-blackjack', { ...seeds, nonce: 10, bet: { amount: 100n }, actions: ['double'] }).outcome;
    expect(doubled.dealt.map(blackjack.cardName)).toEqual(['4S', '5C', '6H', '8H', 'KH', 'AC', '10C']);
    expect(doubled.win).toBe(400n);
    const split = replay('croupier-blackjack', { ...seeds, nonce: 1, bet: { amount: 100n }, actions: ['split', 'stand', 'stand'] }).outcome;
    expect(split.hands.map((h) => h.cards.map(blackjack.cardName))).toEqual([
      ['6S', '7C'],
      ['6C', '9C'],
    ]);
    expect(split.settlement?.dealerTotal).toBe(20);
    expect([split.staked, split.win]).toEqual([200n, 0n]);
  });
});

describe('verifier: agrees with the engines', () => {
  it('every game, many nonces: replay() equals the round as played', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const s = { ...seeds, nonce };
      const slotBet = { amount: 40n };
      expect(replay('golden-croupier', { ...s, bet: slotBet }).outcome).toEqual(slot.play(slotBet, createRoundRng(s)));
      const rouletteBet = { bets: [{ type: 'split' as const, numbers: [0, 2], amount: 10n }, { type: 'odd' as const, amount: 5n }] };
      expect(replay('croupier-roulette', { ...s, bet: rouletteBet }).outcome).toEqual(roulette.play(rouletteBet, createRoundRng(s)));
      const diceBet = dice.validateDiceBet({ amount: 1000n, target: 200 + nonce * 37, direction: nonce % 2 ? 'over' : 'under' });
      expect(replay('croupier-dice', { ...s, bet: diceBet }).outcome).toEqual(dice.play(diceBet, createRoundRng(s)));
      const plinkoBet = { amount: 500n, rows: 8 + (nonce % 9), risk: plinko.RISKS[nonce % 3] };
      expect(replay('croupier-plinko', { ...s, bet: plinkoBet }).outcome).toEqual(plinko.play(plinkoBet, createRoundRng(s)));
      const limboBet = { amount: 300n, target: 101 + nonce * 997 };
      expect(replay('croupier-limbo', { ...s, bet: limboBet }).outcome).toEqual(limbo.play(limboBet, createRoundRng(s)));
      const kenoBet = { amount: 250n, picks: Array.from({ length: 1 + (nonce % 10) }, (_, i) => 1 + ((nonce + i * 7) % 40)) };
      expect(replay('croupier-keno', { ...s, bet: kenoBet }).outcome).toEqual(keno.play(kenoBet, createRoundRng(s)));
      const minesBet = { amount: 200n, mines: 1 + (nonce % 24) };
      let board = mines.deal(minesBet, createRoundRng(s));
      const moves: mines.MinesAction[] = [];
      for (let tile = 0; board.phase === 'open' && moves.length < 1 + (nonce % 5); tile += 3) {
        moves.push(`reveal:${tile % 25}`);
        board = mines.act(board, moves[moves.length - 1]);
      }
      if (board.phase === 'open') board = mines.act(board, (moves.push('cashout'), 'cashout'));
      expect(replay('croupier-mines', { ...s, bet: minesBet, actions: moves }).outcome).toEqual(board);
      const baccaratBet: baccarat.BaccaratBet = { bets: baccarat.SPOTS.slice(nonce % 3).map((on) => ({ on, amount: 200n })) };
      expect(replay('croupier-baccarat', { ...s, bet: baccaratBet }).outcome).toEqual(baccarat.play(baccaratBet, createRoundRng(s)));
      let hiloState = hilo.start({ amount: 100n }, createRoundRng(s));
      const hiloActions: hilo.HiloAction[] = [];
      while (hiloState.phase === 'playing') {
        const action = hilo.strategyAction(hiloState, 1 + (nonce % 4));
        hiloActions.push(action);
        hiloState = hilo.act(hiloState, action, createRoundRng(s)); // one request per action, as the server plays it
      }
      expect(replay('croupier-hilo', { ...s, bet: { amount: 100n }, actions: hiloActions }).outcome).toEqual(hiloState);
      // Video poker as the server plays it: the deal, then the draw on a fresh stream of the same seeds.
      const pokerDeal = videoPoker.deal({ amount: 100n }, createRoundRng(s));
      const pokerHolds = nonce % 3 === 0 ? [false, false, false, false, false] : videoPoker.simpleHolds(pokerDeal.dealt);
      const pokerHand = videoPoker.draw(pokerDeal, pokerHolds, createRoundRng(s));
      expect(replay('croupier-video-poker', { ...s, bet: { amount: 100n }, actions: [videoPoker.drawAction(pokerHolds)] }).outcome).toEqual(pokerHand);
      const played = playBlackjack(s);
      const replayed = replay('croupier-blackjack', { ...s, bet: { amount: 100n }, actions: played.actions });
      expect(replayed.outcome).toEqual(played.state);
      expect(replayed.serverSeedHash).toBe(hashServerSeed(s.serverSeed));
    }
  });

  it('the seed commitment flow: hash shown first, seed revealed on rotation, any round recomputed', () => {
    const serverSeed = newServerSeed();
    const shownBeforePlay = hashServerSeed(serverSeed);
    const bet = { amount: 1000n, target: 2500, direction: 'under' as const };
    const recorded = [0, 1, 2, 3].map((nonce) => canonicalJson(dice.play(bet, createRoundRng({ serverSeed, clientSeed: 'mine', nonce }))));
    // ... rotation reveals serverSeed ...
    for (const [nonce, stored] of recorded.entries()) {
      const check = replay('croupier-dice', { serverSeed, clientSeed: 'mine', nonce, bet });
      expect(check.serverSeedHash).toBe(shownBeforePlay);
      expect(sameOutcome(check.outcome, stored)).toBe(true);
    }
    const tampered = replay('croupier-dice', { serverSeed: newServerSeed(), clientSeed: 'mine', nonce: 0, bet });
    expect(tampered.serverSeedHash).not.toBe(shownBeforePlay);
  });

  it('mines: the mines are the first places of the Fisher-Yates shuffle of 0..24, the picks replayed on them', () => {
    // Place 0 takes 1800855658 mod 25 = 8 (tile 8), then the next words place tiles 20 and 23.
    const { outcome } = replay('croupier-mines', { ...seeds, bet: { amount: 100n, mines: 3 }, actions: ['reveal:0', 'reveal:1', 'cashout'] });
    expect(outcome.minesAt).toEqual([8, 20, 23]);
    expect(outcome).toMatchObject({ picks: [0, 1], result: 'cashout', multiplier: 128, win: 128n });
    expect(() => replay('croupier-mines', { ...seeds, bet: { amount: 100n, mines: 3 }, actions: ['cashout'] })).toThrow(/safe tile/);
  });

  it('rivet-royale: the replay is the spin and its Hold and Win as played', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const played = coins.play({ amount: 100n }, createRoundRng({ ...seeds, nonce }));
      expect(sameOutcome(replay('rivet-royale', { ...seeds, nonce, bet: { amount: 100n } }).outcome, played)).toBe(true);
    }
  });

  it('a replay with other actions than the recorded ones is refused when they are not legal', () => {
    expect(() => replay('croupier-blackjack', { ...seeds, nonce: 10, bet: { amount: 100n }, actions: ['double', 'hit'] })).toThrow(/settled/);
  });
});

describe('registry and canonical JSON', () => {
  it('lists the games with their theoretical RTP', () => {
    expect(GAME_SYSNAMES).toEqual(['golden-croupier', 'croupier-roulette', 'croupier-blackjack', 'croupier-dice', 'croupier-plinko', 'croupier-limbo', 'croupier-keno', 'croupier-mines', 'croupier-baccarat', 'croupier-hilo', 'croupier-video-poker', 'rivet-royale', 'pearl-cascade']);
    expect(resolveSysname('croupier-slot')).toBe('golden-croupier');
    expect(resolveSysname('nope')).toBeUndefined();
    expect(GAMES['croupier-roulette'].theoreticalRtp()).toBe(36 / 37);
    expect(GAMES['croupier-dice'].theoreticalRtp()).toBe(0.99);
    expect(GAMES['croupier-plinko'].theoreticalRtp()).toBeCloseTo(0.99, 4);
    expect(GAMES['croupier-limbo'].theoreticalRtp()).toBe(0.99);
    expect(GAMES['croupier-keno'].theoreticalRtp()).toBeCloseTo(0.99, 4);
    expect(GAMES['croupier-mines'].theoreticalRtp()).toBe(0.99);
    expect(GAMES['croupier-baccarat'].theoreticalRtp()).toBeCloseTo(0.987649, 6);
    expect(GAMES['croupier-hilo'].theoreticalRtp()).toBe(0.99);
    expect(GAMES['croupier-video-poker'].theoreticalRtp()).toBe(0.99);
    expect(GAMES['golden-croupier'].theoreticalRtp()).toBeCloseTo(0.96, 3);
    expect(GAMES['rivet-royale'].theoreticalRtp()).toBeCloseTo(0.961047, 6);
    expect(GAMES['pearl-cascade'].theoreticalRtp()).toBe(0.9564);
  });

  it('canonical JSON sorts keys and writes bigints as strings', () => {
    expect(canonicalJson({ b: 2n, a: [1, { d: 1, c: 3n }] })).toBe('{"a":[1,{"c":"3","d":1}],"b":"2"}');
    expect(sameOutcome({ win: 5n, bet: 1n }, '{"win":"5","bet":"1"}')).toBe(true);
    expect(sameOutcome({ win: 5n }, { win: 6n })).toBe(false);
  });
});
