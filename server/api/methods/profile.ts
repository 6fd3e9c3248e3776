import { z } from 'zod';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { defineMethod } from '../types.ts';
import { callContext, requireUserId } from './accounts.ts';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';

const list = z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(z.enum(['contacts', 'document'])).max(2));
const optionalText = (max: number) => z.string().max(max).optional();

export const getProfileInfo = defineMethod({
  name: 'getprofileinfo',
  verb: 'GET',
  auth: true,
  summary: 'Personal data; `fields` may add `contacts` and `document`.',
  input: z.object({ fields: list.optional() }),
  handler: (input, context) => context.services.accounts.profileInfo(requireUserId(context), input.fields ?? []),
});

export const saveProfileInfo = defineMethod({
  name: 'saveProfileInfo',
  verb: 'POST',
  auth: true,
  summary: 'Saves the personal data fields given (document_number is read only once a cpf number is set). Answers 1.',
  input: z
    .object({
      first_name: optionalText(100),
      last_name: optionalText(100),
      sex: z.enum(['0', '1', '2']).optional(),
      birth_date: optionalText(32),
      country: optionalText(64),
      country_code: optionalText(2),
      region: optionalText(128),
      home_town: optionalText(128),
      address: optionalText(256),
      postcode: optionalText(32),
      document_type: optionalText(32),
      document_number: optionalText(64),
    })
    .strip(),
  handler: async (input, context) => {
    const config = await context.services.siteConfig.get(context.locale);
    await context.services.accounts.saveProfile(requireUserId(context), input, callContext(context), { postcodePattern: config.validatorConfig.postcodePattern });
    return 1;
  },
});

export const getPersonalDataFields = defineMethod({
  name: 'getPersonalDataFields',
  verb: 'GET',
  auth: false,
  summary: 'The personal data fields of the profile, with their rule type and options.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.accounts.personalDataFields(),
});

const contactInput = z.string().min(1).max(254);

export const addContact = defineMethod({
  name: 'addcontact',
  verb: 'POST',
  auth: true,
  summary: 'Adds an e-mail or phone contact (unconfirmed) and sends it a confirmation code. Answers 1.',
  input: z.object({ contact: contactInput, phone_country_code: z.string().regex(/^[A-Za-z]{2}$/).optional() }),
  handler: async (input, context) => {
    await context.services.accounts.addContact(requireUserId(context), input.contact, input.phone_country_code, callContext(context));
    return 1;
  },
});

export const sendConfirmationToContact = defineMethod({
  name: 'sendconfirmationtocontact',
  verb: 'POST',
  auth: true,
  summary: 'Sends a new confirmation code (not before the resend time: TooManyRequestsException with Retry-After). Answers 1.',
  input: z.object({ contact: contactInput }),
  handler: async (input, context) => {
    await context.services.accounts.sendConfirmation(requireUserId(context), input.contact, callContext(context));
    return 1;
  },
});

export const confirmContact = defineMethod({
  name: 'confirmContact',
  verb: 'POST',
  auth: true,
  summary: 'Confirms a contact with its 6-digit code. Answers 1.',
  input: z.object({ contact: contactInput, code: z.string().max(12) }),
  handler: async (input, context) => {
    await context.services.accounts.confirmContact(requireUserId(context), input.contact, input.code, callContext(context));
    return 1;
  },
});

export const changeSubscription = defineMethod({
  name: 'changeSubscription',
  verb: 'POST',
  auth: true,
  summary: 'Subscribes (1) or unsubscribes (0) a contact from newsletters. Answers 1.',
  input: z.object({ contact: contactInput, subscription: z.enum(['0', '1']) }),
  handler: async (input, context) => {
    await context.services.accounts.changeSubscription(requireUserId(context), input.contact, input.subscription === '1', context.locale);
    return 1;
  },
});

export const changeFakename = defineMethod({
  name: 'changefakename',
  verb: 'POST',
  auth: true,
  summary: 'Sets the public display name (fakename rule). Answers 1.',
  input: z.object({ fakename: z.string().max(64) }),
  handler: async (input, context) => {
    await context.services.accounts.changeFakename(requireUserId(context), input.fakename, context.locale);
    return 1;
  },
});

export const changePassword = defineMethod({
  name: 'changepassword',
  verb: 'POST',
  auth: true,
  summary: 'Changes the password (old_password, password, password_confirmation); every session ends and this one gets a new token. Answers 1.',
  input: z.object({ old_password: z.string().max(128), password: z.string().max(128), password_confirmation: z.string().max(128).optional() }),
  handler: async (input, context) => {
    const { token } = await context.services.accounts.changePassword(requireUserId(context), input, callContext(context));
    context.setCookie(SESSION_COOKIE, token);
    return 1;
  },
});

export const setCurrency = defineMethod({
  name: 'setCurrency',
  verb: 'POST',
  auth: true,
  summary: 'Sets the account currency, allowed before the first deposit only. Answers 1.',
  input: z.object({ currency: z.string().max(8) }),
  handler: async (input, context) => {
    // The currency is fixed once money has moved on the account (spec: before the first deposit only).
    const uid = requireUserId(context);
    await context.services.accounts.setCurrency(uid, input.currency, context.locale, async () => !(await context.services.ledger.hasMovements(uid)));
    return 1;
  },
});

export const unsubscribe = defineMethod({
  name: 'unsubscribe',
  verb: 'POST',
  auth: false,
  summary:
    'Turns the newsletter off for the contact a signed e-mail link names (token); no sign-in needed, the same link answers the same every time. Answers { type, contact (masked), category: "newsletters", is_subscribed: false }.',
  input: z.object({ token: z.string().max(128) }),
  handler: async (input, context) => {
    const { type, contact } = await context.services.accounts.unsubscribe(input.token, context.locale);
    return { type, contact, category: 'newsletters' as const, is_subscribed: false };
  },
});

let phoneSettings: unknown;
export const getContactPhoneSettings = defineMethod({
  name: 'getContactPhoneSettings',
  verb: 'GET',
  auth: false,
  summary: 'Country calling codes and an example number of each country, for phone inputs.',
  input: z.object({}).strip(),
  handler: (_input, context) => {
    phoneSettings ??= {
      default_country: 'FR',
      countries: getCountries().map((code) => ({
        code,
        dial_code: `+${getCountryCallingCode(code)}`,
        example: getExampleNumber(code, examples)?.formatNational() ?? null,
      })),
    };
    return { ...(phoneSettings as object), locale: context.locale };
  },
});
