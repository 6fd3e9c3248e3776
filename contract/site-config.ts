import { z } from 'zod';
import { cashierRequirementSchema } from './cashier-requirements.ts';
import { BALANCE_UPDATE_DEFAULTS, FULL_SCREEN_MODES } from './constants.ts';

/**
 * The site configuration document (spec 2, section 3), one per locale, served at
 * /nfx/cms-config/{locale}. Every field has a default so a partial document from an operator
 * still yields a complete, valid configuration.
 */
const toggle = (defaultValue: boolean) =>
  z.object({ isActive: z.boolean().default(true), defaultValue: z.boolean().default(defaultValue) });

const validationDictEntry = z.object({ errorType: z.string().min(1), message: z.string().min(1) });

const formField = z.object({
  fieldName: z.string().min(1),
  type: z.string().default('text'),
  isRequired: z.boolean().default(true),
  pattern: z.string().optional(),
  validationDict: z.array(validationDictEntry).default([]),
});

export const balanceUpdateSettingsSchema = z.object({
  isEnabledInterval: z.boolean().default(BALANCE_UPDATE_DEFAULTS.isEnabledInterval),
  countSecondsForInterval: z.number().int().positive().default(BALANCE_UPDATE_DEFAULTS.countSecondsForInterval),
  isEnabledRequestsAfterClick: z.boolean().default(BALANCE_UPDATE_DEFAULTS.isEnabledRequestsAfterClick),
  countSecondsForDelayBetweenClick: z
    .number()
    .int()
    .positive()
    .default(BALANCE_UPDATE_DEFAULTS.countSecondsForDelayBetweenClick),
  isEnabledTurnOffRequests: z.boolean().default(BALANCE_UPDATE_DEFAULTS.isEnabledTurnOffRequests),
  countMinutesAfterWhichRequestsTurnedOff: z
    .number()
    .int()
    .positive()
    .default(BALANCE_UPDATE_DEFAULTS.countMinutesAfterWhichRequestsTurnedOff),
});

export const CHAT_PROVIDERS = ['live_tex', 'freshChat', 'liveChat', 'verbox', 'betunlim', 'jivoSite', 'comm100'] as const;

