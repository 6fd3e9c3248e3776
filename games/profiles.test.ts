import { describe, expect, it } from 'vitest';
import { GAME_PROFILES, profileOf, volatilityOf } from './profiles.ts';
import { ROUNDS, TIMEOUT } from './rtp-check.ts';
import { simulate } from './simulate.ts';
import type { GameSysname } from './index.ts';

describe('game profiles from the simulation', () => {
  it('sorts a spread into its volatility class', () => {
    expect(volatilityOf(1.2)).toBe('low');
    expect(volatilityOf(3)).toBe('medium');
    expect(volatilityOf(7.99)).toBe('medium');
    expect(volatilityOf(8)).toBe('high');
    expect(profileOf('slot')?.volatility).toBe('medium');
    expect(profileOf('dice')).toBeNull();
  });

  // The same seeds and nonces as the profile's run: the long run (CI) must give its figures
  // exactly; the quick run plays its first tenth, whose biggest win cannot be bigger.
  it.each(Object.entries(GAME_PROFILES))('%s: the published figures are what the simulation gives', { timeout: TIMEOUT }, (_engine, profile) => {
    const report = simulate(profile.simulated as GameSysname, { rounds: ROUNDS });
    if (ROUNDS === profile.rounds) {
      expect(report.hitFrequency).toBeCloseTo(profile.hitRate, 5);
      expect(report.maxReturn).toBeCloseTo(profile.maxReturn, 2);
      expect(report.stdDev).toBeCloseTo(profile.stdDev, 3);
    } else {
      expect(Math.abs(report.hitFrequency - profile.hitRate)).toBeLessThan(0.01);
      expect(report.maxReturn).toBeLessThanOrEqual(profile.maxReturn);
      expect(volatilityOf(report.stdDev)).toBe(volatilityOf(profile.stdDev));
    }
  });
});
