import { describe, expect, it } from 'vitest';
import { addSeen, isCampaignSysname, parseSeen, popupAllowed, popupFlag, promoCodeProblem, unseenPopups } from './popup-rules.ts';

describe('popupAllowed', () => {
  it('keeps campaign popups off games and the deposit pages, in every locale', () => {
    for (const path of ['/game/golden-croupier', '/fr/game/golden-croupier', '/platform/game/x/play', '/cashier/deposit', '/cashier/deposit/visa', '/fr/cashier/deposit']) {
      expect(popupAllowed(path), path).toBe(false);
    }
  });
  it('allows every other page', () => {
    for (const path of ['/', '/fr', '/gamehall', '/promotions/golden-spins', '/cashier/withdraw', '/cashier/deposits-history', '/games']) {
      expect(popupAllowed(path), path).toBe(true);
    }
  });
});

describe('popupFlag', () => {
  it('reads ?popup= (the last one), and the preview hash', () => {
    expect(popupFlag('?popup=golden-spins', '')).toEqual({ sysname: 'golden-spins', preview: false });
    expect(popupFlag('?popup=a&popup=weekly-cashback', '#popup-preview')).toEqual({ sysname: 'weekly-cashback', preview: true });
    expect(popupFlag('?popup=Golden-Spins', '#other')).toEqual({ sysname: 'golden-spins', preview: false });
  });
  it('ignores a missing or malformed name', () => {
    expect(popupFlag('', '')).toBeNull();
    expect(popupFlag('?popup=', '')).toBeNull();
    expect(popupFlag('?popup=../etc', '')).toBeNull();
    expect(popupFlag(`?popup=${'a'.repeat(65)}`, '')).toBeNull();
    expect(isCampaignSysname('no_such')).toBe(false);
  });
});

describe('seen popups', () => {
  it('reads stored ids, skipping junk', () => {
    expect(parseSeen(null)).toEqual([]);
    expect(parseSeen('3,x,,7,-1,2.5')).toEqual([3, 7]);
  });
  it('adds ids once and keeps the newest 200', () => {
    expect(addSeen([1, 2], [2, 3])).toBe('1,2,3');
    const many = Array.from({ length: 200 }, (_, index) => index + 1);
    expect(parseSeen(addSeen(many, [500]))).toHaveLength(200);
    expect(parseSeen(addSeen(many, [500])).at(-1)).toBe(500);
    expect(parseSeen(addSeen(many, [500]))[0]).toBe(2);
  });
  it('queues only the campaigns never shown', () => {
    expect(unseenPopups([{ id: 1 }, { id: 2 }, { id: 3 }], [2])).toEqual([{ id: 1 }, { id: 3 }]);
  });
});

describe('promoCodeProblem', () => {
  it('shows a known code by its code', () => {
    expect(promoCodeProblem({ details: { code: 'USED' }, fields: { promo_code: 'Already used' } })).toEqual({ code: 'USED', message: null });
  });
  it('falls back to INVALID, with the server message about the field when there is one', () => {
    expect(promoCodeProblem({ details: { code: 'WHATEVER' } })).toEqual({ code: 'INVALID', message: null });
    expect(promoCodeProblem({ details: {}, fields: { promo_code: 'Too many attempts' } })).toEqual({ code: 'INVALID', message: 'Too many attempts' });
    expect(promoCodeProblem(null)).toEqual({ code: 'INVALID', message: null });
  });
});
