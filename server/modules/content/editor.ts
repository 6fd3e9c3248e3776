import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CONTENT_IMAGE_PATH, markdownToSections, sectionsToMarkdown } from '../../../contract/content-markdown.ts';
import type { LocaleCode } from '../../../contract/locales.ts';
import { seoRecordFieldsSchema } from '../../../contract/seo.ts';
import type { PageFields, SeoTextFields } from '../../../contract/backoffice-content.ts';
import { CONTENT_KINDS, type ContentEntryRow, type ContentEntryView as ContentEntryViewOf, type ContentKind, type ContentVersionRow } from '../../../contract/backoffice-content.ts';
import type { CacheInvalidator } from '../../platform/cache-invalidation.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { contentPages } from '../../db/schema.ts';
import { seoRecords, seoTexts } from '../../db/schema/content.ts';
import { contentImages, contentVersions } from '../../db/schema/content-editor.ts';
import { bodySchema } from './database.ts';
import { contentSectionSchema, SEO_PATH_PATTERN, SEO_RECORD_PATH_PATTERN, SLUG_PATTERN } from './types.ts';

/**
 * The back office's content editor (docs/content.md, "The back office's editor"). An entry is a
 * page, a SEO text or a SEO record in one locale. Saving writes a new numbered version and
 * changes nothing players see; publishing copies one version into the live row (content_pages,
 * seo_texts, seo_records) and clears the caches that hold pages; unpublishing hides the live row;
 * a rollback saves an older version again as the newest and publishes it. An entry written
 * before the editor existed (seeds, `npm run ops -- content:put`) gets its live text as a
 * `baseline` version 1 at its first change here, so it can always be rolled back to; once it has
 * versions, `content:put` adds its change as the newest (versionOutsideChange).
 */

/** The name content readers register their caches under (guest pages, the sitemap): a publish clears them in every process. */
export const CONTENT_CACHE = 'content';

const MAX_MARKDOWN = 100_000;

/** The markdown must give a body the site can show: at least one section, each with a paragraph or an image. */
const markdownField = z
  .string()
  .max(MAX_MARKDOWN)
  .superRefine((markdown, context) => {
    if (!bodySchema.safeParse(markdownToSections(markdown)).success) context.addIssue({ code: 'custom', message: 'empty body' });
  });

export const pageFieldsSchema = z.object({ title: z.string().trim().min(1).max(120), description: z.string().trim().max(300).default(''), markdown: markdownField }).strip();
export const seoTextFieldsSchema = z.object({ heading: z.string().trim().min(1).max(160), markdown: markdownField }).strip();
export { CONTENT_KINDS, type ContentEntryRow, type ContentKind, type ContentVersionRow };
export type RecordFields = z.infer<typeof seoRecordFieldsSchema>;
export type EntryFields = PageFields | SeoTextFields | RecordFields;

/** Which entry: its kind and key (a slug for a page, a path without the locale prefix otherwise), each key checked by its kind's pattern. */
export const entryRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), key: z.string().regex(SLUG_PATTERN) }),
  z.object({ kind: z.literal('seo'), key: z.string().regex(SEO_PATH_PATTERN) }),
  z.object({ kind: z.literal('record'), key: z.string().regex(SEO_RECORD_PATH_PATTERN) }),
]);
export type EntryRef = z.infer<typeof entryRefSchema>;

/** The fields schema of each kind: the back office's save endpoint validates with exactly these. */
export const FIELDS_SCHEMAS = { page: pageFieldsSchema, seo: seoTextFieldsSchema, record: seoRecordFieldsSchema } as const;

export type ContentEntryView = ContentEntryViewOf<EntryFields>;

/** A stored version's fields, or what a live row holds, in the editor's shape. */
type LiveRow = { fields: EntryFields; published: boolean; updatedAt: Date; title: string };

const sections = (body: unknown) => {
  const parsed = z.array(contentSectionSchema).safeParse(body);
  return parsed.success ? parsed.data : [];
};
const titleOf = (kind: ContentKind, fields: EntryFields) =>
  kind === 'page' ? (fields as PageFields).title : kind === 'seo' ? (fields as SeoTextFields).heading : ((fields as RecordFields).title ?? '');

