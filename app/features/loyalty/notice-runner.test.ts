import { describe, expect, it, vi } from 'vitest';
import type { LoyaltyNotice } from '../../../contract/loyalty.ts';
import { createNoticeRunner, noticeToast } from './notice-runner.ts';

function notice(id: number, type: LoyaltyNotice['type'] = 'credit', at = `2026-11-25T10:00:0${id}Z`): LoyaltyNotice {
  return { id, trigger: 'level', type, title: `Notice ${id}`, message: 'Well done', amount: 50, amountType: 'points', image: null, created_at: at };
}

function setup(answers: LoyaltyNotice[][]) {
  const shown: string[] = [];
  const delays: number[] = [];
  const pending: Array<() => void> = [];
  const chime = vi.fn();
  const onFresh = vi.fn();
  const fetch = vi.fn(async () => answers.shift() ?? []);
  const runner = createNoticeRunner({
    fetch,
    show: (toast) => shown.push(`${toast.kind}:${toast.title}`),
    chime,
    onFresh,
    delay: (run, ms) => {
      delays.push(ms);
      pending.push(run);
    },
  });
  const flush = () => pending.splice(0).forEach((run) => run());
  return { runner, shown, delays, chime, onFresh, fetch, flush };
}

describe('loyalty notices as toasts (spec 2 section 4)', () => {
  it('shows each notice about 300 ms after the fetch, oldest first, credit as success and others as error', async () => {
    const { runner, shown, delays, chime, onFresh, flush } = setup([[notice(2, 'other'), notice(1)]]);
    await runner.request();
    expect(shown).toEqual([]);
    expect(delays).toEqual([300]);
    expect(onFresh).toHaveBeenCalledOnce();
    flush();
    expect(shown).toEqual(['success:Notice 1', 'error:Notice 2']);
    expect(chime).toHaveBeenCalledOnce();
  });

  it('never shows a notice twice, and stays silent without a credit', async () => {
    const { runner, shown, chime, onFresh, flush } = setup([[notice(1, 'other')], [notice(1, 'other'), notice(2, 'other')], []]);
    await runner.request();
    await runner.request();
    await runner.request();
    flush();
    expect(shown).toEqual(['error:Notice 1', 'error:Notice 2']);
    expect(chime).not.toHaveBeenCalled();
    expect(onFresh).toHaveBeenCalledTimes(2);
  });

  it('makes one call at a time: requests during a call give one more call after it', async () => {
    const { runner, fetch } = setup([[notice(1)], [notice(2)]]);
    const first = runner.request();
    void runner.request();
    void runner.request();
    await first;
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows nothing when the fetch fails', async () => {
    const shown: string[] = [];
    const runner = createNoticeRunner({ fetch: () => Promise.reject(new Error('offline')), show: (toast) => shown.push(toast.title), delay: (run) => run() });
    await runner.request();
    expect(shown).toEqual([]);
  });

  it('lasts 5 s and carries the message and the amount', () => {
    expect(noticeToast(notice(1))).toEqual({ kind: 'success', title: 'Notice 1', message: 'Well done · +50 CP', durationMs: 5000 });
    expect(noticeToast({ ...notice(2), title: '', message: '', amount: null, amountType: null })).toEqual({ kind: 'success', title: '', message: undefined, durationMs: 5000 });
  });
});
