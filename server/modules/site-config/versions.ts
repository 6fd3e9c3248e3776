import { and, desc, eq, sql } from 'drizzle-orm';
import { siteConfigSchema, type SiteConfig } from '../../../contract/site-config.ts';
import { diffDocuments, type DocumentChange } from '../../../contract/site-config-diff.ts';
import { DEFAULT_LOCALE, type LocaleCode } from '../../../contract/locales.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { siteConfigs } from '../../db/schema.ts';
import { siteConfigVersions } from '../../db/schema/site-config.ts';

/**
 * Versioned writes of the site configuration document (docs/backoffice.md): the document and its
 * new version are written in one transaction, under a per-locale lock, so the versions are the
 * document's history with no gap. The first versioned write of a locale that already has a
 * document keeps that document as version 1 (`baseline`), so even the seeded or imported one can
 * be rolled back to. A rollback writes a new version holding the older document.
 */
export type SiteConfigVersionView = {
  version: number;
  source: 'baseline' | 'save' | 'rollback';
  restored_version: number | null;
  actor: string;
  created_at: string;
};

export type SiteConfigWrite = {
  locale: LocaleCode;
  version: number;
  document: SiteConfig;
  /** Paths that changed, with the values before and after. */
  changes: DocumentChange[];
};

/** A schema failure of a stored or given document, each issue named by its path under `document`. */
function invalidDocument(issues: { path: PropertyKey[]; message: string }[], prefix = 'document'): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].join('.');
    fields[path] ??= issue.message;
  }
  return new AppError('InvalidParameterException', `Invalid parameter: ${Object.keys(fields).join(', ')}`, { fields });
}

export function createSiteConfigVersions(db: Db, changed: () => Promise<void>) {
  /** The stored document of a locale (its own row), or null when it falls back to the default locale's. */
  async function ownDocument(tx: Db | Tx, locale: LocaleCode): Promise<unknown> {
    const [row] = await tx.select({ document: siteConfigs.document }).from(siteConfigs).where(eq(siteConfigs.locale, locale));
    return row?.document ?? null;
  }

  /** What a locale's pages use now: its own document, else the default locale's, else the defaults. */
  async function effective(tx: Db | Tx, locale: LocaleCode): Promise<{ document: SiteConfig; own: boolean }> {
    const own = await ownDocument(tx, locale);
    const raw = own ?? (locale !== DEFAULT_LOCALE ? await ownDocument(tx, DEFAULT_LOCALE) : null) ?? {};
    const parsed = siteConfigSchema.safeParse(raw);
    return { document: parsed.success ? parsed.data : siteConfigSchema.parse({}), own: own !== null };
  }

  async function latest(tx: Db | Tx, locale: LocaleCode): Promise<number | null> {
    const [row] = await tx
      .select({ version: siteConfigVersions.version })
      .from(siteConfigVersions)
      .where(eq(siteConfigVersions.locale, locale))
      .orderBy(desc(siteConfigVersions.version))
      .limit(1);
    return row?.version ?? null;
  }

  async function write(
    locale: LocaleCode,
    input: unknown,
    meta: { actor: string; baseVersion?: number | null; source: 'save' | 'rollback'; restoredVersion?: number },
  ): Promise<SiteConfigWrite> {
    const parsed = siteConfigSchema.safeParse(input);
    if (!parsed.success) throw invalidDocument(parsed.error.issues);
    const document = parsed.data;
    const result = await db.transaction(async (tx) => {
      // One writer per locale at a time: the version numbers and the document stay in step.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-config:${locale}`}))`);
      const current = await effective(tx, locale);
      let version = await latest(tx, locale);
      if (meta.baseVersion !== undefined && meta.baseVersion !== version) {
        throw new AppError('InvalidRequestException', 'The configuration changed since you opened it: reload to see the new version', {
          status: 409,
          fields: { base_version: `Version ${version ?? 'none'} is the current one now` },
        });
      }
      const changes = diffDocuments(current.document, document);
      if (!changes.length) throw new AppError('InvalidParameterException', 'Nothing changed', { fields: { document: 'Nothing changed' } });
      if (version === null && current.own) {
        await tx.insert(siteConfigVersions).values({ locale, version: 1, document: current.document, source: 'baseline', actor: 'system' });
        version = 1;
      }
      const next = (version ?? 0) + 1;
      await tx
        .insert(siteConfigs)
        .values({ locale, document })
        .onConflictDoUpdate({ target: siteConfigs.locale, set: { document, updatedAt: new Date() } });
      await tx.insert(siteConfigVersions).values({ locale, version: next, document, source: meta.source, restoredVersion: meta.restoredVersion ?? null, actor: meta.actor });
      return { locale, version: next, document, changes };
    });
    await changed();
    return result;
  }

  return {
    /** A locale's document as the editor opens it, with its current version (null before the first versioned write). */
    async current(locale: LocaleCode): Promise<{ locale: LocaleCode; document: SiteConfig; own: boolean; version: number | null }> {
      const [{ document, own }, version] = await Promise.all([effective(db, locale), latest(db, locale)]);
      return { locale, document, own, version };
    },

    /**
     * Replaces a locale's document with a new version. Throws InvalidParameterException naming
     * each bad field as `document.<path>` (nothing written), `document` when nothing changed, and
     * a 409 when `baseVersion` is given and is no longer the current version.
     */
    save: (locale: LocaleCode, document: unknown, meta: { actor: string; baseVersion?: number | null }) => write(locale, document, { ...meta, source: 'save' }),

    /** Writes an older version's document again, as a new version. */
    async rollback(locale: LocaleCode, version: number, meta: { actor: string; baseVersion?: number | null }): Promise<SiteConfigWrite> {
      const [row] = await db
        .select({ document: siteConfigVersions.document })
        .from(siteConfigVersions)
        .where(and(eq(siteConfigVersions.locale, locale), eq(siteConfigVersions.version, version)));
      if (!row) throw new AppError('InvalidParameterException', 'No such version', { fields: { version: `No version ${version} for ${locale}` } });
      // A version written before a schema change may no longer validate: said, never written.
      const parsed = siteConfigSchema.safeParse(row.document);
      if (!parsed.success) throw invalidDocument(parsed.error.issues, `version.${version}`);
      return write(locale, parsed.data, { ...meta, source: 'rollback', restoredVersion: version });
    },

    /** A locale's versions, newest first. */
    async versions(locale: LocaleCode, limit = 50): Promise<SiteConfigVersionView[]> {
      const rows = await db
        .select({
          version: siteConfigVersions.version,
          source: siteConfigVersions.source,
          restored_version: siteConfigVersions.restoredVersion,
          actor: siteConfigVersions.actor,
          createdAt: siteConfigVersions.createdAt,
        })
        .from(siteConfigVersions)
        .where(eq(siteConfigVersions.locale, locale))
        .orderBy(desc(siteConfigVersions.version))
        .limit(limit);
      return rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }));
    },

    /** One version's document (to compare before rolling back). */
    async version(locale: LocaleCode, version: number): Promise<unknown> {
      const [row] = await db
        .select({ document: siteConfigVersions.document })
        .from(siteConfigVersions)
        .where(and(eq(siteConfigVersions.locale, locale), eq(siteConfigVersions.version, version)));
      if (!row) throw new AppError('InvalidParameterException', 'No such version', { fields: { version: `No version ${version} for ${locale}` } });
      return row.document;
    },
  };
}

export type SiteConfigVersions = ReturnType<typeof createSiteConfigVersions>;
