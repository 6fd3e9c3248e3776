import { z } from 'zod';
import type { ApiContext } from '../types.ts';
import { defineMethod } from '../types.ts';

/**
 * The Telegram fields of `register` (spec 1 §7: is_tg true, id, username, hash, language_code,
 * payload). `payload` is the mini-app's initData, the only part trusted once its hash checks out.
 */
export const TELEGRAM_FIELDS = {
  is_tg: z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true').optional(),
  id: z.string().max(20).optional(),
  username: z.string().max(64).optional(),
  hash: z.string().max(128).optional(),
  language_code: z.string().max(16).optional(),
  payload: z.string().max(8192).optional(),
};

export const oauthProviders = defineMethod({
  name: 'oauth/providers',
  verb: 'GET',
  auth: false,
  summary: 'The configured social sign-in services (name, label) for the buttons; open /oauth/init?service=<name> in a popup.',
  input: z.object({}).strip(),
  handler: (_input, context: ApiContext) => ({ providers: context.services.identityProviders.providers() }),
});
