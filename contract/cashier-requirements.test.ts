import { describe, expect, it } from 'vitest';
import { cashierRequirementSchema, missingRequirements, strictestRequirement } from './cashier-requirements.ts';

describe('cashier requirements', () => {
  const email = { type: 'email' as const, contact: 'ada@example.com', is_confirmed: false, is_login: true };
  const phone = { type: 'phone' as const, contact: '+33612345678', is_confirmed: false, is_login: false };

  it('asks for nothing by default', () => {
    expect(missingRequirements(cashierRequirementSchema.parse({}), {}, [email])).toEqual({ profile_fields: [], confirm_contact: false, contact: null });
  });

  it('lists the empty fields in the configured order; gender 0 and blank text count as not given', () => {
    const requirement = cashierRequirementSchema.parse({ profileFields: ['sex', 'last_name', 'first_name', 'birth_date'] });
    expect(missingRequirements(requirement, { sex: 0, last_name: '  ', first_name: 'Ada', birth_date: null }, []).profile_fields).toEqual(['sex', 'last_name', 'birth_date']);
    expect(missingRequirements(requirement, { sex: 2, last_name: 'Lovelace', first_name: 'Ada', birth_date: '1990-12-10' }, []).profile_fields).toEqual([]);
  });

  it('needs one confirmed contact, and names the login one to confirm', () => {
    const requirement = cashierRequirementSchema.parse({ confirmedContact: true });
    expect(missingRequirements(requirement, {}, [phone, email])).toMatchObject({ confirm_contact: true, contact: { type: 'email', contact: 'ada@example.com' } });
    expect(missingRequirements(requirement, {}, [{ ...phone, is_confirmed: true }, email]).confirm_contact).toBe(false);
    expect(missingRequirements(requirement, {}, [])).toEqual({ profile_fields: [], confirm_contact: true, contact: null });
  });

  it('takes the stricter of several documents', () => {
    const strict = strictestRequirement([
      cashierRequirementSchema.parse({ profileFields: ['address'] }),
      cashierRequirementSchema.parse({ profileFields: ['first_name', 'address'], confirmedContact: true }),
    ]);
    expect(strict).toEqual({ profileFields: ['first_name', 'address'], confirmedContact: true });
  });
});
