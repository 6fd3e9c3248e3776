import sharp from 'sharp';
import { inflateBounded } from './decoders.ts';
import { InspectionError, MARKUP, MAX_INPUT_PIXELS } from './inspect-common.ts';
import { inspectPdf } from './inspect-pdf.ts';

export { InspectionError, MAX_INPUT_PIXELS, type InspectionProblem } from './inspect-common.ts';

/**
 * What an uploaded document really is, decided from its bytes (never from the name or the type
 * the browser claimed), and the copy that is stored (docs/verification.md, "What is refused"):
 *
 * - JPEG and PNG are read structure by structure (segments and scans, chunks) to their real end,
 *   and refused when they carry something else: markup, script tags or another format (PDF,
 *   archive, executable) in their metadata or text chunks (compressed ones inflated), a script or
 *   PDF marker anywhere, bytes after the image (an appended archive), an archive's directory at
 *   the end (a ZIP reader would open the file). Bombs are refused before decoding: more than
 *   50 megapixels declared, pixel data that inflates past what the declared size needs, text
 *   chunks that inflate past a small budget, a JPEG with more scans than any encoder writes.
 *   Accepted images are then decoded and encoded again with sharp: metadata (EXIF, GPS,
 *   comments) is dropped and whatever rode along cannot survive.
 * - PDF cannot be re-rendered here, so it is stored as sent once nothing in it can act
 *   (inspect-pdf.ts).
 *
 * Anything else (HTML, SVG, GIF, a renamed executable) is refused as a wrong type.
 */
export type InspectedFile = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; extension: 'jpg' | 'png' | 'pdf'; width?: number; height?: number };

/** Stored images are at most this many pixels on their longer side (plenty to read a document). */
const MAX_SIDE = 4096;
/** Progressive JPEGs have about ten scans; thousands make a decoder loop over the image thousands of times. */
const MAX_JPEG_SCANS = 100;
/** Honest JPEGs have a few dozen segments, honest PNGs a few dozen chunks besides their pixel data. */
const MAX_JPEG_SEGMENTS = 4096;
const MAX_PNG_CHUNKS = 4096;
/** A PNG's pixel data may be split in chunks; encoders write 8 KiB or more each. */
const MAX_PNG_PIXEL_CHUNKS = 100_000;
/** PNG text and profile chunks (zTXt, iTXt, iCCP) inflated, all together, to be searched. */
const MAX_PNG_TEXT_BYTES = 8 * 1024 * 1024;
/** A PNG's pixel data may inflate this much past what its declared size needs (honest encoders: nothing). */
const PNG_PIXEL_SLACK = 64 * 1024;
/** A decode and re-encode taking longer than this is abandoned. */
const REENCODE_SECONDS = 30;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const startsWith = (bytes: Buffer, signature: number[] | Buffer, offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

export function sniff(bytes: Buffer): 'jpeg' | 'png' | 'pdf' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  // A PDF may have junk before its header (readers look within 1 KiB); inspectPdf refuses any.
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  return null;
}

/**
 * Looked for anywhere in an image, compressed pixels included: long and specific enough that
 * the pixels of a large photo practically never spell them (a PDF's header or xref pointer
 * inside an image makes it a PDF to a lenient reader; a script tag makes it a page).
 */
const ANYWHERE_MARKUP = /<script|<\?php|<iframe|javascript:/i;
const ANYWHERE_FOREIGN = /%PDF-|startxref/;
/** RAR archives are found anywhere in a file by their readers (self-extracting archives). */
const RAR_SIGNATURE = Buffer.from('Rar!\x1a\x07', 'latin1');

/** Another file inside an image's metadata: a PDF, an archive, an executable, a GIF. */
const FOREIGN_SIGNATURES = ['%PDF-', 'startxref', '%%EOF', 'PK\x03\x04', 'PK\x01\x02', 'PK\x05\x06', 'Rar!\x1a\x07', '7z\xbc\xaf\x27\x1c', '\x7fELF', 'This program cannot be run', 'GIF87a', 'GIF89a', '%!PS'].map((signature) =>
  Buffer.from(signature, 'latin1'),
);
/**
 * Short PHP and ASP tags (`<?=`, `<? `, `<%`): looked for only in text parts (comments, text
 * chunks, XMP), where an honest file never has them; in binary metadata random bytes spell them.
 */
