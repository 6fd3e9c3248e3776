import { z } from 'zod';

/**
 * What a player must have before a deposit or a withdrawal (spec 2 section 8: UserNeedProfileData,
 * UserNeedConfirmContact), as the site configuration's `cashier.requirements` sets it per
 * direction: profile fields that must be filled in, and whether a confirmed contact is needed.
 * The server enforces it (the stricter of every locale's document); the cashier asks for it first.
 */
export const REQUIRABLE_PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'country',
  'region',
  'home_town',
  'address',
  'postcode',
  'document_type',
  'document_number',
] as const;

export type RequirableProfileField = (typeof REQUIRABLE_PROFILE_FIELDS)[number];

export const cashierRequirementSchema = z.object({
  profileFields: z.array(z.enum(REQUIRABLE_PROFILE_FIELDS)).default([]),
  confirmedContact: z.boolean().default(false),
});

export type CashierRequirement = z.infer<typeof cashierRequirementSchema>;
export type CashierDirection = 'deposit' | 'withdrawal';

/** The stricter of several requirements: every field any of them asks for, a contact if any asks. */
export function strictestRequirement(requirements: readonly CashierRequirement[]): CashierRequirement {
  const fields = new Set(requirements.flatMap((requirement) => requirement.profileFields));
  return {
    profileFields: REQUIRABLE_PROFILE_FIELDS.filter((field) => fields.has(field)),
    confirmedContact: requirements.some((requirement) => requirement.confirmedContact),
  };
}

/** A profile value counts as given when it is not empty; `sex` 0 is "not specified". */
export function isProfileValueGiven(field: RequirableProfileField, value: unknown): boolean {
  if (field === 'sex') return Number(value) === 1 || Number(value) === 2;
  return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== undefined && value !== '';
}

/** What the player still lacks, as the cashier's settings answer it (`requirements`). */
export type MissingRequirements = {
  /** Profile fields still empty, in the configured order. */
  profile_fields: RequirableProfileField[];
  /** True when a confirmed contact is needed and the player has none. */
  confirm_contact: boolean;
  /** The contact to confirm (the login one, or the first unconfirmed), when confirm_contact. */
  contact: { type: 'email' | 'phone'; contact: string } | null;
};

export function missingRequirements(
  requirement: CashierRequirement,
  profile: Record<string, unknown>,
  contacts: ReadonlyArray<{ type: 'email' | 'phone'; contact: string; is_confirmed: boolean; is_login?: boolean }>,
): MissingRequirements {
  const profileFields = requirement.profileFields.filter((field) => !isProfileValueGiven(field, profile[field]));
  const confirm = requirement.confirmedContact && !contacts.some((contact) => contact.is_confirmed);
  const target = contacts.find((contact) => contact.is_login) ?? contacts[0];
  return {
    profile_fields: profileFields,
    confirm_contact: confirm,
    contact: confirm && target ? { type: target.type, contact: target.contact } : null,
  };
}