async function readLive(db: Db | Tx, ref: EntryRef, locale: string): Promise<LiveRow | null> {
  if (ref.kind === 'page') {
    const [row] = await db.select().from(contentPages).where(and(eq(contentPages.slug, ref.key), eq(contentPages.locale, locale)));
    if (!row) return null;
    return { fields: { title: row.title, description: row.description, markdown: sectionsToMarkdown(sections(row.body)) }, published: row.isPublished, updatedAt: row.updatedAt, title: row.title };
  }
  if (ref.kind === 'seo') {
    const [row] = await db.select().from(seoTexts).where(and(eq(seoTexts.path, ref.key), eq(seoTexts.locale, locale)));
    if (!row) return null;
    return { fields: { heading: row.heading, markdown: sectionsToMarkdown(sections(row.body)) }, published: row.isPublished, updatedAt: row.updatedAt, title: row.heading };
  }
  const [row] = await db.select().from(seoRecords).where(and(eq(seoRecords.path, ref.key), eq(seoRecords.locale, locale)));
  if (!row) return null;
  const parsed = seoRecordFieldsSchema.safeParse(row.record);
  const fields = parsed.success ? parsed.data : seoRecordFieldsSchema.parse({});
  return { fields, published: row.isPublished, updatedAt: row.updatedAt, title: fields.title ?? '' };
}

/** Writes a version's fields as the live, published row. */
async function writeLive(tx: Tx, ref: EntryRef, locale: string, fields: EntryFields, now: Date) {
  if (ref.kind === 'page') {
    const { title, description, markdown } = fields as PageFields;
    const body = markdownToSections(markdown);
    await tx
      .insert(contentPages)
      .values({ slug: ref.key, locale, title, description, body, isPublished: true, updatedAt: now })
      .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { title, description, body, isPublished: true, updatedAt: now } });
  } else if (ref.kind === 'seo') {
    const { heading, markdown } = fields as SeoTextFields;
    const body = markdownToSections(markdown);
    await tx
      .insert(seoTexts)
      .values({ path: ref.key, locale, heading, body, isPublished: true, updatedAt: now })
      .onConflictDoUpdate({ target: [seoTexts.path, seoTexts.locale], set: { heading, body, isPublished: true, updatedAt: now } });
  } else {
    const record = fields as RecordFields;
    await tx
      .insert(seoRecords)
      .values({ path: ref.key, locale, record, isPublished: true, updatedAt: now })
      .onConflictDoUpdate({ target: [seoRecords.path, seoRecords.locale], set: { record, isPublished: true, updatedAt: now } });
  }
}

async function hideLive(tx: Tx, ref: EntryRef, locale: string, now: Date): Promise<boolean> {
  const set = { isPublished: false, updatedAt: now };
  const changed =
    ref.kind === 'page'
      ? await tx.update(contentPages).set(set).where(and(eq(contentPages.slug, ref.key), eq(contentPages.locale, locale), eq(contentPages.isPublished, true))).returning({ locale: contentPages.locale })
      : ref.kind === 'seo'
        ? await tx.update(seoTexts).set(set).where(and(eq(seoTexts.path, ref.key), eq(seoTexts.locale, locale), eq(seoTexts.isPublished, true))).returning({ locale: seoTexts.locale })
        : await tx.update(seoRecords).set(set).where(and(eq(seoRecords.path, ref.key), eq(seoRecords.locale, locale), eq(seoRecords.isPublished, true))).returning({ locale: seoRecords.locale });
  return changed.length > 0;
}

const ofEntry = (ref: EntryRef, locale: string) => and(eq(contentVersions.kind, ref.kind), eq(contentVersions.key, ref.key), eq(contentVersions.locale, locale));

/** One writer per entry at a time: version numbers and the live row stay in step. */
const lock = (tx: Tx, ref: EntryRef, locale: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${ref.kind}:${ref.key}:${locale}`}))`);

async function latestVersion(db: Db | Tx, ref: EntryRef, locale: string) {
  const [row] = await db.select().from(contentVersions).where(ofEntry(ref, locale)).orderBy(desc(contentVersions.version)).limit(1);
  return row ?? null;
}

/** JSON with its keys sorted: two field sets compare equal whatever order their keys were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : item,
  );

/**
 * Records a change written to the live row outside the editor (`npm run ops -- content:put`), in
 * the writer's transaction, as the entry's newest version (source `ops`): the history then ends at
 * what players see, and a rollback from the editor can return to before it. An entry with no
 * version yet gets none here: its first change in the editor takes the live text as its baseline.
 */
