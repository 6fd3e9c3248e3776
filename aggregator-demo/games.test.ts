import { describe, expect, it } from 'vitest';
import { DEMO_GAMES, HIGH_CARD_WIN, SCRATCH_PRIZES, SCRATCH_TOTAL_WEIGHT, WHEEL_SEGMENTS, type Rng } from './games.ts';

/** A small seeded generator (mulberry32): the simulation is the same on every run. */
function seeded(seed: number): Rng {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return Math.floor((((value ^ (value >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const game = (code: string) => DEMO_GAMES.find((item) => item.game_code === code)!;

describe('the demo aggregator games', () => {
  it('publish the RTP their tables give', () => {
    const scratch = SCRATCH_PRIZES.reduce((sum, tier) => sum + tier.multiplier * tier.weight, 0) / SCRATCH_TOTAL_WEIGHT;
    const wheel = WHEEL_SEGMENTS.reduce<number>((sum, multiplier) => sum + multiplier, 0) / WHEEL_SEGMENTS.length;
    const highCard = (24 * HIGH_CARD_WIN + 3) / 51;
    expect((scratch * 100).toFixed(2)).toBe(game('tinderbox-lantern-scratch').rtp);
    expect((wheel * 100).toFixed(2)).toBe(game('northwind-fortune-wheel').rtp);
    expect((highCard * 100).toFixed(2)).toBe(game('gullgale-harbour-high-card').rtp);
  });

  it.each(DEMO_GAMES.map((item) => [item.game_code, item] as const))('%s returns its RTP over 200,000 rounds, within 1.5 points', (_code, item) => {
    const rng = seeded(29);
    let staked = 0;
    let won = 0;
    for (let round = 0; round < 200_000; round += 1) {
      const { win } = item.play(100, rng);
      staked += 100;
      won += win;
    }
    expect(Math.abs((won / staked) * 100 - Number(item.rtp))).toBeLessThan(1.5);
  });

  it('deals scratch cards that show exactly their prize', () => {
    const rng = seeded(7);
    for (let round = 0; round < 5000; round += 1) {
      const { outcome, win } = game('tinderbox-lantern-scratch').play(100, rng);
      const cells = outcome.cells as string[];
      const counts = new Map<string, number>();
      for (const cell of cells) counts.set(cell, (counts.get(cell) ?? 0) + 1);
      const triples = [...counts].filter(([, count]) => count >= 3).map(([symbol]) => symbol);
      expect(cells).toHaveLength(9);
      expect(triples).toEqual(outcome.symbol ? [outcome.symbol] : []);
      expect(win).toBe(100 * (outcome.multiplier as number));
    }
  });

  it('never deals the same card twice in high card', () => {
    const rng = seeded(11);
    for (let round = 0; round < 5000; round += 1) {
      const { outcome } = game('gullgale-harbour-high-card').play(100, rng);
      const { player, dealer } = outcome as { player: { rank: string; suit: string }; dealer: { rank: string; suit: string } };
      expect(`${player.rank}${player.suit}`).not.toBe(`${dealer.rank}${dealer.suit}`);
    }
  });
});
