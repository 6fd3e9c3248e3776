import { z } from 'zod';
import { LOCALES } from '../../../contract/locales.ts';
import { CONTENT_IMAGE_MAX_BYTES, entryRefSchema, FIELDS_SCHEMAS, type EntryRef } from '../../modules/content/index.ts';
import { actorOf, defineRead, defineWrite, signedIn, type Endpoint } from '../endpoint.ts';

/**
 * Content (docs/backoffice.md, "Content"; docs/content.md): pages, SEO texts and SEO records of
 * the built-in store in each language, saved as versions, published, unpublished and rolled
 * back; images uploaded for them. Every field is checked by the editor module's own schemas
 * (server/modules/content/editor.ts), so a bad one is named and nothing is written. While the
 * site reads Strapi, reads work and writes are refused (409): Strapi is edited in its own admin.
 */

const locale = z.enum(LOCALES);
/** Reads take the locale as `language`: the API's query reader keeps `locale` as a transport field. */
const language = locale;
const version = z.coerce.number().int().min(1).max(2_147_483_647);
/** The newest version the editor opened (null: none yet); a write on top of a newer one is refused (409). */
const baseVersion = z.union([version, z.null()]).optional();

/** An entry in a read's query: `kind`, `key`, `language`. */
const entryQuery = entryRefSchema.and(z.object({ language }));
/** An entry in a write's body: `kind`, `key`, `locale`. */
const entryBody = entryRefSchema.and(z.object({ locale }));

/** The save body: the entry and its kind's fields, each checked by that kind's schema (`fields.title`, `fields.markdown` ...). */
const saveInput = z
  .discriminatedUnion('kind', [
    entryRefSchema.options[0].extend({ fields: FIELDS_SCHEMAS.page }),
    entryRefSchema.options[1].extend({ fields: FIELDS_SCHEMAS.seo }),
    entryRefSchema.options[2].extend({ fields: FIELDS_SCHEMAS.record }),
  ])
  .and(z.object({ locale, base_version: baseVersion }));

const subjectOf = (ref: EntryRef, code: string) => `content:${ref.kind}:${ref.key}:${code}`;
const refOf = (input: EntryRef): EntryRef => ({ kind: input.kind, key: input.key }) as EntryRef;

export const listContent = defineRead({
  name: 'content/list',
  access: 'content.read',
  summary:
    'Every page, SEO text and SEO record of the built-in store, per locale: title, live state (published, unpublished, none), newest and live version, whether a saved draft waits; and `source` (database, strapi: the site reads Strapi, writes here are refused).',
  input: z.object({}).strip(),
  handler: async (_input, context) => ({ source: context.services.contentEditor.source, items: await context.services.contentEditor.list() }),
});

export const getContentEntry = defineRead({
  name: 'content/entry',
  access: 'content.read',
  summary: 'One entry (`kind`, `key`, `language`) as the editor opens it: what players see now (`live_fields`), the newest version (`fields`), the live version number and whether a draft waits.',
  input: entryQuery,
  handler: (input, context) => context.services.contentEditor.entry(refOf(input), input.language),
});

export const saveContentDraft = defineWrite({
  name: 'content/save',
  access: 'content.manage',
  summary:
    "Saves an entry's fields as a new version (a draft: players see nothing of it). Pages `{title, description, markdown}`, SEO texts `{heading, markdown}`, SEO records the fields of docs/seo.md; each bad field named (`fields.title`), an image the markdown shows must have been uploaded; `base_version` refuses a save over a newer one with 409. Audited with the fields before and after.",
  input: saveInput,
  handler: async (input, context) => {
    const ref = refOf(input);
    const saved = await context.services.contentEditor.save(ref, input.locale, input.fields, { actor: actorOf(signedIn(context)), baseVersion: input.base_version });
    return {
      data: { version: saved.version },
      audit: { action: 'content.save', subject: subjectOf(ref, input.locale), before: saved.before, after: input.fields, details: { version: saved.version } },
    };
  },
});