const SCRIPT_TAGS = /<\?(=|\s)|<%[=@\s]/;

type Parts = { text: Buffer[]; binary: Buffer[] };

function checkParts(parts: Parts) {
  // Each kind searched in one piece, the parts apart by a NUL (no pattern crosses it): a file of
  // a million tiny segments costs no more than one of a few large ones.
  const all = Buffer.concat([...parts.text, ...parts.binary].flatMap((part) => [part, Buffer.alloc(1)]));
  if (MARKUP.test(all.toString('latin1'))) throw new InspectionError('unsafe', 'image metadata carries markup');
  const foreign = FOREIGN_SIGNATURES.find((signature) => all.includes(signature));
  if (foreign) throw new InspectionError('unsafe', `image metadata carries another file (${JSON.stringify(foreign.toString('latin1'))})`);
  const text = Buffer.concat(parts.text.flatMap((part) => [part, Buffer.alloc(1)]));
  if (SCRIPT_TAGS.test(text.toString('latin1'))) throw new InspectionError('unsafe', 'image text carries a script tag');
}

/** A ZIP (or JAR, DOCX, APK) directory at the end of the file: a ZIP reader opens it as an archive. */
function endsWithZip(bytes: Buffer): boolean {
  if (bytes.length < 22) return false;
  const signature = Buffer.from('PK\x05\x06', 'latin1');
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.lastIndexOf(signature, bytes.length - 22); at >= floor; at = at > 0 ? bytes.lastIndexOf(signature, at - 1) : -1) {
    const directorySize = bytes.readUInt32LE(at + 12);
    const commentLength = bytes.readUInt16LE(at + 20);
    if (at + 22 + commentLength > bytes.length) continue;
    // ZIP64: the real sizes are in a record located just before.
    if (directorySize === 0xffffffff && at >= 20 && bytes.readUInt32LE(at - 20) === 0x07064b50) return true;
    if (directorySize >= 46 && directorySize <= at && bytes.readUInt32LE(at - directorySize) === 0x02014b50) return true;
  }
  return false;
}

const isPadding = (byte: number) => byte === 0x00 || byte === 0x0a || byte === 0x0d || byte === 0x20;

// --- JPEG --------------------------------------------------------------------------------------

type JpegImage = { end: number; width: number; height: number; scans: number };

const XMP_NAMESPACES = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'].map((prefix) => Buffer.from(prefix, 'latin1'));
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Walks one JPEG from its SOI to its EOI as a decoder does: segments, each scan's entropy-coded
 * data (FF 00 and restart markers belong to it), more segments between scans. Metadata segments
 * go to `parts` (comments and XMP as text, the rest as binary), stray bytes between segments
 * (which decoders skip) as text.
 */
function walkJpeg(bytes: Buffer, start: number, parts: Parts): JpegImage {
  const image: JpegImage = { end: -1, width: 0, height: 0, scans: 0 };
  let offset = start + 2;
  let segments = 0;
  while (offset < bytes.length) {
    if (++segments > MAX_JPEG_SEGMENTS) throw new InspectionError('unsafe', `JPEG with more than ${MAX_JPEG_SEGMENTS} segments`);
    if (bytes[offset] !== 0xff) {
      const next = bytes.indexOf(0xff, offset);
      const stop = next === -1 ? bytes.length : next;
      parts.text.push(bytes.subarray(offset, stop));
      offset = stop;
      continue;
    }
    const marker = bytes[offset + 1];
    if (marker === undefined) break;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      while (bytes[offset + 1] === 0xff) offset++;
      segments--;
      continue;
    }
    if (marker === 0xd9) {
      image.end = offset + 2;
      return image;
    }
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd8) throw new InspectionError('unreadable', 'JPEG starts again inside itself');
    if (offset + 4 > bytes.length) break;
    const length = bytes.readUInt16BE(offset + 2);
    const segmentEnd = offset + 2 + length;
    if (length < 2 || segmentEnd > bytes.length) throw new InspectionError('unreadable', 'JPEG segment runs past the end of the file');
    const payload = bytes.subarray(offset + 4, segmentEnd);
    if (marker === 0xfe || XMP_NAMESPACES.some((prefix) => startsWith(payload, prefix))) parts.text.push(payload);
    else if (marker !== 0xda) parts.binary.push(payload);
    if (isFrameMarker(marker) && image.width === 0 && payload.length >= 5) {
      image.height = payload.readUInt16BE(1);
      image.width = payload.readUInt16BE(3);
    }
    offset = segmentEnd;
    if (marker === 0xda) {
      image.scans++;
      if (image.scans > MAX_JPEG_SCANS) throw new InspectionError('unsafe', `JPEG with more than ${MAX_JPEG_SCANS} scans`);
      // Entropy-coded data runs to the next marker that is neither a stuffed FF nor a restart.
      for (;;) {
        const at = bytes.indexOf(0xff, offset);
        if (at === -1) throw new InspectionError('unreadable', 'JPEG ends inside its image data');
        let after = at + 1;
        while (bytes[after] === 0xff) after++;
        const next = bytes[after];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) {
          offset = after + 1;
          continue;
        }
        offset = after - 1;
        break;
      }
    }
  }
  throw new InspectionError('unreadable', 'JPEG has no end marker');
}

