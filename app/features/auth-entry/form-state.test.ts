import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../../../contract/validation.ts';
import { NO_ERRORS, errorOf, nextErrors, unshownFields, type CheckContext, type ErrorState, type Strategy } from './form-state.ts';

const rules: Record<string, FieldRule> = {
  email: { type: 'email' },
  password: { type: 'password' },
  password_confirmation: { type: 'password', confirmOf: 'password' },
};

const context = (strategy: Strategy, values: Record<string, unknown>, locale: 'en' | 'fr' = 'en'): CheckContext => ({
  strategy,
  rules,
  values,
  options: { locale },
});

describe('eager validation', () => {
  it('checks a field on blur, then at every change', () => {
    let state: ErrorState = NO_ERRORS;
    state = nextErrors(state, { type: 'change', name: 'password' }, context('eager', { password: 'abc' }));
    expect(errorOf(state, 'password')).toBeNull();
    state = nextErrors(state, { type: 'blur', name: 'password' }, context('eager', { password: 'abc' }));
    expect(errorOf(state, 'password')).toBe('Min length is 6');
    state = nextErrors(state, { type: 'change', name: 'password' }, context('eager', { password: 'abcdef' }));
    expect(errorOf(state, 'password')).toBeNull();
    state = nextErrors(state, { type: 'change', name: 'password' }, context('eager', { password: 'abc' }));
    expect(errorOf(state, 'password')).toBe('Min length is 6');
  });

  it('re-checks a touched confirmation when its password changes', () => {
    let state: ErrorState = NO_ERRORS;
    const values = { password: 'secret12', password_confirmation: 'secret1' };
    state = nextErrors(state, { type: 'blur', name: 'password_confirmation' }, context('eager', values));
    expect(errorOf(state, 'password_confirmation')).toBe('Passwords do not match');
    state = nextErrors(state, { type: 'change', name: 'password' }, context('eager', { ...values, password: 'secret1' }));
    expect(errorOf(state, 'password_confirmation')).toBeNull();
  });

  it('speaks the page language', () => {
    const state = nextErrors(NO_ERRORS, { type: 'blur', name: 'password' }, context('eager', { password: 'abc' }, 'fr'));
    expect(errorOf(state, 'password')).toBe('Longueur minimale : 6');
  });
});

describe('onSubmit validation', () => {
  it('ignores blur and change; checks everything on submit', () => {
    let state: ErrorState = NO_ERRORS;
    state = nextErrors(state, { type: 'blur', name: 'email' }, context('onSubmit', { email: 'nope' }));
    expect(errorOf(state, 'email')).toBeNull();
    state = nextErrors(state, { type: 'submit' }, context('onSubmit', { email: 'nope', password: '' }));
    expect(errorOf(state, 'email')).toBe('Wrong email address');
    expect(errorOf(state, 'password')).toBe('Field is required');
    state = nextErrors(state, { type: 'change', name: 'email' }, context('onSubmit', { email: 'a@b.co', password: '' }));
    expect(errorOf(state, 'email')).toBe('Wrong email address');
  });
});

describe('server errors', () => {
  it('show under their field until it changes, ahead of the field’s own check', () => {
    let state = nextErrors(NO_ERRORS, { type: 'server', fields: { email: 'This e-mail address is already registered' } }, context('eager', {}));
    expect(errorOf(state, 'email')).toBe('This e-mail address is already registered');
    state = nextErrors(state, { type: 'change', name: 'email' }, context('eager', { email: 'b@b.co' }));
    expect(errorOf(state, 'email')).toBeNull();
  });

  it('lists the messages of fields the form does not show', () => {
    expect(unshownFields({ email: 'taken', currency: 'Failed to save data' }, ['email', 'password'])).toEqual(['Failed to save data']);
  });
});

describe('phone fields', () => {
  it('wait for the phone check before judging', () => {
    const phoneRules = { phone: { type: 'phone', phoneCountry: 'FR' } } satisfies Record<string, FieldRule>;
    const without = nextErrors(NO_ERRORS, { type: 'submit' }, { strategy: 'eager', rules: phoneRules, values: { phone: 'x' }, options: { locale: 'en' } });
    expect(errorOf(without, 'phone')).toBeNull();
    const withCheck = nextErrors(
      NO_ERRORS,
      { type: 'submit' },
      { strategy: 'eager', rules: phoneRules, values: { phone: '' }, options: { locale: 'en', phoneCheck: () => 'missing' } },
    );
    expect(errorOf(withCheck, 'phone')).toBe('Phone number is missing');
  });

  it('are judged once the check arrives, if they were left before', () => {
    const phoneRules = { phone: { type: 'phone', phoneCountry: 'FR' } } satisfies Record<string, FieldRule>;
    const left = nextErrors(NO_ERRORS, { type: 'blur', name: 'phone' }, { strategy: 'eager', rules: phoneRules, values: { phone: '12' }, options: { locale: 'en' } });
    expect(errorOf(left, 'phone')).toBeNull();
    const judged = nextErrors(left, { type: 'recheck' }, { strategy: 'eager', rules: phoneRules, values: { phone: '12' }, options: { locale: 'en', phoneCheck: () => 'invalid' } });
    expect(errorOf(judged, 'phone')).toBe('Wrong phone number');
  });
});
