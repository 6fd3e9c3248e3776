import type { FieldRule } from '../../../contract/validation.ts';

/** Field rules of the account forms, shared by the server's checks (the forms use the same rules). */
export const REGISTRATION_RULES = {
  email: { type: 'email' },
  phone: { type: 'phone' },
  password: { type: 'password' },
  password_confirmation: { type: 'password', confirmOf: 'password', required: false },
  fakename: { type: 'fakename', required: false },
  promo_code: { type: 'promoCode', required: false },
  terms: { type: 'checkbox' },
} as const satisfies Record<string, FieldRule>;

export const PROFILE_RULES = {
  first_name: { type: 'name', required: false },
  last_name: { type: 'name', required: false },
  sex: { type: 'sex', required: false },
  birth_date: { type: 'date', required: false, min: '1900-01-01' },
  country: { type: 'text', required: false, max: 64 },
  region: { type: 'address', required: false, max: 128 },
  home_town: { type: 'address', required: false, max: 128 },
  address: { type: 'address', required: false, max: 256 },
  postcode: { type: 'postcode', required: false },
  document_type: { type: 'documentType', required: false, max: 32 },
  document_number: { type: 'documentNumber', required: false, max: 64 },
} as const satisfies Record<string, FieldRule>;

export type ProfileField = keyof typeof PROFILE_RULES;
export const PROFILE_FIELDS = Object.keys(PROFILE_RULES) as ProfileField[];

/** Document types a player can declare; `cpf` (Brazil) makes the number read only once set. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence', 'cpf'] as const;
