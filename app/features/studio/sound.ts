import { useSyncExternalStore } from 'react';
import type { RoundView } from '../../../contract/studio.ts';
import { compareAmounts } from './money.ts';

/**
 * The studio's sound (docs/studio.md, "Sound"): a few short cues synthesised with the Web Audio
 * API, so no audio file is downloaded, made in the repo or copied. Every game gets them from the
 * player (a stake leaving, a step of an open round, the round's result), so a new game sounds
 * like the others without code of its own. The mute switch is one per browser, kept in
 * localStorage, and stops every cue at once.
 */
export type SoundCue = 'stake' | 'step' | 'even' | 'win' | 'bigWin';

/** A win this many times the stake or more sounds bigger. */
const BIG_WIN_MULTIPLIER = 10;

/**
 * The cue of a round the player just saw. A return at or below the stake is not celebrated
 * (UKGC remote technical standards, docs/studio.md "Pace by jurisdiction"; we apply it
 * everywhere): it gets a neutral tone, a loss none.
 */
export function cueOfRound(round: Pick<RoundView, 'status' | 'staked' | 'win'>): SoundCue | null {
  if (round.status === 'open') return 'step';
  if (Number(round.win) <= 0) return null;
  if (compareAmounts(round.win, round.staked) <= 0) return 'even';
  return Number(round.staked) > 0 && Number(round.win) >= Number(round.staked) * BIG_WIN_MULTIPLIER ? 'bigWin' : 'win';
}

/** Notes of each cue: frequency in Hz, start and length in seconds, the oscillator's shape. */
type Note = { hz: number; at: number; length: number; wave: OscillatorType; gain: number };
const note = (hz: number, at: number, length: number, wave: OscillatorType = 'triangle', gain = 0.16): Note => ({ hz, at, length, wave, gain });
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const C6 = 1046.5;
const CUES: Record<SoundCue, Note[]> = {
  stake: [note(880, 0, 0.045, 'square', 0.05)],
  step: [note(1318.5, 0, 0.07, 'sine', 0.12)],
  even: [note(G5, 0, 0.16, 'sine', 0.1)],
  win: [note(C5, 0, 0.12), note(E5, 0.09, 0.12), note(G5, 0.18, 0.22)],
  bigWin: [note(C5, 0, 0.1), note(E5, 0.08, 0.1), note(G5, 0.16, 0.1), note(C6, 0.24, 0.4), note(E5 * 2, 0.34, 0.45, 'sine', 0.1)],
};

const STORAGE_KEY = 'croupier.studio.sound';
const listeners = new Set<() => void>();
let context: AudioContext | null = null;
/** This page's switch, read from storage once. */
let mutedHere: boolean | null = null;

function storedMuted(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'off';
  } catch {
    return false;
  }
}

export function setSoundMuted(muted: boolean) {
  try {
    if (muted) window.localStorage.setItem(STORAGE_KEY, 'off');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the switch still holds for this page.
  }
  mutedHere = muted;
  if (muted) void context?.suspend();
  for (const listener of listeners) listener();
}

const isMuted = () => (mutedHere ??= storedMuted());

/** Whether the player muted the games, live (another tab's change arrives through `storage`). */
export function useSoundMuted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEY) return;
        mutedHere = storedMuted();
        notify();
      };
      listeners.add(notify);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(notify);
        window.removeEventListener('storage', onStorage);
      };
    },
    isMuted,
    () => false,
  );
}

/**
 * Plays a cue unless muted; answers whether it played. The audio context is made at the first cue,
 * which always follows a click or a key (browsers only let a page make sound after a gesture).
 */
export function playCue(cue: SoundCue): boolean {
  if (typeof window === 'undefined' || isMuted()) return false;
  const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return false;
  context ??= new AudioContextClass();
  if (context.state === 'suspended') void context.resume();
  const start = context.currentTime + 0.01;
  for (const { hz, at, length, wave, gain } of CUES[cue]) {
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = hz;
    // A short attack and an exponential fall: no click at either end.
    envelope.gain.setValueAtTime(0.0001, start + at);
    envelope.gain.exponentialRampToValueAtTime(gain, start + at + 0.012);
    envelope.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    oscillator.connect(envelope).connect(context.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length + 0.02);
  }
  return true;
}
