import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * What an uploaded document really is, decided from its bytes (never from the name or the type
 * the browser claimed), and the copy that is stored:
 *
 * - JPEG and PNG are decoded and encoded again with sharp: metadata (EXIF, GPS, comments) is
 *   dropped and whatever rode along in the file (a script after the image, a polyglot) does not
 *   survive. Before that, a file with markup in it or bytes after the image's end is refused
 *   outright: a player sending such a file is not sending a photo of their passport.
 * - PDF cannot be re-rendered here (no renderer on the server), so it is refused when it carries
 *   active or embedded content: JavaScript, launch actions, automatic actions, embedded files,
 *   rich media, XFA forms; compressed object streams are inflated and searched too.
 *
 * Anything else (HTML, SVG, GIF, a renamed executable) is refused as a wrong type.
 */
export type InspectedFile = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; extension: 'jpg' | 'png' | 'pdf'; width?: number; height?: number };

export type InspectionProblem = 'wrong_type' | 'unsafe' | 'unreadable';

export class InspectionError extends Error {
  readonly problem: InspectionProblem;
  constructor(problem: InspectionProblem, detail: string) {
    super(detail);
    this.problem = problem;
  }
}

/** Decompression bombs: a small file that decodes to gigapixels is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images are at most this many pixels on their longer side (plenty to read a document). */
const MAX_SIDE = 4096;
/** A PDF's streams are inflated up to this much in all, for the search for active content. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

export function sniff(bytes: Buffer): 'jpeg' | 'png' | 'pdf' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // A PDF may have a few bytes of junk before its header; readers accept it within 1 KiB.
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.indexOf('%PDF-') !== -1) return 'pdf';
  return null;
}

/** Markup that has no business in a photo or a scan: signs of a polyglot or a disguised page. */
const MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|!doctype|\?php)|javascript:/i;

/**
 * The parts of an image a reader takes as text: a JPEG's APPn and comment segments before its
 * scan, a PNG's chunks other than pixel data. (The compressed pixels themselves are not searched:
 * four random bytes spell `<svg` often enough in a large photo to refuse honest players.)
 */
function imageTextParts(bytes: Buffer, kind: 'jpeg' | 'png'): Buffer[] {
  const parts: Buffer[] = [];
  if (kind === 'jpeg') {
    let offset = 2;
    while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1];
      if (marker === 0xff) {
        offset++;
        continue;
      }
      if (marker === 0xda || marker === 0xd9) break;
      const length = bytes.readUInt16BE(offset + 2);
      if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) parts.push(bytes.subarray(offset + 4, offset + 2 + length));
      offset += 2 + length;
    }
    return parts;
  }
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type !== 'IDAT') parts.push(bytes.subarray(offset + 8, Math.min(bytes.length, offset + 8 + length)));
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return parts;
}

/** Bytes after the image's own end: only padding (NUL or whitespace) is allowed there. */
function trailingAfter(bytes: Buffer, end: number): boolean {
  for (let index = end; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte !== 0x00 && byte !== 0x0a && byte !== 0x0d && byte !== 0x20) return true;
  }
  return false;
}

function imageEnd(bytes: Buffer, kind: 'jpeg' | 'png'): number {
  if (kind === 'png') {
    const iend = bytes.lastIndexOf(Buffer.from('IEND'));
    // IEND is followed by its 4-byte CRC.
    return iend === -1 ? -1 : iend + 8;
  }
  // The last End Of Image marker (a JPEG may hold more images, e.g. a multi-picture preview).
  const eoi = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return eoi === -1 ? -1 : eoi + 2;
}

async function reencode(bytes: Buffer, kind: 'jpeg' | 'png'): Promise<InspectedFile> {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      // Applies the EXIF orientation to the pixels, since the EXIF itself is dropped.
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
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

/** PDF name objects may hide letters as #xx escapes (/J#61vaScript): read them as letters. */
const unescapeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|AA|OpenAction|SubmitForm|ImportData|GoToR|GoToE)\b/;

function pdfStreams(text: string): string[] {
  const found: string[] = [];
  const pattern = /stream\r?\n/g;
  let budget = MAX_INFLATED_BYTES;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    const raw = Buffer.from(text.slice(start, end), 'latin1');
    try {
      const inflated = inflateSync(raw, { maxOutputLength: budget });
      budget -= inflated.length;
      found.push(inflated.toString('latin1'));
    } catch {
      // Not deflated (an image's DCT stream, plain text): searched as it is already.
    }
    pattern.lastIndex = end;
    if (budget <= 0) throw new InspectionError('unsafe', 'PDF inflates to more than the limit');
  }
  return found;
}

function inspectPdf(bytes: Buffer): InspectedFile {
  const text = bytes.toString('latin1');
  if (!/%%EOF\s*$/.test(text.slice(-1024))) throw new InspectionError('unreadable', 'PDF has no end of file marker');
  for (const part of [text, ...pdfStreams(text)]) {
    const names = unescapeNames(part);
    const active = ACTIVE_PDF.exec(names);
    if (active) throw new InspectionError('unsafe', `PDF carries ${active[1]}`);
    if (MARKUP.test(names)) throw new InspectionError('unsafe', 'PDF carries markup');
  }
  return { bytes, contentType: 'application/pdf', extension: 'pdf' };
}

/** Decides what `bytes` are and returns the copy to store; throws InspectionError when refused. */
export async function inspectDocument(bytes: Buffer): Promise<InspectedFile> {
  const kind = sniff(bytes);
  if (!kind) throw new InspectionError('wrong_type', 'not a JPEG, PNG or PDF');
  if (kind === 'pdf') return inspectPdf(bytes);
  if (imageTextParts(bytes, kind).some((part) => MARKUP.test(part.toString('latin1')))) throw new InspectionError('unsafe', 'image carries markup');
  const end = imageEnd(bytes, kind);
  if (end === -1) throw new InspectionError('unreadable', 'image has no end marker');
  if (trailingAfter(bytes, end)) throw new InspectionError('unsafe', 'data after the end of the image');
  return reencode(bytes, kind);
}
