import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../contract/validation.ts';
import { initialValues, rulesFor } from './personal-data-form.tsx';
import type { PersonalDataField, ProfileInfo } from './types.ts';

const FIELDS: PersonalDataField[] = [
  { name: 'first_name', type: 'name', required: false },
  { name: 'last_name', type: 'name', required: false },
  { name: 'sex', type: 'sex', required: false, options: [1, 2] },
  { name: 'birth_date', type: 'date', required: false },
  { name: 'postcode', type: 'postcode', required: false },
];

const PROFILE = { first_name: 'Ada', last_name: null, sex: 0, birth_date: null, postcode: '75001' } as unknown as ProfileInfo;

describe('personal data form', () => {
  it('turns the profile into text values, sex 0 when unset', () => {
    expect(initialValues(FIELDS, PROFILE)).toEqual({ first_name: 'Ada', last_name: '', sex: '0', birth_date: '', postcode: '75001' });
  });

  it('shows a stored dd.mm.yyyy birth date in the date input form', () => {
    expect(initialValues(FIELDS, { ...PROFILE, birth_date: '01.02.1990', sex: 2 }).birth_date).toBe('1990-02-01');
    expect(initialValues(FIELDS, { ...PROFILE, birth_date: '1990-02-01', sex: 2 }).sex).toBe('2');
  });

  it('checks names with the shared rule, in both languages', () => {
    const rules = rulesFor(FIELDS, new Date('2026-01-01'));
    expect(validateForm(rules, { last_name: 'R2D2' }, { locale: 'en' })).toEqual({ last_name: 'Wrong symbols in name' });
    expect(validateForm(rules, { last_name: 'R2D2' }, { locale: 'fr' })).toEqual({ last_name: 'Caractères non autorisés dans le nom' });
    expect(validateForm(rules, { first_name: '', last_name: 'Lovelace' }, { locale: 'en' })).toEqual({});
  });

  it('bounds the birth date like the server: 1900 at the earliest, 18 years ago at the latest', () => {
    const rules = rulesFor(FIELDS, new Date('2026-06-15T12:00:00'));
    expect(validateForm(rules, { birth_date: '1990-05-01' }, { locale: 'en' })).toEqual({});
    expect(validateForm(rules, { birth_date: '2010-01-01' }, { locale: 'en' }).birth_date).toBe('Max date is 15.06.2008');
    expect(validateForm(rules, { birth_date: '1899-12-31' }, { locale: 'en' }).birth_date).toBe('Min date is 01.01.1900');
  });
});
