import { z } from 'zod';
import { API_VERSION, type GeneralInfo, type Metadata, type UserInfo } from '../../../contract/api.ts';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES } from '../../../contract/locales.ts';
import { CURRENCIES, DEFAULT_CURRENCY, formatMinor } from '../../../contract/money.ts';
import { defineMethod, type ApiContext } from '../types.ts';

const none = z.object({}).strip();

export const guestUserInfo = (context: Pick<ApiContext, 'locale'>): UserInfo => {
  const zero = { amount: formatMinor(0n, DEFAULT_CURRENCY), currency: DEFAULT_CURRENCY };
  return {
    uid: 0,
    reg_time: null,
    login: null,
    fakename: null,
    is_subscribed: false,
    balance_main: zero,
    balance_bonus: zero,
    balance_betting_bonus: zero,
    balance_fun: zero,
    is_on_verification: false,
    is_verified: false,
    is_kyc_block_enabled: false,
    is_registration_completed: true,
    country_code: null,
    locale: context.locale,
    two_factor_auth: false,
  };
};

export const getGeneralInfo = defineMethod({
  name: 'getgeneralinfo',
  verb: 'GET',
  auth: false,
  summary: 'Site-wide general info: currencies, locales, domain state, inactivity timers.',
  input: none,
  handler: async (_input, { services }): Promise<GeneralInfo> => {
    const settings = await services.siteSettings.all();
    return {
      analytic: { ga_id: settings.analyticGaId, gtm_id: settings.analyticGtmId },
      available_currencies: Object.fromEntries(Object.entries(CURRENCIES).map(([code, c]) => [code, c.symbol])),
      available_locales: [...LOCALES],
      default_currency: DEFAULT_CURRENCY,
      is_seon_enabled: services.seon.enabled,
      domain_state: settings.maintenance ? 'maintenance' : 'active',
      domain_type: settings.domainType,
      time_to_force_logout: settings.timeToForceLogout,
      is_bonus_isolation_enabled: settings.bonusIsolation,
      is_game_history_export_enabled: true,
      user_inactivity_cashier_time: settings.userInactivityCashierTime,
      user_inactivity_pp_time: settings.userInactivityPpTime,
    };
  },
});

export const getMetadata = defineMethod({
  name: 'metadata/get',
  verb: 'GET',
  auth: false,
  summary: 'Build and contract metadata: API version, build id, server time, locales.',
  input: none,
  handler: (_input, { services }): Metadata => ({
    api_version: API_VERSION,
    build_id: services.buildId,
    server_time: new Date().toISOString(),
    locales: [...LOCALES],
    default_locale: DEFAULT_LOCALE,
  }),
});

export const changeLocale = defineMethod({
  name: 'changelocale',
  verb: 'POST',
  auth: false,
  summary: 'Stores the chosen locale in the i18n_locale cookie (365 days, path /, SameSite=Lax).',
  input: z.object({ locale: z.enum(LOCALES) }),
  handler: ({ locale }, context) => {
    // Readable by the browser on purpose: it holds only a language code and the spec has the
    // client read it too.
    context.setCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: false });
    return { locale };
  },
});
