import { eq } from 'drizzle-orm';
import { siteConfigSchema, type SiteConfig, type SiteConfigInput } from '../../../contract/site-config.ts';
import { DEFAULT_LOCALE, type LocaleCode } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import { createReadCache } from '../../platform/read-cache.ts';
import { localInvalidator, type CacheInvalidator } from '../../platform/cache-invalidation.ts';
import { siteConfigs } from '../../db/schema.ts';
import { createSiteConfigVersions } from './versions.ts';

export type { SiteConfigVersionView, SiteConfigWrite } from './versions.ts';

/**
 * The per-locale site configuration document (spec 2, section 3). Stored as JSON in the
 * database, validated on write and on read; a document that no longer validates (after a schema
 * change) is logged by the caller and replaced by defaults rather than breaking every page.
 */
const CACHE_MS = 5000;

export const SITE_CONFIG_CACHE = 'site-config';

export function createSiteConfigService(db: Db, options: { invalidator?: CacheInvalidator; cacheMs?: number } = {}) {
  const cache = createReadCache({ name: 'site_config', ttlMs: options.cacheMs ?? CACHE_MS, maxEntries: 16 });
  const invalidator = options.invalidator ?? localInvalidator();
  invalidator.register(SITE_CONFIG_CACHE, cache);

  function get(locale: LocaleCode): Promise<SiteConfig> {
    return cache.get(locale, async () => {
      const rows = await db.select().from(siteConfigs).where(eq(siteConfigs.locale, locale));
      let row = rows[0];
      if (!row && locale !== DEFAULT_LOCALE) {
        [row] = await db.select().from(siteConfigs).where(eq(siteConfigs.locale, DEFAULT_LOCALE));
      }
      const parsed = siteConfigSchema.safeParse(row?.document ?? {});
      return parsed.success ? parsed.data : siteConfigSchema.parse({});
    });
  }

  /** Replaces a locale's document; throws a ZodError naming the bad field when it is invalid. */
  async function put(locale: LocaleCode, document: SiteConfigInput): Promise<SiteConfig> {
    const value = siteConfigSchema.parse(document);
    await db
      .insert(siteConfigs)
      .values({ locale, document: value })
      .onConflictDoUpdate({ target: siteConfigs.locale, set: { document: value, updatedAt: new Date() } });
    // Every locale (one without its own document falls back to the default locale's), in every process.
    await invalidator.invalidate(SITE_CONFIG_CACHE);
    return value;
  }

  return {
    get,
    put,
    /** Versioned writes, versions and rollback (the back office's settings screen). */
    ...createSiteConfigVersions(db, () => invalidator.invalidate(SITE_CONFIG_CACHE)),
  };
}

export type SiteConfigService = ReturnType<typeof createSiteConfigService>;
