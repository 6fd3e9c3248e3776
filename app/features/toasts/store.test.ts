import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from './store.ts';

describe('toast manager', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('adds toasts with 21-character ids and removes each after its time (5 s by default)', () => {
    const id = useToasts.getState().show({ kind: 'success', title: 'Credited' });
    useToasts.getState().show({ kind: 'error', title: 'Short', durationMs: 1000 });
    expect(id).toHaveLength(21);
    expect(useToasts.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Credited']);
    vi.advanceTimersByTime(3999);
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('removes a toast by id on demand', () => {
    const id = useToasts.getState().show({ kind: 'info', title: 'Hello' });
    useToasts.getState().dismiss(id);
    expect(useToasts.getState().toasts).toEqual([]);
  });
});
