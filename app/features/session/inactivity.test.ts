import { describe, expect, it, vi } from 'vitest';
import { createInactivityTimer, inactivityTimes, secondsLeft, type Scheduler } from './inactivity.ts';

/** A hand-driven clock: timers fire only when the test advances time. */
function fakeScheduler() {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  /** Moves the clock forward, firing due timers in order (a late timer fires at `lateBy` extra). */
  function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].at);
      due[1].callback();
    }
    now = end;
  }
  /** Jumps the clock without firing anything (a suspended machine), then fires what is due. */
  function sleep(ms: number) {
    now += ms;
    advance(0);
  }
  return { scheduler, advance, sleep, pending: () => timers.size, now: () => now };
}

function setup(totalSeconds = 100) {
  const clock = fakeScheduler();
  const callbacks = { onWarning: vi.fn(), onWarningEnd: vi.fn(), onExpire: vi.fn() };
  const timer = createInactivityTimer(totalSeconds, callbacks, clock.scheduler);
  return { clock, callbacks, timer };
}

describe('inactivity timer', () => {
  it('computes the warning at 80% and the logout at the full time', () => {
    expect(inactivityTimes(900)).toEqual({ warnAfterMs: 720_000, logoutAfterMs: 900_000 });
    expect(inactivityTimes(10)).toEqual({ warnAfterMs: 8_000, logoutAfterMs: 10_000 });
  });

  it('counts down whole seconds, rounded up, never below zero', () => {
    expect(secondsLeft(10_000, 8_000)).toBe(2);
    expect(secondsLeft(10_000, 8_001)).toBe(2);
    expect(secondsLeft(10_000, 9_000)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('warns at 80% with the logout deadline, then expires at 100%', () => {
    const { clock, callbacks, timer } = setup(100);
    const started = clock.now();
    timer.start();
    expect(timer.phase()).toBe('active');
    clock.advance(79_999);
    expect(callbacks.onWarning).not.toHaveBeenCalled();
    clock.advance(1);
    expect(callbacks.onWarning).toHaveBeenCalledTimes(1);
    expect(callbacks.onWarning).toHaveBeenCalledWith(started + 100_000);
    expect(timer.phase()).toBe('warning');
    clock.advance(19_999);
    expect(callbacks.onExpire).not.toHaveBeenCalled();
    clock.advance(1);
    expect(callbacks.onExpire).toHaveBeenCalledTimes(1);
    expect(timer.phase()).toBe('expired');
    expect(timer.logoutAt()).toBeNull();
    expect(clock.pending()).toBe(0);
  });

  it('activity before the warning starts the count over', () => {
    const { clock, callbacks, timer } = setup(100);
    timer.start();
    clock.advance(70_000);
    timer.activity();
    clock.advance(70_000);
    expect(callbacks.onWarning).not.toHaveBeenCalled();
    clock.advance(10_000);
    expect(callbacks.onWarning).toHaveBeenCalledTimes(1);
    expect(callbacks.onWarningEnd).not.toHaveBeenCalled();
  });

  it('activity during the warning ends it and restarts the full time', () => {
    const { clock, callbacks, timer } = setup(10);
    timer.start();
    clock.advance(9_000);
    expect(timer.phase()).toBe('warning');
    timer.activity();
    expect(callbacks.onWarningEnd).toHaveBeenCalledTimes(1);
    expect(timer.phase()).toBe('active');
    clock.advance(7_999);
    expect(callbacks.onExpire).not.toHaveBeenCalled();
    expect(callbacks.onWarning).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(callbacks.onWarning).toHaveBeenCalledTimes(2);
    clock.advance(2_000);
    expect(callbacks.onExpire).toHaveBeenCalledTimes(1);
  });

  it('stopping (logging out) clears the timers: no warning, no logout, activity ignored', () => {
    const { clock, callbacks, timer } = setup(10);
    timer.start();
    clock.advance(8_500);
    timer.stop();
    expect(timer.phase()).toBe('stopped');
    expect(clock.pending()).toBe(0);
    timer.activity();
    clock.advance(60_000);
    expect(callbacks.onExpire).not.toHaveBeenCalled();
    expect(callbacks.onWarningEnd).not.toHaveBeenCalled();
    expect(callbacks.onWarning).toHaveBeenCalledTimes(1);
  });

  it('expires directly when a timer fires after the whole time (the machine slept)', () => {
    const { clock, callbacks, timer } = setup(100);
    timer.start();
    clock.sleep(500_000);
    expect(callbacks.onWarning).not.toHaveBeenCalled();
    expect(callbacks.onExpire).toHaveBeenCalledTimes(1);
  });

  it('ignores activity after expiry, so the logout happens once', () => {
    const { clock, callbacks, timer } = setup(10);
    timer.start();
    clock.advance(10_000);
    timer.activity();
    clock.advance(20_000);
    expect(callbacks.onExpire).toHaveBeenCalledTimes(1);
    expect(timer.phase()).toBe('expired');
  });

  it('reports the logout deadline while counting', () => {
    const { clock, timer } = setup(10);
    expect(timer.logoutAt()).toBeNull();
    timer.start();
    expect(timer.logoutAt()).toBe(clock.now() + 10_000);
    clock.advance(3_000);
    timer.activity();
    expect(timer.logoutAt()).toBe(clock.now() + 10_000);
  });
});
