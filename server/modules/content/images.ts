import { createHash } from 'node:crypto';
import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { ContentImageView } from '../../../contract/backoffice-content.ts';
import type { Db } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { contentImages } from '../../db/schema/content-editor.ts';
import { inspectDocument, InspectionError } from '../verification/index.ts';

/**
 * Images for content pages, uploaded in the back office (docs/content.md, "Images"). They go
 * through the identity documents' inspector (server/modules/verification/inspect.ts): the type is
 * decided from the bytes, polyglots and bombs are refused, and the image is decoded and encoded
 * again with sharp, so metadata (EXIF, GPS, comments) and anything riding along are gone. Only
 * JPEG and PNG are taken (a PDF is no picture). The re-encoded copy is what is stored and served.
 */

/** Larger than any picture a content page needs; the identity documents' default limit. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored names: 32 random bytes and the re-encoded type's extension. */
const STORED_NAME = /^[A-Za-z0-9_-]{43}\.(?:jpg|png)$/;

export type { ContentImageView };

const refused = (message: string) => new AppError('InvalidParameterException', message, { fields: { file: message } });

const PROBLEMS: Record<string, string> = {
  wrong_type: 'Send a JPEG or PNG image',
  unsafe: 'This file carries something besides an image: save it again as a plain JPEG or PNG',
  unreadable: 'This image could not be read',
  encrypted: 'Send a JPEG or PNG image',
  too_many_pixels: 'This image has too many pixels (at most 50 megapixels)',
};

export function createContentImages(db: Db, options: { logger?: Pick<Logger, 'warn'> } = {}) {
  const view = (row: Omit<typeof contentImages.$inferSelect, 'bytes' | 'sha256'>): ContentImageView => ({
    name: row.name,
    src: `/content-images/${row.name}`,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    original_name: row.originalName,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  });

  return {
    maxBytes: CONTENT_IMAGE_MAX_BYTES,

    /** Checks, re-encodes and stores one image; refusals name the field `file`. */
    async upload(file: unknown, meta: { actor: string }): Promise<ContentImageView> {
      if (!(file instanceof File) || file.size === 0) throw refused('Choose an image file');
      if (file.size > CONTENT_IMAGE_MAX_BYTES) throw new AppError('InvalidParameterException', 'At most 5 MB per image', { status: 413, fields: { file: 'At most 5 MB per image' } });
      let inspected;
      try {
        inspected = await inspectDocument(Buffer.from(await file.arrayBuffer()));
      } catch (error) {
        if (!(error instanceof InspectionError)) throw error;
        options.logger?.warn({ problem: error.problem, detail: error.message, claimed: file.type }, 'content image refused');
        throw refused(PROBLEMS[error.problem]);
      }
      if (inspected.extension === 'pdf' || !inspected.width || !inspected.height) throw refused(PROBLEMS.wrong_type);
      const name = `${randomToken(32)}.${inspected.extension}`;
      const [row] = await db
        .insert(contentImages)
        .values({
          name,
          contentType: inspected.contentType,
          bytes: inspected.bytes,
          sizeBytes: inspected.bytes.length,
          width: inspected.width,
          height: inspected.height,
          sha256: createHash('sha256').update(inspected.bytes).digest('hex'),
          originalName: file.name.slice(0, 200),
          uploadedBy: meta.actor,
        })
        .returning();
      return view(row);
    },

    /** The newest uploads first. */
    async list(limit = 200): Promise<ContentImageView[]> {
      const { bytes: _bytes, sha256: _sha256, ...columns } = getTableColumns(contentImages);
      const rows = await db.select(columns).from(contentImages).orderBy(desc(contentImages.createdAt)).limit(limit);
      return rows.map(view);
    },

    /** A stored image's bytes for the site to serve, or null. */
    async file(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!STORED_NAME.test(name)) return null;
      const [row] = await db.select({ bytes: contentImages.bytes, contentType: contentImages.contentType }).from(contentImages).where(eq(contentImages.name, name));
      return row ?? null;
    },
  };
}

export type ContentImages = ReturnType<typeof createContentImages>;
