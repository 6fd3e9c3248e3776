import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { errorUntilChanged } from './field-errors.ts';

const sent = { price: 0, reward: { type: 'fixed_bonus', amount: '-1' }, texts: { en: { name: '' } } };
const refusal = new ApiError('ValidationError', 'Some fields are wrong', 400, { price: 'At least 1', 'reward.amount': 'Above zero', 'texts.en.name': 'Required' });

describe('errorUntilChanged', () => {
  it('shows each refused field while it holds what was sent', () => {
    expect(errorUntilChanged(refusal, sent, structuredClone(sent), 'price')).toBe('At least 1');
    expect(errorUntilChanged(refusal, sent, structuredClone(sent), 'reward.amount')).toBe('Above zero');
    expect(errorUntilChanged(refusal, sent, structuredClone(sent), 'texts.en.name')).toBe('Required');
  });

  it('drops a field’s message once the operator changes that field, and only that one', () => {
    const corrected = { ...structuredClone(sent), price: 750 };
    expect(errorUntilChanged(refusal, sent, corrected, 'price')).toBeUndefined();
    expect(errorUntilChanged(refusal, sent, corrected, 'reward.amount')).toBe('Above zero');
    const renamed = { ...structuredClone(sent), texts: { en: { name: '20 free spins' } } };
    expect(errorUntilChanged(refusal, sent, renamed, 'texts.en.name')).toBeUndefined();
    expect(errorUntilChanged(refusal, sent, renamed, 'price')).toBe('At least 1');
  });

  it('drops a nested field’s message when the object holding it is replaced (another reward kind)', () => {
    const otherKind = { ...structuredClone(sent), reward: { type: 'free_spins', game: 'golden-croupier' } };
    expect(errorUntilChanged(refusal, sent, otherKind, 'reward.amount')).toBeUndefined();
  });

  it('shows nothing without a refusal, and a field the server did not name stays clean', () => {
    expect(errorUntilChanged(null, sent, sent, 'price')).toBeUndefined();
    expect(errorUntilChanged(refusal, sent, sent, 'sysname')).toBeUndefined();
  });
});
