import { createReadStream, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { acceptedEncodings, isCompressibleType, type ContentCoding } from './compression.ts';

/** The file beside each text file of the build that holds it compressed (scripts/precompress.ts). */
export const PRECOMPRESSED_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** Hashed names under /assets/ never change content: browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SAFE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const statOf = (file: string): Stats | undefined => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Static files of the build: only paths that name one (hashed assets, brand images and the few
 * files at the root), so page and API requests never wait on a filesystem lookup.
 *
 * A text file is answered from its `.br` or `.gz` twin when the client accepts that coding and the
 * build made one (decision 034), with the original's Content-Type, `Content-Encoding`, and
 * `Vary: Accept-Encoding` on every answer of a text file. Every file gets an ETag of its own
 * variant and Last-Modified, and a conditional request that matches gets 304. Range requests and
 * odd paths are left to Hono's serveStatic, which serves the file as it is.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const rootFiles = new Set(readdirSync(root).filter((name) => !name.startsWith('.')).map((name) => `/${name}`));
  const fallback = serveStatic({ root });
  return async (c, next) => {
    const pathname = new URL(c.req.url).pathname;
    const top = `/${pathname.split('/')[1]}`;
    if (!rootFiles.has(top)) return next();
    if (pathname.startsWith('/assets/')) c.header('Cache-Control', IMMUTABLE);
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('range') || !SAFE_PATH.test(pathname)) return fallback(c, next);
    const file = path.join(root, pathname);
    const original = statOf(file);
    if (!original) return fallback(c, next);

    const contentType = getMimeType(file) ?? 'application/octet-stream';
    const text = isCompressibleType(contentType);
    let served = { file, stats: original, coding: undefined as ContentCoding | undefined };
    if (text) {
      c.header('Vary', 'Accept-Encoding');
      for (const coding of acceptedEncodings(c.req.header('accept-encoding'))) {
        const stats = statOf(file + PRECOMPRESSED_SUFFIX[coding]);
        if (stats) {
          served = { file: file + PRECOMPRESSED_SUFFIX[coding], stats, coding };
          break;
        }
      }
    }
    const { stats, coding } = served;
    // Each variant its own strong tag: the bytes differ.
    const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`;
    c.header('ETag', etag);
    c.header('Last-Modified', stats.mtime.toUTCString());
    if (notModified(c, etag, stats.mtime)) return c.body(null, 304);

    c.header('Content-Type', contentType);
    if (coding) c.header('Content-Encoding', coding);
    c.header('Content-Length', String(stats.size));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(served.file)) as ReadableStream, 200);
  };
}

/** If-None-Match wins over If-Modified-Since (RFC 9110, 13.2.2); tags compare weakly. */
function notModified(c: Context, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const strip = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => strip(tag) === etag);
  }
  const ifModifiedSince = c.req.header('if-modified-since');
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}
