import type { StakeLimits } from '../../../contract/studio.ts';
import { compareAmounts } from './money.ts';

/**
 * The stake a session starts with: the third preset (a comfortable middle of the range) when the
 * balance covers it 20 times, else the largest preset the balance covers 20 times, else the
 * smallest.
 */
export function defaultStake(limits: StakeLimits, balance: string): string {
  const presets = limits.presets.length ? limits.presets : [limits.min];
  const affordable = (preset: string) => Number(preset) * 20 <= Number(balance);
  const preferred = presets[Math.min(2, presets.length - 1)];
  if (affordable(preferred)) return preferred;
  const fitting = presets.filter(affordable);
  return fitting.length ? fitting[fitting.length - 1] : presets[0];
}

/** Within the limits and a whole number of steps. */
export function isValidStake(limits: StakeLimits, stake: string): boolean {
  if (compareAmounts(stake, limits.min) < 0 || compareAmounts(stake, limits.max) > 0) return false;
  const step = Math.round(Number(limits.step) * 100);
  const value = Math.round(Number(stake) * 100);
  return step > 0 && value % step === 0;
}

/** The next or previous preset from the current stake (a stake between presets moves to the nearest one that way). */
export function stepPreset(presets: readonly string[], current: string, step: 1 | -1): string {
  if (presets.length === 0) return current;
  if (step > 0) return presets.find((preset) => compareAmounts(preset, current) > 0) ?? presets[presets.length - 1];
  return [...presets].reverse().find((preset) => compareAmounts(preset, current) < 0) ?? presets[0];
}
