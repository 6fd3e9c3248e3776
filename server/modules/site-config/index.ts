import { eq } from 'drizzle-orm';
import { siteConfigSchema, type SiteConfig, type SiteConfigInput } from '../../../contract/site-config.ts';
import { DEFAULT_LOCALE, type LocaleCode } from '../../../contract/locales.ts';
import type { Db } from '../../platform/db/database.ts';
import { siteConfigs } from '../../db/schema.ts';

/**
 * The per-locale site configuration document (spec 2, section 3). Stored as JSON in the
 * database, validated on write and on read; a document that no longer validates (after a schema
 * change) is logged by the caller and replaced by defaults rather than breaking every page.
 */
const CACHE_MS = 5000;

export function createSiteConfigService(db: Db) {
  const cache = new Map<LocaleCode, { value: SiteConfig; at: number }>();

  async function get(locale: LocaleCode): Promise<SiteConfig> {
    const hit = cache.get(locale);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const rows = await db.select().from(siteConfigs).where(eq(siteConfigs.locale, locale));
    let row = rows[0];
    if (!row && locale !== DEFAULT_LOCALE) {
      [row] = await db.select().from(siteConfigs).where(eq(siteConfigs.locale, DEFAULT_LOCALE));
    }
    const parsed = siteConfigSchema.safeParse(row?.document ?? {});
    const value = parsed.success ? parsed.data : siteConfigSchema.parse({});
    cache.set(locale, { value, at: Date.now() });
    return value;
  }

  /** Replaces a locale's document; throws a ZodError naming the bad field when it is invalid. */
  async function put(locale: LocaleCode, document: SiteConfigInput): Promise<SiteConfig> {
    const value = siteConfigSchema.parse(document);
    await db
      .insert(siteConfigs)
      .values({ locale, document: value })
      .onConflictDoUpdate({ target: siteConfigs.locale, set: { document: value, updatedAt: new Date() } });
    cache.delete(locale);
    return value;
  }

  return { get, put };
}

export type SiteConfigService = ReturnType<typeof createSiteConfigService>;
