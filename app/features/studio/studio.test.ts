import { describe, expect, it } from 'vitest';
import { STAKE_LIMITS } from '../../../contract/studio.ts';
import { ApiError } from '../../lib/api-error.ts';
import { describeStudioError, fieldMessages } from './errors.ts';
import { roundMessages } from './frame-messages.ts';
import { addAmounts, chipLabel, compareAmounts, fromMinor, subtractAmount, toMinor } from './money.ts';
import { defaultStake, isValidStake, stepPreset } from './stake.ts';

describe('studio money', () => {
  it('reads and writes major-unit strings in minor units', () => {
    expect(toMinor('2.40')).toBe(240n);
    expect(toMinor('2.4')).toBe(240n);
    expect(toMinor('-1.05')).toBe(-105n);
    expect(toMinor('7')).toBe(700n);
    expect(toMinor('junk')).toBe(0n);
    expect(fromMinor(5n)).toBe('0.05');
    expect(fromMinor(-240n)).toBe('-2.40');
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(subtractAmount('1000.00', '0.20')).toBe('999.80');
    expect(compareAmounts('1.00', '1')).toBe(0);
    expect(chipLabel('0.50')).toBe('0.50');
    expect(chipLabel('25.00')).toBe('25');
    expect(chipLabel('1000.00')).toBe('1K');
  });
});

describe('stakes', () => {
  it('starts on a comfortable preset the balance covers', () => {
    expect(defaultStake(STAKE_LIMITS.slot, '1000.00')).toBe('1.00');
    expect(defaultStake(STAKE_LIMITS.slot, '10.00')).toBe('0.40');
    expect(defaultStake(STAKE_LIMITS.slot, '0.00')).toBe('0.20');
    expect(defaultStake(STAKE_LIMITS.blackjack, '1000.00')).toBe('10.00');
  });

  it('steps through the presets and keeps to the limits', () => {
    const presets = STAKE_LIMITS.slot.presets;
    expect(stepPreset(presets, '1.00', 1)).toBe('2.00');
    expect(stepPreset(presets, '1.00', -1)).toBe('0.40');
    expect(stepPreset(presets, '100.00', 1)).toBe('100.00');
    expect(stepPreset(presets, '0.20', -1)).toBe('0.20');
    expect(stepPreset(presets, '1.50', 1)).toBe('2.00');
    for (const limits of Object.values(STAKE_LIMITS)) for (const preset of limits.presets) expect(isValidStake(limits, preset)).toBe(true);
    expect(isValidStake(STAKE_LIMITS.slot, '0.30')).toBe(false);
    expect(isValidStake(STAKE_LIMITS.dice, '1000.01')).toBe(false);
  });
});

describe('studio errors', () => {
  it('tells not enough money from a refused bet, a lost session and a pause', () => {
    const funds = describeStudioError(new ApiError('UserNeedDepositException', 'Not enough money for this bet: deposit to play on', 409, { amount: 'Solde insuffisant pour cette mise : déposez pour continuer' }));
    expect(funds.kind).toBe('funds');
    expect(fieldMessages(funds)).toEqual(['Solde insuffisant pour cette mise : déposez pour continuer']);
    expect(describeStudioError(new ApiError('InvalidParameterException', 'Not enough fun money for this bet: lower the stake', 422, { amount: 'x' })).kind).toBe('funds');
    expect(describeStudioError(new ApiError('InvalidParameterException', 'Bad target', 422, { target: 'Win chance must be 1% to 98%' })).kind).toBe('invalid');
    expect(describeStudioError(new ApiError('AccessDeniedException', 'The game session has expired', 403, { token: 'expired' })).kind).toBe('session');
    expect(describeStudioError(new ApiError('AuthorizationException', 'Sign in', 401)).kind).toBe('signIn');
    expect(describeStudioError(new ApiError('TooManyRequestsException', 'Slow down', 429)).kind).toBe('tooFast');
    expect(describeStudioError(new ApiError('MethodNotFoundException', 'No such method', 404)).kind).toBe('unavailable');
    expect(describeStudioError(new TypeError('Failed to fetch')).kind).toBe('network');
  });
});

describe('frame messages', () => {
  const round = { round_id: 'r1', balance: '998.00', currency: 'EUR', win: '0.00', staked: '2.00', status: 'settled' } as Parameters<typeof roundMessages>[0];

  it('reports the balance, then the round once it is settled', () => {
    expect(roundMessages(round, 'demo')).toEqual([
      { type: 'croupier:balance', balance: '998.00', currency: 'EUR', mode: 'demo' },
      { type: 'croupier:round', round_id: 'r1', win: '0.00', staked: '2.00' },
    ]);
    expect(roundMessages({ ...round, status: 'open' }, 'real')).toEqual([{ type: 'croupier:balance', balance: '998.00', currency: 'EUR', mode: 'real' }]);
  });
});