export async function versionOutsideChange(tx: Tx, ref: EntryRef, locale: string, actor: string): Promise<number | null> {
  await lock(tx, ref, locale);
  const latest = await latestVersion(tx, ref, locale);
  const live = latest && (await readLive(tx, ref, locale));
  if (!latest || !live || canonical(latest.fields) === canonical(live.fields)) return null;
  const version = latest.version + 1;
  await tx.insert(contentVersions).values({ kind: ref.kind, key: ref.key, locale, version, fields: live.fields, source: 'ops', createdBy: actor, publishedAt: live.published ? live.updatedAt : null });
  return version;
}

/** Image addresses a markdown text uses that were never uploaded: a page must not show a broken picture. */
async function missingImages(db: Db | Tx, fields: EntryFields): Promise<string[]> {
  const markdown = (fields as { markdown?: unknown }).markdown;
  if (typeof markdown !== 'string') return [];
  const names = [...new Set(markdownToSections(markdown).flatMap((section) => (section.image && CONTENT_IMAGE_PATH.test(section.image.src) ? [section.image.src.slice('/content-images/'.length)] : [])))];
  const missing: string[] = [];
  for (const name of names) {
    const [row] = await db.select({ name: contentImages.name }).from(contentImages).where(eq(contentImages.name, name));
    if (!row) missing.push(name);
  }
  return missing;
}

export type ContentEditorOptions = {
  /** Clears the content caches in every process after a publish, unpublish or rollback. */
  invalidator?: Pick<CacheInvalidator, 'invalidate'>;
  /** The source the site reads (CONTENT_SOURCE): with Strapi, writes here would change nothing players see, so they are refused. */
  source: 'database' | 'strapi';
};