export const siteConfigSchema = z.object({
  logos: z
    .object({
      logo: z.string().default('/brand/logo.svg'),
      logoMobile: z.string().default('/brand/logo-mark.svg'),
      footerLogo: z.string().default('/brand/logo.svg'),
      footerLogoMobile: z.string().default('/brand/logo-mark.svg'),
    })
    .prefault({}),
  functionalSettings: z
    .object({
      isTwoFAEnable: z.boolean().default(true),
      isSumsubEnable: z.boolean().default(false),
      isResponsibleGamingEnable: z.boolean().default(true),
      isBetHistoryEnable: z.boolean().default(true),
      isVisibleNoticeBetting: z.boolean().default(false),
      isTitleClickable: z.boolean().default(true),
      settingsForUpdBalance: balanceUpdateSettingsSchema.prefault({}),
    })
    .prefault({}),
  validatorConfig: z
    .object({
      postcodePattern: z.string().optional(),
      validationDict: z.array(validationDictEntry).default([]),
    })
    .prefault({}),
  loader: z
    .object({ showPercentProgress: z.boolean().default(false), loaderLogo: z.string().default('/brand/logo-mark.svg') })
    .prefault({}),
  popups: z
    .object({ fallbacks: z.object({ authPopupEnabled: z.boolean().default(true) }).prefault({}) })
    .prefault({}),
  auth: z
    .object({
      registration: z
        .object({
          confirmEmailPopup: z.boolean().default(true),
          showCharacterSelect: z.boolean().default(false),
          showPromocode: z.boolean().default(true),
          showPromoFieldByDefault: z.boolean().default(false),
          terms: toggle(false).prefault({}),
          notify: toggle(true).prefault({}),
          markBetting: z
            .object({ isActive: z.boolean().default(false), defaultValue: z.enum(['casino', 'betting']).default('casino') })
            .prefault({}),
          validationStrategy: z.enum(['eager', 'onSubmit']).default('eager'),
        })
        .prefault({}),
      authTypes: z.array(z.enum(['email', 'phone', 'telegram'])).default(['email', 'phone']),
    })
    .prefault({}),
  games: z
    .object({
      gamesItem: z
        .object({
          type: z.string().default('default'),
          canAccessSlotWithZeroBalance: z.boolean().default(false),
          canVisibleFavoriteIcon: z.boolean().default(true),
          visibleFullScreen: z.enum(FULL_SCREEN_MODES).default('all'),
          contentViewType: z.string().default('grid'),
        })
        .prefault({}),
      gamehall: z.object({ type: z.string().default('default') }).prefault({}),
      providers: z.object({ isVisible: z.boolean().default(true) }).prefault({}),
    })
    .prefault({}),
  cashier: z
    .object({
      depositAmountsList: z
        .array(z.object({ currency: z.string(), amountList: z.array(z.object({ value: z.number().positive() })) }))
        .default([]),
      availableCurrency: z.record(z.string(), z.string()).default({}),
      defaultStateDepositButton: z.boolean().default(true),
      detalization: z
        .object({ enableDetalization: z.boolean().default(false), displayedDetalization: z.boolean().default(false) })
        .prefault({}),
      depositView: z.enum(['ContainerView', 'ContainerScrollView']).default('ContainerView'),
      regHintConfig: z.object({ showRegHint: z.boolean().default(true) }).prefault({}),
      depositButtonIcon: z.string().default(''),
      paymentMethodsUrlDisplay: z.enum(['sysname', 'none']).default('sysname'),
      /** Banks a player can name for a bank transfer (API cashier/getbanks): a BIC and the name shown. */
      banks: z
        .array(z.object({ code: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, 'a BIC: 8 or 11 letters and digits'), name: z.string().min(1).max(120) }))
        .max(200)
        .default([]),
      withdrawalErrorButtons: z
        .record(z.string(), z.object({ show: z.boolean(), link: z.string() }))
        .default({}),
      /** What a deposit or a withdrawal needs first (contract/cashier-requirements.ts); nothing by default. */
      requirements: z
        .object({ deposit: cashierRequirementSchema.prefault({}), withdrawal: cashierRequirementSchema.prefault({}) })
        .prefault({}),
    })
    .prefault({}),
  seo: z
    .object({
      redirects: z.array(z.object({ from_url: z.string().min(1), to_url: z.string().min(1) })).default([]),
      default: z.object({ title: z.string().default('Croupier'), description: z.string().default('') }).prefault({}),
      canonical: z.object({ url: z.string().default('') }).prefault({}),
      organization: z.object({ name: z.string().default('Croupier'), url: z.string().default('') }).prefault({}),
      product: z.object({ name: z.string().default('Croupier') }).prefault({}),
    })
    .prefault({}),
  forms: z
    .object({
      registration: z.array(formField).default([]),
      restore: z.array(formField).default([]),
      profileSettings: z.array(formField).default([]),
      currencyConditions: z.record(z.string(), z.array(z.string())).default({}),
    })
    .prefault({}),
  chat: z
    .object({
      chat: z.enum(CHAT_PROVIDERS).nullable().default(null),
      settings: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
    })
    .prefault({}),
  codeSnippets: z
    .array(
      z.object({
        isEnabled: z.boolean().default(false),
        position: z.string().default('bodyEnd'),
        code: z.string().default(''),
      }),
    )
    .default([]),
  webSettings: z
    .object({ favicon: z.record(z.string(), z.string()).default({ ico: '/favicon.ico', png: '/brand/logo-mark.svg' }) })
    .prefault({}),
  features: z
    .object({
      betting: z.boolean().default(true),
      loyalty: z.boolean().default(true),
      tournaments: z.boolean().default(true),
      jackpots: z.boolean().default(true),
      chat: z.boolean().default(true),
    })
    .prefault({}),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
