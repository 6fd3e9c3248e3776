import { z } from 'zod';
import type { UserInfo } from '../../../contract/api.ts';
import { formatMinor, type CurrencyCode } from '../../../contract/money.ts';
import type { ApiContext } from '../types.ts';
import { defineMethod } from '../types.ts';
import { guestUserInfo } from './general.ts';
import { SESSION_COOKIE, type CallContext } from '../../modules/accounts/index.ts';
import { AppError } from '../../platform/errors.ts';
import { TELEGRAM_FIELDS } from './identity-providers.ts';
import { FIRST_TOUCH_COOKIE } from '../../modules/affiliates/index.ts';
import { deviceFacts } from '../../modules/devices/index.ts';

/** Text fields arrive as strings from forms; bound their size before any rule looks at them. */
const field = (max = 256) => z.string().max(max).optional();
const bool01 = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/**
 * What the browser says about its device with a sign-up, a sign-in or a deposit (docs/devices.md).
 * Never refused: a value that is not a string reads as missing, and `deviceFacts` drops one that
 * is not printable or too long, so a browser that sends nothing usable is not held up.
 */
export const DEVICE_FIELDS = {
  device_id: z.string().optional().catch(undefined),
  seon_session: z.string().optional().catch(undefined),
};

export const callContext = (context: ApiContext, device?: { device_id?: string; seon_session?: string }): CallContext => ({
  locale: context.locale,
  ip: context.ip,
  userAgent: context.userAgent,
  origin: context.origin,
  // Sign-up copies the visitor's first touch onto the account (docs/affiliates.md).
  firstTouch: context.cookie(FIRST_TOUCH_COOKIE),
  ...(device ? deviceFacts(device) : {}),
});

function startSession(context: ApiContext, token: string) {
  // No Max-Age: the server decides expiry; the cookie lives as long as the browser session and
  // the database row allow.
  context.setCookie(SESSION_COOKIE, token);
}

const userId = (context: ApiContext): number => {
  if (context.viewer.userId === null) throw new AppError('AuthorizationException', 'Sign in required');
  return context.viewer.userId;
};
export { userId as requireUserId };

export const register = defineMethod({
  name: 'register',
  verb: 'POST',
  auth: false,
  summary: 'Creates an account and signs it in (spec 1 section 7); answers the account info.',
  input: z
    .object({
      email: field(254),
      phone: field(40),
      phone_country_code: z.string().regex(/^[A-Za-z]{2}$/).optional(),
      password: field(128),
      password_confirmation: field(128),
      currency: z.string().max(8).optional(),
      fakename: field(64),
      terms: field(8),
      is_subscribed: field(8),
      promo_code: field(64),
      character_id: field(64),
      mark: z.enum(['casino', 'betting']).optional(),
      ...DEVICE_FIELDS,
      ...TELEGRAM_FIELDS,
    })
    .strip(),
  handler: async (input, context) => {
    // The Telegram mini-app signs up and in through this call (docs/sign-in-channels.md).
    if (input.is_tg) {
      const linked = await context.services.identityProviders.telegramSignIn(input, callContext(context));
      startSession(context, linked.token);
      return accountInfo(context, linked.user.uid);
    }
    const config = await context.services.siteConfig.get(context.locale);
    const registration = config.auth.registration;
    const result = await context.services.accounts.register(
      input,
      {
        authTypes: config.auth.authTypes,
        termsRequired: registration.terms.isActive,
        notifyDefault: registration.notify.isActive ? registration.notify.defaultValue : false,
      },
      callContext(context, input),
    );
    startSession(context, result.token);
    // The character picked at sign-up (spec 1 showCharacterSelect): an unknown one is ignored.
    if (typeof input.character_id === 'string' && input.character_id) await context.services.loyalty.chooseAtSignup(result.user.uid, input.character_id);
    const info = await accountInfo(context, result.user.uid);
    const code = input.promo_code?.trim();
    // A promo code given at sign-up is used at once; a bad one never fails the sign-up (the
    // account exists): the answer says why, in the player's language.
    return code ? { ...info, promo: await usePromoCode(context, result.user.uid, code) } : info;
  },
});

async function usePromoCode(context: ApiContext, uid: number, code: string) {
  try {
    const used = await context.services.promotions.activateCode(uid, code, context.locale);
    return { activated: true as const, campaign: used.campaign, bonus: used.bonus };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.details?.code === 'NOT_FOUND') await context.services.analytics.record(uid, 'promocode_not_found', { code: code.slice(0, 64) });
    return { activated: false as const, code: String(error.details?.code ?? 'INVALID'), message: error.message };
  }
}

