import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { createReadCache } from '../../platform/read-cache.ts';
import { siteSettings } from '../../db/schema.ts';

/**
 * Operator switches kept in the database so every process sees them. Values are read through a
 * short cache: a switch flipped by `npm run ops` reaches every instance within CACHE_MS.
 */
export const settingSchemas = {
  /** While on, the API answers ApplicationDisabledException and pages show the maintenance page. */
  maintenance: z.boolean(),
  /** Seconds of inactivity after which a signed-in player is logged out; null turns it off. */
  timeToForceLogout: z.number().int().min(10).max(86_400).nullable(),
} as const;

export type SettingKey = keyof typeof settingSchemas;
type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

const DEFAULTS: { [K in SettingKey]: SettingValue<K> } = { maintenance: false, timeToForceLogout: null };
const CACHE_MS = 2000;

export function createSiteSettings(db: Db) {
  const cache = createReadCache({ ttlMs: CACHE_MS, maxEntries: Object.keys(settingSchemas).length });

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
    // This process sees its own change at once; the others within CACHE_MS.
    cache.clear();
  }

  return { get, set };
}

export type SiteSettings = ReturnType<typeof createSiteSettings>;
