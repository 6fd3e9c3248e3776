import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { ContentCoding } from './compression.ts';

/**
 * Compressed copies of a page that is served many times with a different CSP nonce each time (the
 * guest page cache, decision 012), made once and completed per response by splicing the response's
 * own nonce in, with no compression work per response (decision 034).
 *
 * Both formats can carry bytes stored as they are between compressed blocks: DEFLATE's stored
 * blocks and brotli's uncompressed meta-blocks. The page is compressed in one stream with a
 * placeholder where each nonce goes, the stream flushed before and after every placeholder (so
 * each ends a block on a byte boundary), and the placeholder's block is then replaced by a stored
 * block holding the nonce. The decoder then has the same bytes in its window as the compressor
 * everywhere but where the nonces are, and nothing refers to those: placeholders are made of
 * bytes that the page does not hold, so no match in the text can copy them.
 *
 * Brotli keeps two more pieces of state across blocks, and neither may depend on what the
 * placeholder's block did. Literal context modelling (which reads the two bytes before a literal)
 * is off. The last four distances used are shared by all blocks, and a compressed block may
 * repeat one without naming it: so a placeholder's block must be literals only, never a copy,
 * which it is when the placeholder repeats nothing the compressor can see: the placeholders are
 * cut from a sequence in which no pair of bytes occurs twice, made of bytes the page never holds.
 * Each copy is also checked once when it is made (decompressed with another nonce and compared): a
 * copy that fails is not used, and the page is compressed per response instead.
 */

export type NonceSplicedBody = {
  coding: ContentCoding;
  /** The bytes it keeps in memory (the compressed text; for gzip also the text, for its CRC). */
  bytes: number;
  /** The whole compressed body with this nonce in every place (it must have the original's length). */
  join(nonce: string): Buffer;
};

/**
 * What placeholders are made of: bytes a page never holds. Those that UTF-8 never uses (the page
 * is always encoded from a string), and control characters other than tab and line breaks (checked).
 */
const CONTROL_CHARACTERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 127];
const PLACEHOLDER_BYTES = [...CONTROL_CHARACTERS, 0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff];
const CONTROL_SET = new Set(CONTROL_CHARACTERS);
/** Whether the text holds none of the placeholders' characters (then no match in it can reach a placeholder). */
const placeholderFree = (text: string) => {
  for (let index = 0; index < text.length; index++) if (CONTROL_SET.has(text.charCodeAt(index))) return false;
  return true;
};

/**
 * The stretch placeholders are cut from: the de Bruijn sequence B(43, 2) over those bytes, in
 * which every pair of bytes occurs exactly once (1,849 bytes: 84 nonces of 22). No two bytes of a
 * placeholder occur together anywhere else, so the compressor finds nothing to copy in it.
 */
let placeholderSource: Buffer | null = null;
function placeholderStretch(): Buffer {
  if (placeholderSource) return placeholderSource;
  const k = PLACEHOLDER_BYTES.length;
  const n = 2;
  const a = new Array<number>(k * n).fill(0);
  const sequence: number[] = [];
  const walk = (t: number, p: number) => {
    if (t > n) {
      if (n % p === 0) for (let index = 1; index <= p; index++) sequence.push(PLACEHOLDER_BYTES[a[index]]);
      return;
    }
    a[t] = a[t - p];
    walk(t + 1, p);
    for (let j = a[t - p] + 1; j < k; j++) {
      a[t] = j;
      walk(t + 1, t);
    }
  };
  walk(1, 1);
  placeholderSource = Buffer.from(sequence);
  return placeholderSource;
}

/** The placeholder of each of `count` nonces of `length` bytes, none repeating three bytes of another; null if there are too many. */
function placeholders(count: number, length: number): Buffer[] | null {
  const source = placeholderStretch();
  if (count * length > source.length) return null;
  return Array.from({ length: count }, (_, index) => source.subarray(index * length, (index + 1) * length));
}

