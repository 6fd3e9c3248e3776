import { describe, expect, it } from 'vitest';
import { CAME_FROM_KEY, PAYMENT_SUCCESS_RETURN_KEY, cameFrom, isPaymentFlowPath, noteVisitedPath, storeSuccessReturn, takeSuccessReturn } from './return-path.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const ORIGIN = 'https://croupier.test';

describe('payment success return address', () => {
  it('is read once, removed, then answered', () => {
    const storage = memory({ [PAYMENT_SUCCESS_RETURN_KEY]: '/fr/gamehall?category=slot' });
    expect(takeSuccessReturn(storage)).toBe('/fr/gamehall?category=slot');
    expect(storage.data.has(PAYMENT_SUCCESS_RETURN_KEY)).toBe(false);
    expect(takeSuccessReturn(storage)).toBeNull();
  });

  it('only follows a path on this site, and still removes anything else', () => {
    for (const value of ['https://evil.test/', '//evil.test', 'javascript:alert(1)', '/\\evil.test']) {
      const storage = memory({ [PAYMENT_SUCCESS_RETURN_KEY]: value });
      expect(takeSuccessReturn(storage)).toBeNull();
      expect(storage.data.size).toBe(0);
    }
  });

  it('is stored only when it is a local path', () => {
    const storage = memory();
    storeSuccessReturn(storage, '//evil.test');
    expect(storage.data.size).toBe(0);
    storeSuccessReturn(storage, '/winners');
    expect(storage.data.get(PAYMENT_SUCCESS_RETURN_KEY)).toBe('/winners');
  });

  it('survives a storage that throws', () => {
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); }, removeItem: () => { throw new Error('blocked'); } };
    expect(takeSuccessReturn(broken)).toBeNull();
    expect(() => storeSuccessReturn(broken, '/gamehall')).not.toThrow();
    expect(() => noteVisitedPath(broken, '/gamehall')).not.toThrow();
    expect(cameFrom(broken, '', ORIGIN)).toBeNull();
  });
});

describe('the page the player came from', () => {
  it('knows the payment flow paths, in both languages', () => {
    for (const path of ['/cashier', '/cashier/deposit', '/cashier/deposit/card', '/fr/cashier/deposit', '/cashier/paysuccess/dep_1', '/cashier/payfail', '/cashier/billing', '/psp/demo/pay/x']) {
      expect(isPaymentFlowPath(path), path).toBe(true);
    }
    for (const path of ['/', '/gamehall', '/cashier/wallet', '/fr/cashier/history?tab=withdrawal', '/game/x', '/deposit-bonus']) {
      expect(isPaymentFlowPath(path), path).toBe(false);
    }
  });

  it('is the last page noted outside the payment flow', () => {
    const storage = memory();
    noteVisitedPath(storage, '/gamehall?category=live');
    noteVisitedPath(storage, '/cashier/deposit');
    noteVisitedPath(storage, '/cashier/paysuccess/dep_x');
    expect(storage.data.get(CAME_FROM_KEY)).toBe('/gamehall?category=live');
    expect(cameFrom(storage, '', ORIGIN)).toBe('/gamehall?category=live');
  });

  it('falls back to a same-site referrer outside the payment flow', () => {
    expect(cameFrom(memory(), `${ORIGIN}/winners?x=1`, ORIGIN)).toBe('/winners?x=1');
    expect(cameFrom(memory(), 'https://elsewhere.test/page', ORIGIN)).toBeNull();
    expect(cameFrom(memory(), `${ORIGIN}/cashier/deposit`, ORIGIN)).toBeNull();
    expect(cameFrom(memory(), 'not a url', ORIGIN)).toBeNull();
    expect(cameFrom(undefined, '', ORIGIN)).toBeNull();
  });
});