export function createContentEditor(db: Db, options: ContentEditorOptions) {
  const changed = () => options.invalidator?.invalidate(CONTENT_CACHE) ?? Promise.resolve();

  const writable = () => {
    if (options.source === 'strapi') {
      throw new AppError('InvalidRequestException', 'The site reads its content from Strapi: edit it in Strapi’s admin', { status: 409 });
    }
  };

  async function liveVersion(db: Db | Tx, ref: EntryRef, locale: string): Promise<number | null> {
    const [row] = await db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(and(ofEntry(ref, locale), sql`${contentVersions.publishedAt} is not null`))
      .orderBy(desc(contentVersions.publishedAt), desc(contentVersions.version))
      .limit(1);
    return row?.version ?? null;
  }

  /** Version 1 from the live text, the first time an entry written elsewhere is changed here. */
  async function ensureBaseline(tx: Tx, ref: EntryRef, locale: string): Promise<number | null> {
    const latest = await latestVersion(tx, ref, locale);
    if (latest) return latest.version;
    const live = await readLive(tx, ref, locale);
    if (!live) return null;
    await tx.insert(contentVersions).values({ kind: ref.kind, key: ref.key, locale, version: 1, fields: live.fields, source: 'baseline', createdBy: 'system', publishedAt: live.published ? live.updatedAt : null });
    return 1;
  }

  const checkBase = (current: number | null, base: number | null | undefined) => {
    if (base !== undefined && base !== current) {
      throw new AppError('InvalidRequestException', 'The entry changed since you opened it: reload to see the new version', {
        status: 409,
        fields: { base_version: `Version ${current ?? 'none'} is the current one now` },
      });
    }
  };

  async function versionRow(db: Db | Tx, ref: EntryRef, locale: string, version: number) {
    const [row] = await db.select().from(contentVersions).where(and(ofEntry(ref, locale), eq(contentVersions.version, version)));
    if (!row) throw new AppError('InvalidParameterException', `No version ${version} of this entry`, { status: 404, fields: { version: `No version ${version} of this entry` } });
    return row;
  }

  /** Makes a stored version live; the caller holds the entry's lock. */
  async function makeLive(tx: Tx, ref: EntryRef, locale: string, version: number, fields: EntryFields) {
    const now = new Date();
    await writeLive(tx, ref, locale, fields, now);
    await tx
      .update(contentVersions)
      .set({ publishedAt: now })
      .where(and(ofEntry(ref, locale), eq(contentVersions.version, version)));
  }

  return {
    source: options.source,
    /** Throws the Strapi refusal (409) when the site does not read the built-in store. */
    assertWritable: writable,

    /** Every entry of the built-in store with its state, titles in its locale. */
    async list(): Promise<ContentEntryRow[]> {
      const [pages, texts, records, versions] = await Promise.all([
        db.select({ key: contentPages.slug, locale: contentPages.locale, title: contentPages.title, published: contentPages.isPublished, updatedAt: contentPages.updatedAt }).from(contentPages),
        db.select({ key: seoTexts.path, locale: seoTexts.locale, title: seoTexts.heading, published: seoTexts.isPublished, updatedAt: seoTexts.updatedAt }).from(seoTexts),
        db.select({ key: seoRecords.path, locale: seoRecords.locale, record: seoRecords.record, published: seoRecords.isPublished, updatedAt: seoRecords.updatedAt }).from(seoRecords),
        db
          .select({ kind: contentVersions.kind, key: contentVersions.key, locale: contentVersions.locale, version: contentVersions.version, fields: contentVersions.fields, publishedAt: contentVersions.publishedAt, createdAt: contentVersions.createdAt })
          .from(contentVersions)
          .orderBy(contentVersions.version),
      ]);
      const rows = new Map<string, ContentEntryRow & { liveAt: number }>();
      const id = (kind: string, key: string, locale: string) => `${kind} ${key} ${locale}`;
      const live = (kind: ContentKind, row: { key: string; locale: string; title: string; published: boolean; updatedAt: Date }) =>
        rows.set(id(kind, row.key, row.locale), {
          kind,
          key: row.key,
          locale: row.locale,
          title: row.title,
          live: row.published ? 'published' : 'unpublished',
          version: null,
          published_version: null,
          draft: false,
          updated_at: row.updatedAt.toISOString(),
          liveAt: 0,
        });
      for (const row of pages) live('page', row);
      for (const row of texts) live('seo', row);
      for (const row of records) live('record', { ...row, title: String((row.record as { title?: unknown }).title ?? '') });
      for (const version of versions) {
        const kind = version.kind as ContentKind;
        const key = id(kind, version.key, version.locale);
        const row =
          rows.get(key) ??
          rows.set(key, { kind, key: version.key, locale: version.locale, title: '', live: 'none', version: null, published_version: null, draft: false, updated_at: version.createdAt.toISOString(), liveAt: 0 }).get(key)!;
        row.version = version.version;
        if (row.live === 'none') row.title = titleOf(kind, version.fields as EntryFields);
        if (version.publishedAt && version.publishedAt.getTime() >= row.liveAt) {
          row.published_version = version.version;
          row.liveAt = version.publishedAt.getTime();
        }
        if (version.createdAt.toISOString() > row.updated_at) row.updated_at = version.createdAt.toISOString();
      }
      return [...rows.values()]
        .map(({ liveAt: _liveAt, ...row }) => ({ ...row, draft: row.version !== null && row.version !== row.published_version }))
        .sort((a, b) => CONTENT_KINDS.indexOf(a.kind) - CONTENT_KINDS.indexOf(b.kind) || a.key.localeCompare(b.key) || a.locale.localeCompare(b.locale));
    },

    /** One entry as the editor opens it. */
    async entry(ref: EntryRef, locale: LocaleCode): Promise<ContentEntryView> {
      const [live, latest, publishedVersion] = await Promise.all([readLive(db, ref, locale), latestVersion(db, ref, locale), liveVersion(db, ref, locale)]);
      return {
        kind: ref.kind,
        key: ref.key,
        locale,
        live: live ? (live.published ? 'published' : 'unpublished') : 'none',
        live_fields: live?.fields ?? null,
        live_updated_at: live?.updatedAt.toISOString() ?? null,
        version: latest?.version ?? null,
        published_version: publishedVersion,
        fields: (latest?.fields as EntryFields | undefined) ?? live?.fields ?? null,
        draft: latest !== null && latest.version !== publishedVersion,
      };
    },

    /** Saves the editor's fields as a new version (players see nothing of it until it is published). */
    async save(ref: EntryRef, locale: LocaleCode, fields: EntryFields, meta: { actor: string; baseVersion?: number | null }): Promise<{ version: number; before: EntryFields | null }> {
      writable();
      const missing = await missingImages(db, fields);
      if (missing.length) {
        throw new AppError('InvalidParameterException', `Image ${missing[0]} was not uploaded`, { fields: { 'fields.markdown': `Image ${missing[0]} was not uploaded` } });
      }
      return db.transaction(async (tx) => {
        await lock(tx, ref, locale);
        // The editor of an entry not yet versioned opened it at null: its baseline is written now.
        checkBase((await latestVersion(tx, ref, locale))?.version ?? null, meta.baseVersion);
        const current = await ensureBaseline(tx, ref, locale);
        const before = current === null ? null : ((await versionRow(tx, ref, locale, current)).fields as EntryFields);
        if (before && canonical(before) === canonical(fields)) {
          throw new AppError('InvalidParameterException', 'Nothing changed', { fields: { fields: 'Nothing changed' } });
        }
        const version = (current ?? 0) + 1;
        await tx.insert(contentVersions).values({ kind: ref.kind, key: ref.key, locale, version, fields, source: 'save', createdBy: meta.actor });
        return { version, before };
      });
    },

    /** Makes a version live (players see it at once: the caches are cleared). */
    async publish(ref: EntryRef, locale: LocaleCode, version: number): Promise<{ version: number; previous: number | null }> {
      writable();
      const result = await db.transaction(async (tx) => {
        await lock(tx, ref, locale);
        await ensureBaseline(tx, ref, locale);
        const row = await versionRow(tx, ref, locale, version);
        const [previous, live] = await Promise.all([liveVersion(tx, ref, locale), readLive(tx, ref, locale)]);
        if (previous === version && live?.published) {
          throw new AppError('InvalidRequestException', `Version ${version} is live already`, { status: 409 });
        }
        await makeLive(tx, ref, locale, version, row.fields as EntryFields);
        return { version, previous };
      });
      await changed();
      return result;
    },

    /** Hides the live entry: a page answers 404, a SEO text or record is left out. */
    async unpublish(ref: EntryRef, locale: LocaleCode): Promise<{ version: number | null }> {
      writable();
      const result = await db.transaction(async (tx) => {
        await lock(tx, ref, locale);
        await ensureBaseline(tx, ref, locale);
        if (!(await hideLive(tx, ref, locale, new Date()))) throw new AppError('InvalidRequestException', 'This entry is not published', { status: 409 });
        return { version: await liveVersion(tx, ref, locale) };
      });
      await changed();
      return result;
    },

    /** Saves an older version's fields again as the newest version and makes it live. */
    async rollback(ref: EntryRef, locale: LocaleCode, version: number, meta: { actor: string; baseVersion?: number | null }): Promise<{ version: number; restored: number }> {
      writable();
      const result = await db.transaction(async (tx) => {
        await lock(tx, ref, locale);
        // The editor of an entry not yet versioned opened it at null: its baseline is written now.
        checkBase((await latestVersion(tx, ref, locale))?.version ?? null, meta.baseVersion);
        const current = await ensureBaseline(tx, ref, locale);
        const old = await versionRow(tx, ref, locale, version);
        const next = (current ?? 0) + 1;
        await tx.insert(contentVersions).values({ kind: ref.kind, key: ref.key, locale, version: next, fields: old.fields, source: 'rollback', restoredFrom: version, createdBy: meta.actor });
        await makeLive(tx, ref, locale, next, old.fields as EntryFields);
        return { version: next, restored: version };
      });
      await changed();
      return result;
    },

    /** An entry's versions, newest first (a baseline shows once the entry was changed here). */
    async versions(ref: EntryRef, locale: LocaleCode): Promise<ContentVersionRow[]> {
      const [rows, live, current] = await Promise.all([
        db.select().from(contentVersions).where(ofEntry(ref, locale)).orderBy(desc(contentVersions.version)),
        readLive(db, ref, locale),
        liveVersion(db, ref, locale),
      ]);
      return rows.map((row) => ({
        version: row.version,
        source: row.source as ContentVersionRow['source'],
        restored_from: row.restoredFrom,
        created_by: row.createdBy,
        created_at: row.createdAt.toISOString(),
        published_at: row.publishedAt?.toISOString() ?? null,
        live: row.version === current && live?.published === true,
      }));
    },

    /** One version's fields (to compare and preview before rolling back). */
    async version(ref: EntryRef, locale: LocaleCode, version: number): Promise<{ version: number; fields: EntryFields }> {
      const row = await versionRow(db, ref, locale, version);
      return { version: row.version, fields: row.fields as EntryFields };
    },
  };
}

export type ContentEditor = ReturnType<typeof createContentEditor>;
