import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/database.ts';
import { siteSettings } from '../../db/schema.ts';

/**
 * A setting changed from the back office: validated by the same schema as `npm run ops --
 * site:set`, the stored value read under the row's lock so the audit's "before" is the value
 * this write replaced (not a cached one), and an unknown key or a bad value named as the field.
 */
export async function changeSetting(
  db: Db,
  schemas: Record<string, z.ZodType>,
  defaults: Record<string, unknown>,
  key: string,
  value: unknown,
): Promise<{ before: unknown; after: unknown }> {
  const schema = schemas[key];
  if (!schema) throw new AppError('InvalidParameterException', `Unknown setting ${key}`, { fields: { key: `Unknown setting: ${Object.keys(schemas).join(', ')}` } });
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('InvalidParameterException', `Invalid parameter: ${key}`, { fields: { [key]: parsed.error.issues[0]?.message ?? 'Invalid value' } });
  const after = parsed.data;
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).for('update');
    const stored = row ? schema.safeParse((row.value as { value?: unknown } | null)?.value) : null;
    await tx
      .insert(siteSettings)
      .values({ key, value: { value: after } })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: { value: after }, updatedAt: new Date() } });
    return stored?.success ? stored.data : defaults[key];
  });
  return { before, after };
}
