/**
 * What the back office's content endpoints answer (server/backoffice/endpoints/content.ts,
 * docs/backoffice.md "Content"), shared by the server and the screens.
 */

export const CONTENT_KINDS = ['page', 'seo', 'record'] as const;
/** A page (/{slug}), a SEO text (under a listing page) or a SEO record (a page's head). */
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type LiveState = 'published' | 'unpublished' | 'none';

/** A page's editor fields. */
export type PageFields = { title: string; description: string; markdown: string };
/** A SEO text's editor fields. */
export type SeoTextFields = { heading: string; markdown: string };

export type ContentEntryRow = {
  kind: ContentKind;
  key: string;
  locale: string;
  title: string;
  live: LiveState;
  /** The newest version (null: never saved in the editor). */
  version: number | null;
  /** The version that is live now (null: none, or the live text predates the editor). */
  published_version: number | null;
  /** A saved version newer than the live one: players do not see it. */
  draft: boolean;
  updated_at: string;
};

export type ContentListAnswer = { source: 'database' | 'strapi'; items: ContentEntryRow[] };

export type ContentVersionRow = {
  version: number;
  /** baseline: the live text before the editor; ops: written by `npm run ops -- content:put`. */
  source: 'baseline' | 'save' | 'rollback' | 'ops';
  restored_from: number | null;
  created_by: string;
  created_at: string;
  published_at: string | null;
  live: boolean;
};

export type ContentEntryView<F = Record<string, unknown>> = {
  kind: ContentKind;
  key: string;
  locale: 'en' | 'fr';
  live: LiveState;
  /** What players see (null: no live row). */
  live_fields: F | null;
  live_updated_at: string | null;
  version: number | null;
  published_version: number | null;
  /** What the editor opens: the newest version, else the live text, else null (a new entry). */
  fields: F | null;
  draft: boolean;
};

export type ContentImageView = { name: string; src: string; content_type: string; size_bytes: number; width: number; height: number; original_name: string; uploaded_by: string; created_at: string };