/** Bytes the compressor emits per flushed segment (the flush's own callback marks each end). */
function segmenter(stream: zlib.BrotliCompress | zlib.DeflateRaw) {
  let chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const take = () => {
    const out = Buffer.concat(chunks);
    chunks = [];
    return out;
  };
  return {
    segment(data: Buffer, flushKind: number) {
      return new Promise<Buffer>((resolve, reject) => {
        stream.once('error', reject);
        stream.write(data);
        stream.flush(flushKind, () => {
          stream.off('error', reject);
          resolve(take());
        });
      });
    },
    finish() {
      return new Promise<Buffer>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('end', () => resolve(take()));
        stream.end();
      });
    },
  };
}

/** A brotli meta-block of these bytes as they are: ISLAST 0, MNIBBLES 4, MLEN - 1, ISUNCOMPRESSED 1, padding. */
function brotliStoredHeader(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/** A DEFLATE stored block's header (BFINAL 0, BTYPE 00, aligned), LEN and NLEN. */
function deflateStoredHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

function nonceOfLength(nonce: string, length: number): Buffer {
  const bytes = Buffer.from(nonce);
  if (bytes.length !== length) throw new Error(`a nonce of ${bytes.length} bytes cannot take the place of one of ${length}`);
  return bytes;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last, empty DEFLATE block (fixed Huffman, end of block): ends the stream before the gzip trailer. */
const DEFLATE_END = Buffer.from([3, 0]);

/** A copy as data (it crosses from the worker that makes it): the compressed text between the nonces. */
export type CompressedPieces = { coding: ContentCoding; nonceLength: number; compressed: Uint8Array[]; end: Uint8Array };

/**
 * The page (cut at every place its nonce appeared) compressed once, or null when it cannot be
 * spliced exactly (a placeholder character in the page, a nonce over 64 KiB or too many of them,
 * a copy that failed its check). In this thread: the guest page cache has a worker do it
 * (createCopyMaker), since a hundred flushes wait on as many turns of a busy event loop.
 */
export async function compressAroundNonce(parts: string[], nonceLength: number, coding: ContentCoding, quality: number): Promise<NonceSplicedBody | null> {
  const pieces = await compressPieces(parts, nonceLength, coding, quality);
  return pieces && spliceable(parts, pieces);
}

export async function compressPieces(parts: string[], nonceLength: number, coding: ContentCoding, quality: number): Promise<CompressedPieces | null> {
  if (nonceLength < 1 || nonceLength > 60_000 || !parts.every(placeholderFree)) return null;
  const holes = placeholders(parts.length - 1, nonceLength);
  if (!holes) return null;
  const texts = parts.map((part) => Buffer.from(part));
  let pieces: CompressedPieces;
  if (coding === 'br') {
    const size = texts.reduce((sum, text) => sum + text.length, 0) + nonceLength * holes.length;
    const stream = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
    // After the stream's last flush, `end` is the empty last meta-block.
    pieces = { coding, nonceLength, ...(await compressedAround(stream, zlib.constants.BROTLI_OPERATION_FLUSH, texts, holes)) };
  } else {
    // The stream's own ending is replaced by DEFLATE_END (the same two bytes, after the last flush).
    const { compressed } = await compressedAround(zlib.createDeflateRaw({ level: quality }), zlib.constants.Z_SYNC_FLUSH, texts, holes);
    pieces = { coding, nonceLength, compressed, end: DEFLATE_END };
  }
  // Checked once with a nonce other than the placeholders: the same join then holds for every nonce.
  const probe = 'Z'.repeat(nonceLength);
  try {
    const decoded = (coding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(spliceable(parts, pieces, texts).join(probe));
    if (!decoded.equals(Buffer.from(parts.join(probe)))) return null;
  } catch {
    return null;
  }
  return pieces;
}

/** The text compressed with each placeholder in its own flushed block, the placeholders' blocks dropped. */
async function compressedAround(stream: zlib.BrotliCompress | zlib.DeflateRaw, flush: number, texts: Buffer[], holes: Buffer[]) {
  const segments = segmenter(stream);
  const compressed: Buffer[] = [await segments.segment(texts[0], flush)];
  for (let index = 1; index < texts.length; index++) {
    await segments.segment(holes[index - 1], flush);
    compressed.push(await segments.segment(texts[index], flush));
  }
  return { compressed, end: await segments.finish() };
}

/** The copy ready to be joined with each response's nonce. */
export function spliceable(parts: string[], pieces: CompressedPieces, texts = parts.map((part) => Buffer.from(part))): NonceSplicedBody {
  const { coding, nonceLength: length, compressed, end } = pieces;
  const holes = compressed.length - 1;
  const compressedBytes = compressed.reduce((sum, piece) => sum + piece.length, end.length);
  if (coding === 'br') {
    const stored = brotliStoredHeader(length);
    return {
      coding,
      bytes: compressedBytes + stored.length * holes,
      join(nonce) {
        const nonceBytes = nonceOfLength(nonce, length);
        const out: Uint8Array[] = [compressed[0]];
        for (let index = 1; index < compressed.length; index++) out.push(stored, nonceBytes, compressed[index]);
        out.push(end);
        return Buffer.concat(out);
      },
    };
  }
  const stored = deflateStoredHeader(length);
  const textBytes = texts.reduce((sum, text) => sum + text.length, 0) + length * holes;
  return {
    coding,
    // The texts are kept too: the trailer's CRC is computed per response over them.
    bytes: compressedBytes + stored.length * holes + GZIP_HEADER.length + 8 + textBytes,
    join(nonce) {
      const nonceBytes = nonceOfLength(nonce, length);
      // The trailer's CRC covers this response's text: 20 to 40 microseconds for a 120 KB page.
      let crc = zlib.crc32(texts[0]);
      const out: Uint8Array[] = [GZIP_HEADER, compressed[0]];
      for (let index = 1; index < compressed.length; index++) {
        out.push(stored, nonceBytes, compressed[index]);
        crc = zlib.crc32(texts[index], zlib.crc32(nonceBytes, crc));
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(textBytes >>> 0, 4);
      out.push(end, trailer);
      return Buffer.concat(out);
    },
  };
}

type CopyRequest = { id: number; parts: string[]; nonceLength: number; coding: ContentCoding; quality: number };
type CopyAnswer = { id: number; bytes: Uint8Array | null; lengths: number[] };

/** Packs a copy into one buffer that can be moved to another thread without copying. */
export function packPieces(pieces: CompressedPieces | null): { bytes: Uint8Array | null; lengths: number[] } {
  if (!pieces) return { bytes: null, lengths: [] };
  const all = [...pieces.compressed, pieces.end];
  const bytes = new Uint8Array(all.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of all) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return { bytes, lengths: all.map((piece) => piece.length) };
}

/**
 * Makes copies in a worker thread (nonce-compression-worker.ts), off the event loop that serves
 * requests; one worker for the process, started on first use, not keeping the process alive. If
 * it fails, copies are not made (pages are compressed on the fly) until it has been restarted.
 */
export function createCopyMaker() {
  let worker: Worker | null = null;
  let failures = 0;
  let nextId = 0;
  const pending = new Map<number, { request: CopyRequest; resolve: (copy: NonceSplicedBody | null) => void }>();
  const settleAll = () => {
    for (const { resolve } of pending.values()) resolve(null);
    pending.clear();
  };
  const start = () => {
    const started = new Worker(new URL('./nonce-compression-worker.ts', import.meta.url));
    started.unref();
    started.on('message', ({ id, bytes, lengths }: CopyAnswer) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (!bytes) return waiting.resolve(null);
      const views: Uint8Array[] = [];
      let offset = 0;
      for (const length of lengths) {
        views.push(bytes.subarray(offset, offset + length));
        offset += length;
      }
      const { parts, nonceLength, coding } = waiting.request;
      waiting.resolve(spliceable(parts, { coding, nonceLength, compressed: views.slice(0, -1), end: views[views.length - 1] }));
    });
    const fail = () => {
      if (worker === started) worker = null;
      failures += 1;
      settleAll();
    };
    started.on('error', fail);
    started.on('exit', fail);
    return started;
  };
  return {
    make(parts: string[], nonceLength: number, coding: ContentCoding, quality: number): Promise<NonceSplicedBody | null> {
      if (failures >= 3) return Promise.resolve(null);
      worker ??= start();
      const request = { id: nextId++, parts, nonceLength, coding, quality };
      return new Promise((resolve) => {
        pending.set(request.id, { request, resolve });
        worker!.postMessage(request);
      });
    },
    close() {
      settleAll();
      void worker?.terminate();
      worker = null;
    },
  };
}
