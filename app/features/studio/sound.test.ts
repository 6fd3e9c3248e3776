import { afterEach, describe, expect, it, vi } from 'vitest';
import { cueOfRound, playCue, setSoundMuted } from './sound.ts';

const round = (status: 'open' | 'settled', staked: string, win: string) => ({ status, staked, win });

describe('the studio sound cues', () => {
  it('celebrates only a return above the stake, and a big one more', () => {
    expect(cueOfRound(round('settled', '1.00', '0.00'))).toBeNull();
    expect(cueOfRound(round('settled', '1.00', '0.50'))).toBe('even');
    expect(cueOfRound(round('settled', '1.00', '1.00'))).toBe('even');
    expect(cueOfRound(round('settled', '1.00', '1.01'))).toBe('win');
    expect(cueOfRound(round('settled', '1.00', '9.99'))).toBe('win');
    expect(cueOfRound(round('settled', '1.00', '10.00'))).toBe('bigWin');
    // A free spin stakes nothing: any win is a win, never "big" by a ratio to zero.
    expect(cueOfRound(round('settled', '0.00', '3.00'))).toBe('win');
    expect(cueOfRound(round('open', '2.00', '0.00'))).toBe('step');
  });
});

describe('the mute switch', () => {
  const storage = new Map<string, string>();
  const oscillators: Array<{ frequency: number }> = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    suspend = async () => undefined;
    createOscillator() {
      const oscillator = { type: '', frequency: { value: 0 }, connect: (next: unknown) => next, start: () => oscillators.push({ frequency: oscillator.frequency.value }), stop: () => undefined };
      return oscillator;
    }
    createGain() {
      return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (next: unknown) => next };
    }
  }
  vi.stubGlobal('window', {
    AudioContext: FakeAudioContext,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value), removeItem: (key: string) => storage.delete(key) },
  });
  afterEach(() => setSoundMuted(false));

  it('plays the notes of a cue, and none once muted; the choice is kept for the next visit', () => {
    expect(playCue('win')).toBe(true);
    expect(oscillators.map((note) => Math.round(note.frequency))).toEqual([523, 659, 784]);
    setSoundMuted(true);
    expect(storage.get('croupier.studio.sound')).toBe('off');
    expect(playCue('bigWin')).toBe(false);
    expect(oscillators).toHaveLength(3);
    setSoundMuted(false);
    expect(storage.has('croupier.studio.sound')).toBe(false);
    expect(playCue('step')).toBe(true);
    expect(oscillators).toHaveLength(4);
  });
});
