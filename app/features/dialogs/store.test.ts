import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isVisible, useDialogs } from './store.ts';

const state = () => useDialogs.getState();

describe('dialog manager', () => {
  beforeEach(() => useDialogs.setState({ dialogs: [] }));

  it('stacks dialogs with 21-character ids; only the topmost of each type is visible', () => {
    const first = state().open({ component: 'auth' });
    const second = state().open({ component: 'games-search' });
    const confirm = state().open({ component: 'bonus-confirm', type: 'confirm' });
    expect(first).toHaveLength(21);
    const dialogs = state().dialogs;
    expect(dialogs.map((d) => d.id)).toEqual([first, second, confirm]);
    expect(dialogs.filter((d) => isVisible(dialogs, d)).map((d) => d.id)).toEqual([second, confirm]);
    state().close(second);
    const after = state().dialogs;
    expect(after.filter((d) => isVisible(after, d)).map((d) => d.id)).toEqual([first, confirm]);
  });

  it('refuses to close a preventClose dialog unless asked immediately, and reports the result', () => {
    const onClose = vi.fn();
    const id = state().open({ component: 'auth', dialogProps: { preventClose: true }, onClose });
    expect(state().close(id)).toBe(false);
    expect(state().dialogs).toHaveLength(1);
    expect(state().close(id, { immediate: true, result: 'done' })).toBe(true);
    expect(state().dialogs).toHaveLength(0);
    expect(onClose).toHaveBeenCalledWith('done');
  });

  it('queues dialogs: closing the top one reveals the one below', () => {
    const a = state().open({ component: 'cashback' });
    const b = state().open({ component: 'campaign' });
    expect(isVisible(state().dialogs, state().dialogs[0])).toBe(false);
    state().close(b);
    expect(state().dialogs.map((d) => d.id)).toEqual([a]);
    expect(isVisible(state().dialogs, state().dialogs[0])).toBe(true);
  });
});