export const login = defineMethod({
  name: 'login',
  verb: 'POST',
  auth: false,
  summary: 'Signs in by e-mail or phone (a leading + is removed) and password, plus the code when two-factor is on.',
  input: z.object({ login: z.string().min(1).max(254), password: z.string().min(1).max(128), code: z.string().max(12).optional(), ...DEVICE_FIELDS }),
  handler: async (input, context) => {
    const result = await context.services.accounts.login(input, callContext(context, input)).catch(async (error: unknown) => {
      // Spec 1 section 8: a refused sign-in is an analytics event with its error code (docs/analytics.md).
      if (error instanceof AppError) await context.services.analytics.record(null, 'login_failed', { error: error.type });
      throw error;
    });
    startSession(context, result.token);
    await context.services.analytics.record(result.user.uid, 'login', { method: 'password' });
    return accountInfo(context, result.user.uid);
  },
});

export const logout = defineMethod({
  name: 'logout',
  verb: 'GET',
  auth: false,
  changesState: true,
  summary: 'Ends the session (the row is revoked, the cookie cleared). Answers 1, signed in or not.',
  input: z.object({}).strip(),
  handler: async (_input, context) => {
    if (context.viewer.sessionId !== null) {
      await context.services.sessions.revoke(context.viewer.sessionId);
      await context.services.analytics.record(context.viewer.userId, 'logout', {});
    }
    context.clearCookie(SESSION_COOKIE);
    return 1;
  },
});

/** The account info with its balances from the ledger, in the account currency. */
export async function accountInfo(context: ApiContext, uid: number): Promise<UserInfo> {
  const info = await context.services.accounts.userInfo(uid);
  const currency = info.balance_main.currency as CurrencyCode;
  const balances = await context.services.ledger.balances(uid, currency);
  const amount = (minor: bigint) => ({ amount: formatMinor(minor, currency), currency });
  return {
    ...info,
    balance_main: amount(balances.main),
    balance_bonus: amount(balances.bonus),
    balance_betting_bonus: amount(balances.betting_bonus),
    balance_fun: amount(balances.fun),
  };
}

export const getInfo = defineMethod({
  name: 'getInfo',
  verb: 'GET',
  auth: false,
  summary: 'The account info of spec 1 section 3; uid 0 and zero balances for a guest.',
  input: z.object({}).strip(),
  handler: (_input, context) =>
    context.viewer.userId === null ? guestUserInfo(context) : accountInfo(context, context.viewer.userId),
});

export const getBalance = defineMethod({
  name: 'getBalance',
  verb: 'GET',
  auth: true,
  summary: 'The four balances of the signed-in player (main, bonus, betting bonus, fun).',
  input: z.object({}).strip(),
  handler: async (_input, context) => {
    const info = await accountInfo(context, userId(context));
    return {
      balance_main: info.balance_main,
      balance_bonus: info.balance_bonus,
      balance_betting_bonus: info.balance_betting_bonus,
      balance_fun: info.balance_fun,
    };
  },
});

export const restore = defineMethod({
  name: 'restore',
  verb: 'POST',
  auth: false,
  summary: 'Password reset: with `login` only, sends a code and link to the contact; with `code` and the new password, sets it and ends every session.',
  input: z.object({
    login: z.string().min(1).max(254),
    code: z.string().max(12).optional(),
    password: field(128),
    password_confirmation: field(128),
  }),
  handler: async (input, context) => {
    if (input.code === undefined && input.password === undefined) {
      return context.services.accounts.requestRestore(input.login, callContext(context));
    }
    await context.services.accounts.completeRestore(input, callContext(context));
    return 1;
  },
});

export const changeTwoFactorAuth = defineMethod({
  name: 'changeTwoFactorAuth',
  verb: 'POST',
  auth: true,
  summary: 'Starts turning two-factor on (enable=1) or off (enable=0): sends a code to the login contact.',
  input: z.object({ enable: bool01 }),
  handler: async (input, context) => {
    const offered = (await context.services.siteConfig.get(context.locale)).functionalSettings.isTwoFAEnable;
    return context.services.accounts.changeTwoFactor(userId(context), input.enable, callContext(context), offered);
  },
});

export const confirmTwoFactorAuth = defineMethod({
  name: 'confirmTwoFactorAuth',
  verb: 'POST',
  auth: true,
  summary: 'Completes the two-factor change with the code. Answers 1.',
  input: z.object({ code: z.string().max(12) }),
  handler: async (input, context) => {
    await context.services.accounts.confirmTwoFactor(userId(context), input.code, callContext(context));
    return 1;
  },
});
