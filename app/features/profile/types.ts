import type { RuleType } from '../../../contract/validation.ts';

/** Shapes of the profile calls of docs/api.md (getprofileinfo, getPersonalDataFields ...). */
export type ContactType = 'email' | 'phone';

export type ProfileContact = {
  type: ContactType;
  contact: string;
  is_confirmed: boolean;
  is_subscribed: boolean;
  is_login: boolean;
  phone_country_code?: string | null;
};

export type ProfileInfo = {
  first_name: string | null;
  last_name: string | null;
  sex: number;
  birth_date: string | null;
  country: string | null;
  country_code: string | null;
  region: string | null;
  home_town: string | null;
  address: string | null;
  postcode: string | null;
  document_type: string | null;
  document_number: string | null;
  document_number_readonly: boolean;
  contacts?: ProfileContact[];
  document?: { type: string | null; number: string | null };
};

export type PersonalDataField = {
  name: string;
  type: RuleType;
  required: boolean;
  options?: Array<string | number>;
};

export type PhoneCountry = { code: string; dial_code: string; example: string | null };
export type PhoneSettings = { default_country: string; countries: PhoneCountry[] };

/** Storage key of the "a confirmation code was sent" flag (spec 1 section 4). */
export const CONFIRM_SENT_KEY = 'confirm_sent';

/** Seconds before a new code may be asked for (docs/api.md: resend time 60 s). */
export const CODE_RESEND_SECONDS = 60;