function inspectJpegStructure(bytes: Buffer, parts: Parts): { width: number; height: number } {
  const primary = walkJpeg(bytes, 0, parts);
  let offset = primary.end;
  // More images may follow (the multi-picture format: a phone's gain map or depth map), then padding.
  for (;;) {
    while (offset < bytes.length && isPadding(bytes[offset])) offset++;
    if (offset >= bytes.length) break;
    if (!startsWith(bytes, [0xff, 0xd8, 0xff], offset)) throw new InspectionError('unsafe', 'data after the end of the image');
    try {
      offset = walkJpeg(bytes, offset, parts).end;
    } catch (error) {
      if (error instanceof InspectionError && error.problem === 'unreadable') throw new InspectionError('unsafe', `data after the end of the image (${error.message})`);
      throw error;
    }
  }
  return primary;
}

// --- PNG ---------------------------------------------------------------------------------------

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The bytes a PNG's pixel data inflates to for its declared size (filter bytes included). */
function pngPixelBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (columns: number, count: number) => (columns > 0 && count > 0 ? count * (Math.ceil((columns * bitsPerPixel) / 8) + 1) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x, y, stepX, stepY]) => sum + rows(Math.ceil((width - x) / stepX), Math.ceil((height - y) / stepY)), 0);
}

/** The keyword (up to its NUL) and the rest of a PNG text chunk. */
function splitKeyword(data: Buffer): [Buffer, Buffer] {
  const nul = data.indexOf(0);
  return nul === -1 ? [data, Buffer.alloc(0)] : [data.subarray(0, nul), data.subarray(nul + 1)];
}

