import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { createReadCache } from '../../platform/read-cache.ts';
import { localInvalidator, type CacheInvalidator } from '../../platform/cache-invalidation.ts';
import { siteSettings } from '../../db/schema.ts';
import { changeSetting } from './change.ts';
import { NO_METHOD_RULES, paymentMethodRulesSchema } from '../../../contract/payment-method-rules.ts';
import { DEFAULT_MARKET_MARGINS, marketMarginsSchema } from '../../../contract/betting-margins.ts';
import { GA_ID_PATTERN, GTM_ID_PATTERN } from '../../../contract/analytics.ts';

/**
 * Operator switches kept in the database so every process sees them. Values are read through a
 * short cache; a write clears it in every process through the invalidator (the cache's time limit
 * stays as the backstop when a message is missed, or when the writer had no bus).
 */
export const settingSchemas = {
  /** While on, the API answers ApplicationDisabledException and pages show the maintenance page. */
  maintenance: z.boolean(),
  /** Seconds of inactivity after which a signed-in player is logged out; null turns it off. */
  timeToForceLogout: z.number().int().min(10).max(86_400).nullable(),
  /**
   * Withdrawals need an approved identity verification once the player's withdrawals (this one
   * included) pass this many major units of their currency; 0: always; null: never (the account's
   * KYC block flag still applies). docs/verification.md.
   */
  kycWithdrawalThreshold: z.number().int().min(0).max(100_000_000).nullable(),
  /**
   * General info's is_bonus_isolation_enabled (decision 035): bonus money shown apart from the
   * player's own money (the header's balance is main money alone, the bonus on its own line)
   * instead of one playable total.
   */
  bonusIsolation: z.boolean(),
  /** General info's domain_type: this deployment serves the main domain or a mirror of it. */
  domainType: z.enum(['main', 'mirror']),
  /** Seconds a cashier page may stay idle before the cashier closes (the player is sent home); null: never. */
  userInactivityCashierTime: z.number().int().min(10).max(86_400).nullable(),
  /** Seconds a payment form (deposit, withdrawal) may stay idle before what was typed is cleared; null: never. */
  userInactivityPpTime: z.number().int().min(10).max(86_400).nullable(),
  /**
   * The cashier's payment method rules (decision 038, docs/payments.md "Method rules"): per-method
   * countries and currencies, bounds per currency, and "withdraw by the method you deposited with".
   */
  paymentMethodRules: paymentMethodRulesSchema,
  /** The sportsbook's margin per market type, in percent (docs/betting.md, "Margins"). */
  bettingMargins: marketMarginsSchema,
  /**
   * General info's `analytic` ids (docs/analytics.md): the Google Tag Manager container and the
   * GA4 measurement id the pages load once a player consents; null: none (no banner, no tag).
   */
  analyticGtmId: z.string().trim().toUpperCase().regex(GTM_ID_PATTERN, 'A Tag Manager container id: GTM- then 4 to 12 letters or digits').nullable(),
  analyticGaId: z.string().trim().toUpperCase().regex(GA_ID_PATTERN, 'A GA4 measurement id: G- then 4 to 16 letters or digits').nullable(),
} as const;

export type SettingKey = keyof typeof settingSchemas;
type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

const DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  maintenance: false,
  timeToForceLogout: null,
  kycWithdrawalThreshold: null,
  bonusIsolation: false,
  domainType: 'main',
  userInactivityCashierTime: null,
  userInactivityPpTime: null,
  paymentMethodRules: NO_METHOD_RULES,
  bettingMargins: DEFAULT_MARKET_MARGINS,
  analyticGtmId: null,
  analyticGaId: null,
};
const CACHE_MS = 2000;

export const SITE_SETTINGS_CACHE = 'site-settings';

export function createSiteSettings(db: Db, options: { invalidator?: CacheInvalidator; cacheMs?: number } = {}) {
  const cache = createReadCache({ name: 'site_settings', ttlMs: options.cacheMs ?? CACHE_MS, maxEntries: Object.keys(settingSchemas).length });
  const invalidator = options.invalidator ?? localInvalidator();
  invalidator.register(SITE_SETTINGS_CACHE, cache);

  function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return cache.get(key, async () => {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
      // Values are stored wrapped ({"value": ...}) so that null is a value, not a missing column.
      const parsed = row ? settingSchemas[key].safeParse((row.value as { value?: unknown } | null)?.value) : null;
      return (parsed?.success ? parsed.data : DEFAULTS[key]) as SettingValue<K>;
    });
  }

  async function set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    const checked = settingSchemas[key].parse(value);
    await db
      .insert(siteSettings)
      .values({ key, value: { value: checked } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { value: checked }, updatedAt: new Date() } });
    // This process sees its own change at once, the others as soon as the bus tells them.
    await invalidator.invalidate(SITE_SETTINGS_CACHE);
  }

  /**
   * The back office's write: validated like `set` (an unknown key or a bad value named as the
   * field), answering the stored value it replaced and the new one, for the audit trail.
   */
  async function change(key: string, value: unknown): Promise<{ key: SettingKey; before: unknown; after: unknown }> {
    const result = await changeSetting(db, settingSchemas, DEFAULTS, key, value);
    await invalidator.invalidate(SITE_SETTINGS_CACHE);
    return { key: key as SettingKey, ...result };
  }

  /** Every setting with its value now (read through the cache). */
  async function all(): Promise<{ [K in SettingKey]: SettingValue<K> }> {
    const keys = Object.keys(settingSchemas) as SettingKey[];
    const values = await Promise.all(keys.map((key) => get(key)));
    return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as { [K in SettingKey]: SettingValue<K> };
  }

  return { get, set, change, all };
}

export type SiteSettings = ReturnType<typeof createSiteSettings>;
