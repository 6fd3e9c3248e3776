import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { formatBytes, verificationText } from '../../modules/verification/index.ts';
import { defineMethod, type ApiContext } from '../types.ts';
import { requireUserId } from './accounts.ts';

/** Identity verification (docs/verification.md). */

const currencyOf = async (context: ApiContext) => (await context.services.accounts.userInfo(requireUserId(context))).balance_main.currency;

export const getVerification = defineMethod({
  name: 'verification/get',
  verb: 'GET',
  auth: true,
  summary: "The player's identity verification: status, reason, required and optional documents, the documents sent, what may be done now.",
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.verification.view(requireUserId(context), await currencyOf(context)),
});

export const uploadVerificationDocument = defineMethod({
  name: 'verification/upload',
  verb: 'POST',
  auth: true,
  summary: 'Uploads one document (multipart: kind, file; JPEG, PNG or PDF checked by its bytes, images re-encoded) as a draft of its kind.',
  // The kind and the file are checked by the service, so that each refusal names its field in the player's language.
  input: z.object({ kind: z.unknown(), file: z.unknown() }).strip(),
  upload: {
    maxBytes: (services) => services.env.KYC_MAX_FILE_BYTES,
    tooLarge: (locale, maxBytes) => {
      const message = verificationText(locale, 'tooLarge', { max: formatBytes(maxBytes) });
      return new AppError('InvalidParameterException', message, { fields: { file: message }, status: 413 });
    },
  },
  handler: (input, context) => context.services.verification.upload(requireUserId(context), input, context.locale),
});

export const removeVerificationDocument = defineMethod({
  name: 'verification/remove',
  verb: 'POST',
  auth: true,
  summary: 'Removes a document not yet sent (id).',
  input: z.object({ id: z.string().max(64) }).strip(),
  handler: async (input, context) => {
    await context.services.verification.remove(requireUserId(context), input.id, context.locale);
    return 1;
  },
});

export const setUserOnVerification = defineMethod({
  name: 'setUserOnVerification',
  verb: 'POST',
  auth: true,
  summary: 'Sends the uploaded documents for review (built-in), or tells the site the Sumsub steps are done; the account is then on verification. Answers the verification.',
  input: z.object({}).strip(),
  handler: async (_input, context) => context.services.verification.submit(requireUserId(context), await currencyOf(context), context.locale),
});

export const createApplicant = defineMethod({
  name: 'createApplicant',
  verb: 'POST',
  auth: true,
  summary: "Creates (or finds) the player's Sumsub applicant while Sumsub verification is enabled: {applicant_id, level_name}.",
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.verification.createApplicant(requireUserId(context), context.locale),
});

export const getAccessToken = defineMethod({
  name: 'getAccessToken',
  verb: 'POST',
  auth: true,
  summary: "A short-lived Sumsub web SDK token for the player (optional externalActionId is ignored): {token, user_id, level_name}.",
  input: z.object({ externalActionId: z.string().max(100).optional() }).strip(),
  handler: (_input, context) => context.services.verification.accessToken(requireUserId(context), context.locale),
});