export const publishContent = defineWrite({
  name: 'content/publish',
  access: 'content.manage',
  summary: "Makes a `version` live: players see it at once (the guest-page and sitemap caches are cleared in every process). 409 when that version is live already.",
  input: entryBody.and(z.object({ version })),
  handler: async (input, context) => {
    const ref = refOf(input);
    const published = await context.services.contentEditor.publish(ref, input.locale, input.version);
    return { data: published, audit: { action: 'content.publish', subject: subjectOf(ref, input.locale), details: { version: published.version, previous_version: published.previous } } };
  },
});

export const unpublishContent = defineWrite({
  name: 'content/unpublish',
  access: 'content.manage',
  summary: 'Takes the live entry down: a page answers 404 (French readers get the English one if it is published), a SEO text or record is left out. Its text and versions are kept. 409 when not published.',
  input: entryBody,
  handler: async (input, context) => {
    const ref = refOf(input);
    const result = await context.services.contentEditor.unpublish(ref, input.locale);
    return { data: result, audit: { action: 'content.unpublish', subject: subjectOf(ref, input.locale), details: { version: result.version } } };
  },
});

export const listContentVersions = defineRead({
  name: 'content/versions',
  access: 'content.read',
  summary: "An entry's versions, newest first: number, source (baseline, save, rollback), the version a rollback restored, who and when, when published, which one is live.",
  input: entryQuery,
  handler: (input, context) => context.services.contentEditor.versions(refOf(input), input.language),
});

export const getContentVersion = defineRead({
  name: 'content/version',
  access: 'content.read',
  summary: "One version's fields (`version`), to compare with another and preview before rolling back.",
  input: entryQuery.and(z.object({ version })),
  handler: (input, context) => context.services.contentEditor.version(refOf(input), input.language, input.version),
});

export const rollbackContent = defineWrite({
  name: 'content/rollback',
  access: 'content.manage',
  summary: "Saves an older `version`'s fields again as the newest version and makes it live at once; `base_version` as for a save. Audited with the restored version.",
  input: entryBody.and(z.object({ version, base_version: baseVersion })),
  handler: async (input, context) => {
    const ref = refOf(input);
    const result = await context.services.contentEditor.rollback(ref, input.locale, input.version, { actor: actorOf(signedIn(context)), baseVersion: input.base_version });
    return { data: result, audit: { action: 'content.rollback', subject: subjectOf(ref, input.locale), details: { version: result.version, restored_version: result.restored } } };
  },
});

export const listContentImages = defineRead({
  name: 'content/images',
  access: 'content.read',
  summary: 'Uploaded images, newest first (200): address, type, size, width and height, the uploaded file name, who and when.',
  input: z.object({}).strip(),
  handler: (_input, context) => context.services.contentImages.list(),
});

export const uploadContentImage = defineWrite({
  name: 'content/image',
  access: 'content.manage',
  summary:
    "Multipart `file`: checked as identity documents are (type from the bytes, JPEG or PNG only, polyglots and bombs refused) and re-encoded with sharp without metadata; at most 5 MB (413 past it). Every refusal is an `InvalidParameterException` on `file`. Answers the image with its address (`/content-images/{name}`), for the markdown's `![alt](address)`.",
  input: z.object({ file: z.unknown() }),
  upload: { maxBytes: CONTENT_IMAGE_MAX_BYTES },
  handler: async (input, context) => {
    context.services.contentEditor.assertWritable();
    const image = await context.services.contentImages.upload(input.file, { actor: actorOf(signedIn(context)) });
    return { data: image, audit: { action: 'content.image', subject: `content-image:${image.name}`, details: { content_type: image.content_type, size_bytes: image.size_bytes, width: image.width, height: image.height, original_name: image.original_name } } };
  },
});

/** The content screens' endpoints (docs/backoffice.md). */
export const CONTENT_ENDPOINTS: Endpoint[] = [
  listContent,
  getContentEntry,
  saveContentDraft,
  publishContent,
  unpublishContent,
  listContentVersions,
  getContentVersion,
  rollbackContent,
  listContentImages,
  uploadContentImage,
] as Endpoint[];