async function inspectPngStructure(bytes: Buffer, parts: Parts): Promise<{ width: number; height: number }> {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) throw new InspectionError('unreadable', 'PNG does not start with its header');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const channels = PNG_CHANNELS[bytes[25]];
  if (!width || !height || !channels || ![1, 2, 4, 8, 16].includes(bitDepth)) throw new InspectionError('unreadable', 'PNG header is invalid');
  if (width * height > MAX_INPUT_PIXELS) throw new InspectionError('too_many_pixels', `PNG of ${width}x${height}`);
  const pixelBytes = pngPixelBytes(width, height, channels * bitDepth, bytes[28] === 1);

  const pixels: Buffer[] = [];
  let textBudget = MAX_PNG_TEXT_BYTES;
  const inflateText = async (data: Buffer) => {
    const inflated = await inflateBounded(data, textBudget, true);
    if (inflated.over) throw new InspectionError('unsafe', 'PNG text inflates past the limit (a decompression bomb)');
    textBudget -= inflated.size;
    return inflated.bytes;
  };
  let offset = 8;
  let end = -1;
  let chunks = 0;
  while (end === -1) {
    if (offset + 12 > bytes.length) throw new InspectionError('unreadable', 'PNG has no end chunk');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length || !/^[A-Za-z]{4}$/.test(type)) throw new InspectionError('unreadable', 'PNG chunk runs past the end of the file');
    const data = bytes.subarray(offset + 8, dataEnd);
    if (type === 'IDAT' ? pixels.length >= MAX_PNG_PIXEL_CHUNKS : ++chunks > MAX_PNG_CHUNKS) throw new InspectionError('unsafe', `PNG with more than ${type === 'IDAT' ? MAX_PNG_PIXEL_CHUNKS : MAX_PNG_CHUNKS} ${type === 'IDAT' ? 'pixel' : 'other'} chunks`);
    if (type === 'IDAT') pixels.push(data);
    else if (type === 'IEND') end = dataEnd + 4;
    else if (type === 'tEXt') parts.text.push(data);
    else if (type === 'zTXt') {
      const [keyword, rest] = splitKeyword(data);
      parts.text.push(keyword, await inflateText(rest.subarray(1)));
    } else if (type === 'iTXt') {
      const [keyword, rest] = splitKeyword(data);
      const compressed = rest[0] === 1;
      const [language, afterLanguage] = splitKeyword(rest.subarray(2));
      const [translated, text] = splitKeyword(afterLanguage);
      parts.text.push(keyword, language, translated, compressed ? await inflateText(text) : text);
    } else if (type === 'iCCP') {
      const [name, rest] = splitKeyword(data);
      parts.text.push(name);
      parts.binary.push(await inflateText(rest.subarray(1)));
    } else parts.binary.push(data);
    offset = dataEnd + 4;
  }
  if (!pixels.length) throw new InspectionError('unreadable', 'PNG has no pixel data');
  // Measured, never kept: stops as soon as the pixels inflate past what the declared size needs.
  const inflated = await inflateBounded(pixels, pixelBytes + PNG_PIXEL_SLACK, false);
  if (inflated.over) throw new InspectionError('unsafe', `PNG pixel data inflates past its ${width}x${height} size (a decompression bomb)`);
  for (let index = end; index < bytes.length; index++) if (!isPadding(bytes[index])) throw new InspectionError('unsafe', 'data after the end of the image');
  return { width, height };
}

// --- decoding again ----------------------------------------------------------------------------

async function reencode(bytes: Buffer, kind: 'jpeg' | 'png'): Promise<InspectedFile> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== kind) throw new Error(`decoded as ${format}`);
    // Applies the EXIF orientation to the pixels, since the EXIF itself is dropped.
    const pipeline = image.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: REENCODE_SECONDS });
    const { data, info } = await (kind === 'jpeg' ? pipeline.jpeg({ quality: 90, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 })).toBuffer({
      resolveWithObject: true,
    });
    return kind === 'jpeg'
      ? { bytes: data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
      : { bytes: data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height };
  } catch (error) {
    throw new InspectionError('unreadable', `image could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Decides what `bytes` are and returns the copy to store; throws InspectionError when refused. */
export async function inspectDocument(bytes: Buffer): Promise<InspectedFile> {
  const kind = sniff(bytes);
  if (!kind) throw new InspectionError('wrong_type', 'not a JPEG, PNG or PDF');
  const latin1 = bytes.toString('latin1');
  if (ANYWHERE_MARKUP.test(latin1) || bytes.includes(RAR_SIGNATURE)) throw new InspectionError('unsafe', 'file carries a script tag or an archive');
  if (endsWithZip(bytes)) throw new InspectionError('unsafe', 'file ends with a ZIP directory (an archive polyglot)');
  if (kind === 'pdf') {
    await inspectPdf(bytes);
    return { bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  if (ANYWHERE_FOREIGN.test(latin1)) throw new InspectionError('unsafe', 'image carries a PDF marker (a PDF polyglot)');
  const parts: Parts = { text: [], binary: [] };
  const { width, height } = kind === 'jpeg' ? inspectJpegStructure(bytes, parts) : await inspectPngStructure(bytes, parts);
  if (kind === 'jpeg' && width * height > MAX_INPUT_PIXELS) throw new InspectionError('too_many_pixels', `JPEG of ${width}x${height}`);
  checkParts(parts);
  return reencode(bytes, kind);
}
