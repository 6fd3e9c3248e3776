import { describe, expect, it } from 'vitest';
import { createTurns } from './player-turns.ts';

/** A call that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    work: async () => {
      log.push(name);
      await released;
      return name;
    },
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('player turns', () => {
  it('runs at most two calls of one player at a time, the others in arrival order, and other players meanwhile', async () => {
    const inTurn = createTurns(2);
    const started: string[] = [];
    const calls = ['a1', 'a2', 'a3', 'a4'].map((name) => gate(started, name));
    const other = gate(started, 'b1');
    const results = calls.map((call) => inTurn('a', call.work));
    const otherResult = inTurn('b', other.work);
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    calls[1].release();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    calls[0].release();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    calls[2].release();
    calls[3].release();
    other.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await otherResult).toBe('b1');
  });

  it('passes the turn on when a call fails, and its caller gets the failure', async () => {
    const inTurn = createTurns(1);
    const failing = inTurn('a', async () => {
      throw new Error('refused');
    });
    const next = inTurn('a', async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('next');
    // Idle again: a new call runs at once.
    const started: string[] = [];
    const call = gate(started, 'again');
    const result = inTurn('a', call.work);
    await tick();
    expect(started).toEqual(['again']);
    call.release();
    expect(await result).toBe('again');
  });
});
