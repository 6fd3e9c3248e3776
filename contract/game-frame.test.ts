import { describe, expect, it } from 'vitest';
import { readParentMessage, safeFramePath } from './game-frame.ts';

describe('game frame messages', () => {
  it('accepts only same-origin relative paths outside the play frame', () => {
    expect(safeFramePath('/cashier/deposit')).toBe('/cashier/deposit');
    expect(safeFramePath('/fr/gamehall?category=slot#top')).toBe('/fr/gamehall?category=slot#top');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'cashier', '', '/a b', '/a\nb', `/${'a'.repeat(2048)}`, 42, null]) {
      expect(safeFramePath(bad), String(bad)).toBeNull();
    }
    expect(safeFramePath('/platform/game/golden-croupier/play?mode=demo')).toBeNull();
    expect(safeFramePath('/fr/platform/game/golden-croupier/play')).toBeNull();
    expect(safeFramePath('/platformer')).toBe('/platformer');
  });

  it('reads checkIframe and the studio messages, and nothing else', () => {
    expect(readParentMessage({ type: 'checkIframe', path: '/cashier/deposit' })).toEqual({ kind: 'navigate', path: '/cashier/deposit' });
    expect(readParentMessage({ type: 'checkIframe', path: 'https://evil.example' })).toBeNull();
    expect(readParentMessage({ type: 'croupier:balance', balance: '12.50', currency: 'EUR', mode: 'real' })).toEqual({ kind: 'balance', balance: '12.50', currency: 'EUR', mode: 'real' });
    expect(readParentMessage({ type: 'croupier:balance', balance: 'lots', currency: 'EUR', mode: 'real' })).toBeNull();
    expect(readParentMessage({ type: 'croupier:balance', balance: '1.00', currency: 'EUR', mode: 'fun' })).toBeNull();
    expect(readParentMessage({ type: 'croupier:round', round_id: 'r-1', win: '0.00', staked: '1.00' })).toEqual({ kind: 'round', roundId: 'r-1' });
    expect(readParentMessage('checkIframe')).toBeNull();
    expect(readParentMessage({ type: 'other' })).toBeNull();
  });
});
