import { Output, ascii85Decode, asciiHexDecode, inflateBounded, lzwDecode, runLengthDecode, unpredict, type Decoded } from './decoders.ts';
import { InspectionError, MARKUP, MAX_INPUT_PIXELS } from './inspect-common.ts';

/**
 * A PDF cannot be re-rendered on this server, so it is stored as sent once nothing in it can
 * act: no script, no automatic or launch action, no embedded file or media, no form that posts
 * or imports, no link to anything but a web page, an address or a phone number. The file is read
 * the way a viewer reads it:
 *
 * - its object syntax (everything outside stream data) is lexed: strings are decoded (escapes,
 *   octal codes, hex, UTF-16) and names read with their `#xx` escapes undone before they are
 *   looked at; a dictionary is read by its top-level entries, so a decoy nested inside it does
 *   not count;
 * - every stream is decoded through its filters (Flate, LZW, ASCIIHex, ASCII85, RunLength, their
 *   abbreviations, PNG and TIFF predictors), as leniently as a viewer: a bad checksum, a missing
 *   zlib header or a damaged end do not stop a viewer, so they do not stop the search. Object
 *   streams are searched like the object syntax; other streams (page contents, images, fonts)
 *   are only measured: one that decodes past the budget, or an image past its declared size, is
 *   a decompression bomb aimed at the reviewer's viewer;
 * - stream data where a viewer could find objects (an `obj` header, a trailer) is refused: an
 *   xref offset may point inside a stream, and objects hidden there would escape the search;
 * - an encrypted PDF is refused: its strings and streams cannot be read, so cannot be checked.
 *
 * Compressed and image data are not searched as raw bytes: random bytes spell `/JS` or `/AA`
 * every few megabytes, and a scanned document must not be refused for its pixels.
 */

/** Decoded bytes of all streams together (measured, not kept): past it, a decompression bomb. */
export const MAX_PDF_DECODED_BYTES = 256 * 1024 * 1024;
/** Object streams' decoded text, kept to be searched, for all of them together. */
export const MAX_PDF_OBJECT_TEXT = 32 * 1024 * 1024;

/** Names that make a PDF act (run script, launch, post, import, play) or carry another file. */
const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'RichMediaExecute',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'Rendition',
  'Movie',
  'Sound',
  '3D',
  'GoTo3DView',
];
/** A name ends at white space or a delimiter (`/JS.` or `/JSX` are other names). */
const NAME_END = String.raw`(?=[\s()<>\[\]{}/%]|$)`;
const ACTIVE = new RegExp(String.raw`/(${ACTIVE_NAMES.join('|')})${NAME_END}`);
const ENCRYPT = new RegExp(String.raw`/Encrypt${NAME_END}`);
const OPEN_ACTION = new RegExp(String.raw`/OpenAction${NAME_END}\s*`, 'g');
/** The harmless way to open: show a page (`[3 0 R /XYZ null null 0]`, `[0 /Fit]`). */
const DESTINATION = /^\[\s*\d+(\s+\d+\s+R)?\s*\/(XYZ|Fit|FitH|FitV|FitR|FitB|FitBH|FitBV)(\s+(-?[\d.]+|null))*\s*\]/;
/** Link targets a reviewer may follow; anything else (javascript:, file:, data:, smb:, ms-msdt: ...) is refused. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/**
 * Where objects could hide inside stream data: an object header, a trailer, an xref pointer.
 * (The digits are matched atomically, from the start of a run, so a long run costs no backtracking.)
 */
const HIDDEN_OBJECTS = /(?<!\d)(?=(\d+))\1\s+(?=(\d+))\2\s+obj(?=[\s<[(/%]|$)|trailer[\s<]|startxref/;
const PIXEL_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);
const FILTER_NAMES: Record<string, string> = { AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode', LZW: 'LZWDecode', Fl: 'FlateDecode', RL: 'RunLengthDecode', CCF: 'CCITTFaxDecode', DCT: 'DCTDecode' };
/** Honest PDFs have a few thousand streams at most; each costs a decoder's setup. */
const MAX_PDF_STREAMS = 20_000;
/** How much of a value is read where only a short one is expected (an open action, a referenced object). */
const SHORT_VALUE = 4096;

const hexValue = (code: number) => (code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x41 && code <= 0x46 ? code - 55 : code >= 0x61 && code <= 0x66 ? code - 87 : -1);

/** PDF names may hide letters as #xx escapes (/J#61vaScript): read them as letters (in one pass over latin1 text). */
export function unescapeNames(text: string): string {
  if (!text.includes('#')) return text;
  const bytes = Buffer.from(text, 'latin1');
  let length = 0;
  for (let index = 0; index < bytes.length; index++) {
    const high = bytes[index] === 0x23 && index + 2 < bytes.length ? hexValue(bytes[index + 1]) : -1;
    const low = high === -1 ? -1 : hexValue(bytes[index + 2]);
    if (low === -1) bytes[length++] = bytes[index];
    else {
      bytes[length++] = high * 16 + low;
      index += 2;
    }
  }
  return bytes.toString('latin1', 0, length);
}

const isWhite = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x00;
const isDelimiter = (code: number) => code === 0x28 || code === 0x29 || code === 0x3c || code === 0x3e || code === 0x5b || code === 0x5d || code === 0x7b || code === 0x7d || code === 0x2f || code === 0x25;

/** A PDF string's bytes as text: UTF-16 when it starts with a byte order mark. */
function stringText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2))).swap16().toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  return bytes.toString('latin1');
}

const ESCAPES: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

/** A literal string from its `(` to its balanced `)`: where it ends and, when `decode`, its text (escapes, octal codes, line continuations undone). */
function literalString(text: string, start: number, decode: boolean): { value: string; end: number } {
  const out = decode ? new Output(text.length, 64) : null;
  let depth = 1;
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index++);
    if (code === 0x5c) {
      const next = text.charCodeAt(index++);
      if (!out) continue;
      if (next >= 0x30 && next <= 0x37) {
        let value = next - 0x30;
        for (let digits = 1; digits < 3 && text.charCodeAt(index) >= 0x30 && text.charCodeAt(index) <= 0x37; digits++) value = value * 8 + text.charCodeAt(index++) - 0x30;
        out.push(value & 0xff);
      } else if (next === 0x0d) {
        if (text.charCodeAt(index) === 0x0a) index++;
      } else if (next !== 0x0a && !Number.isNaN(next)) out.push(ESCAPES[next] ?? next);
      continue;
    }
    if (code === 0x28) depth++;
    else if (code === 0x29 && --depth === 0) break;
    out?.push(code);
  }
  return { value: out ? stringText(out.result().bytes) : '', end: index };
}

/** A hex string from its `<` to its `>`: where it ends and its text. */
function hexString(text: string, start: number): { value: string; end: number } {
  const close = text.indexOf('>', start + 1);
  const end = close === -1 ? text.length : close + 1;
  const digits = text.slice(start + 1, end - 1).replace(/[^0-9a-fA-F]/g, '');
  return { value: stringText(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex')), end };
}

/**
 * Where the value starting at `start` ends (a name, number, keyword, string, array or
 * dictionary), reading no further than `limit`. Iterative: nesting depth costs no stack.
 */
function valueEnd(text: string, start: number, limit = text.length): number {
  let depth = 0;
  let index = start;
  do {
    const code = text.charCodeAt(index);
    if (isWhite(code)) index++;
    else if (code === 0x25) {
      while (index < limit && text.charCodeAt(index) !== 0x0a && text.charCodeAt(index) !== 0x0d) index++;
    } else if (code === 0x28) index = literalString(text, index, false).end;
    else if (code === 0x3c && text.charCodeAt(index + 1) === 0x3c) {
      depth++;
      index += 2;
    } else if (code === 0x3c) index = hexString(text, index).end;
    else if (code === 0x5b) {
      depth++;
      index++;
    } else if (code === 0x5d || (code === 0x3e && text.charCodeAt(index + 1) === 0x3e)) {
      depth--;
      index += code === 0x5d ? 1 : 2;
    } else {
      index++;
      while (index < text.length && !isWhite(text.charCodeAt(index)) && !isDelimiter(text.charCodeAt(index))) index++;
    }
  } while (depth > 0 && index < limit);
  return Math.min(index, Math.max(limit, start + 1));
}

/** Where the object starting at `start` ends, a reference (`5 0 R`) read whole. */
function objectEnd(text: string, start: number, limit = text.length): number {
  const end = valueEnd(text, start, limit);
  const reference = /^\s+\d+\s+R(?=[\s()<>[\]{}/%]|$)/.exec(text.slice(end, end + 32));
  return reference && /^\d+$/.test(text.slice(start, end)) ? end + reference[0].length : end;
}

/**
 * A dictionary's top-level entries (`<< /Filter /FlateDecode /DecodeParms << ... >> >>`) as raw
 * value texts, names unescaped, references whole (`5 0 R`). A key given twice with different
 * values is ambiguous (viewers differ on which wins), so it is refused.
 */
function dictionaryEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let index = text.startsWith('<<') ? 2 : 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isWhite(code)) {
      index++;
      continue;
    }
    if (text.startsWith('>>', index)) break;
    if (code !== 0x2f) {
      index = Math.max(index + 1, valueEnd(text, index));
      continue;
    }
    const keyEnd = valueEnd(text, index);
    const key = unescapeNames(text.slice(index + 1, keyEnd));
    let start = keyEnd;
    while (start < text.length && isWhite(text.charCodeAt(start))) start++;
    const end = Math.max(start + 1, objectEnd(text, start));
    const raw = text.slice(start, end).trim();
    const value = raw.startsWith('/') ? unescapeNames(raw) : raw;
    if (entries.has(key) && entries.get(key) !== value) throw new InspectionError('unreadable', `PDF dictionary gives /${key} twice`);
    entries.set(key, value);
    index = end;
  }
  return entries;
}

const numberEntry = (entries: Map<string, string>, ...keys: string[]): number | null => {
  for (const key of keys) {
    const value = entries.get(key);
    if (value !== undefined) return /^\d+$/.test(value) ? Number(value) : null;
  }
  return null;
};

/** The top-level elements of an array value (`[ /A /B ]`, `[ null << ... >> ]`). */
function arrayElements(value: string): string[] {
  const elements: string[] = [];
  let index = 1;
  while (index < value.length && !value.startsWith(']', index)) {
    if (isWhite(value.charCodeAt(index))) {
      index++;
      continue;
    }
    const end = Math.max(index + 1, valueEnd(value, index));
    elements.push(value.slice(index, end));
    index = end;
  }
  return elements;
}

/** A stream's filters, in order, with their parameters (`/F` and `/DP` are read too, as pdf.js does). */
function filtersOf(entries: Map<string, string>): Array<{ name: string; params: Map<string, string> }> {
  const value = entries.get('Filter') ?? entries.get('F');
  if (!value) return [];
  const names = value.startsWith('[') ? arrayElements(value) : [value];
  const paramsValue = entries.get('DecodeParms') ?? entries.get('DP');
  const params = paramsValue?.startsWith('[') ? arrayElements(paramsValue) : [paramsValue ?? ''];
  return names.map((name, index) => {
    if (!name.startsWith('/')) throw new InspectionError('unreadable', `PDF stream with an indirect or unknown filter ${name.slice(0, 40)}`);
    const bare = unescapeNames(name.slice(1));
    const param = params[index] ?? '';
    return { name: FILTER_NAMES[bare] ?? bare, params: param.startsWith('<<') ? dictionaryEntries(param) : new Map<string, string>() };
  });
}

/** A link's address as a browser reads it: tabs and line breaks dropped, leading controls and spaces trimmed. */
const asBrowserUrl = (value: string) => value.replace(/[\t\n\r]/g, '').replace(/^[\s\p{Cc}]+/u, '');

function checkString(value: string, name: string) {
  if (value.length < 4 && name !== 'URI') return;
  if (MARKUP.test(value)) throw new InspectionError('unsafe', 'PDF string carries markup');
  if (!value.includes(':')) return;
  const url = asBrowserUrl(value);
  if (/javascript:|vbscript:/i.test(url)) throw new InspectionError('unsafe', 'PDF string carries a script address');
  if (name === 'URI') {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
    if (scheme && !SAFE_SCHEMES.has(scheme)) throw new InspectionError('unsafe', `PDF links to a ${scheme}: address`);
  }
}

type Stream = { entries: Map<string, string>; start: number; end: number };

/**
 * Lexes object syntax, checking every string (markup, script links) and every `/URI` target.
 * With `withStreams`, finds the streams (a dictionary, then `stream`): their data is skipped,
 * their top-level entries kept. Returns the streams and the syntax outside their data.
 */
function lex(text: string, withStreams: boolean): { streams: Stream[]; syntax: string } {
  const streams: Stream[] = [];
  const syntax: string[] = [];
  const dictionaryStarts: number[] = [];
  // The dictionary just closed, while nothing but white space or comments follows it.
  let closed: { start: number; end: number } | null = null;
  let segmentStart = 0;
  let pendingName = '';
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isWhite(code)) {
      index++;
      continue;
    }
    if (code === 0x25) {
      // A comment runs to the end of its line (it is searched with the syntax around it).
      while (index < text.length && text.charCodeAt(index) !== 0x0a && text.charCodeAt(index) !== 0x0d) index++;
      continue;
    }
    const name = pendingName;
    pendingName = '';
    const dictionary = closed;
    closed = null;
    if (code === 0x28) {
      const string = literalString(text, index, true);
      checkString(string.value, name);
      index = string.end;
    } else if (code === 0x3c && text.charCodeAt(index + 1) === 0x3c) {
      dictionaryStarts.push(index);
      index += 2;
    } else if (code === 0x3c) {
      const string = hexString(text, index);
      checkString(string.value, name);
      index = string.end;
    } else if (code === 0x3e && text.charCodeAt(index + 1) === 0x3e) {
      const start = dictionaryStarts.pop();
      if (start !== undefined) closed = { start, end: index + 2 };
      index += 2;
    } else if (code === 0x2f) {
      const end = valueEnd(text, index);
      pendingName = unescapeNames(text.slice(index + 1, end));
      index = end;
    } else if (withStreams && dictionary && text.startsWith('stream', index) && /[\s<[(/%]/.test(text.charAt(index + 6) || ' ')) {
      let start = index + 6;
      if (text.charCodeAt(start) === 0x0d) start++;
      if (text.charCodeAt(start) === 0x0a) start++;
      const entries = dictionaryEntries(text.slice(dictionary.start, dictionary.end));
      const scanned = text.indexOf('endstream', start);
      if (scanned === -1) throw new InspectionError('unreadable', 'PDF stream without endstream');
      // A viewer trusts a direct /Length when `endstream` follows it, else looks for `endstream`.
      const length = numberEntry(entries, 'Length');
      let end = scanned;
      if (length !== null && start + length <= text.length && /^\s*endstream/.test(text.slice(start + length, start + length + 64))) end = start + length;
      if (streams.length >= MAX_PDF_STREAMS) throw new InspectionError('unsafe', `PDF with more than ${MAX_PDF_STREAMS} streams`);
      streams.push({ entries, start, end });
      syntax.push(text.slice(segmentStart, start));
      segmentStart = text.indexOf('endstream', end);
      index = segmentStart + 'endstream'.length;
    } else {
      // A number, a keyword, a bracket: up to the next delimiter.
      index++;
      while (index < text.length && !isWhite(text.charCodeAt(index)) && !isDelimiter(text.charCodeAt(index))) index++;
    }
  }
  syntax.push(text.slice(segmentStart));
  return { streams, syntax: syntax.join('\n') };
}

type Budget = { decoded: number; objectText: number };

/** Decodes a stream's data through its filters within the budget; the result is kept (returned) only when it is searched. */
async function decodeStream(data: Buffer, entries: Map<string, string>, keep: boolean, budget: Budget, declaredLimit: number | null): Promise<Buffer | null> {
  const filters = filtersOf(entries);
  // What follows a pixel codec (DCT, JPX, CCITT, JBIG2) is pixels: nothing to search there.
  const pixels = filters.findIndex((filter) => PIXEL_FILTERS.has(filter.name));
  const decodable = pixels === -1 ? filters : filters.slice(0, pixels);
  let current = data;
  for (const [position, filter] of decodable.entries()) {
    if (filter.name === 'Crypt') {
      if (filter.params.get('Name') === '/Identity') continue;
      throw new InspectionError('encrypted', 'PDF stream is encrypted');
    }
    // Kept: what is searched, and what the next filter reads; only measured otherwise.
    const keepThis = keep || position < decodable.length - 1;
    const limit = Math.min(budget.decoded, declaredLimit ?? Infinity, keepThis ? (keep ? budget.objectText : MAX_PDF_OBJECT_TEXT) : Infinity);
    let decoded: Decoded;
    switch (filter.name) {
      case 'FlateDecode':
        decoded = await inflateBounded(current, limit, keepThis);
        break;
      case 'LZWDecode':
        decoded = lzwDecode(current, limit, numberEntry(filter.params, 'EarlyChange') ?? 1);
        break;
      case 'ASCIIHexDecode':
        decoded = asciiHexDecode(current, limit);
        break;
      case 'ASCII85Decode':
        decoded = ascii85Decode(current, limit);
        break;
      case 'RunLengthDecode':
        decoded = runLengthDecode(current, limit);
        break;
      default:
        throw new InspectionError('unreadable', `PDF stream with an unknown filter ${filter.name.slice(0, 40)}`);
    }
    budget.decoded -= decoded.size;
    if (decoded.over || budget.decoded < 0) throw new InspectionError('unsafe', `PDF stream decodes past the limit (${filter.name}): a decompression bomb`);
    current = decoded.bytes;
    if (keepThis && (filter.name === 'FlateDecode' || filter.name === 'LZWDecode')) {
      current = unpredict(current, {
        predictor: numberEntry(filter.params, 'Predictor') ?? 1,
        colors: numberEntry(filter.params, 'Colors') ?? 1,
        bitsPerComponent: numberEntry(filter.params, 'BitsPerComponent') ?? 8,
        columns: numberEntry(filter.params, 'Columns') ?? 1,
      });
    }
  }
  return pixels === -1 ? current : null;
}

/** Object syntax (the file's, or an object stream's): no encryption, no active names, no markup. */
function checkSyntax(text: string) {
  if (ENCRYPT.test(text)) throw new InspectionError('encrypted', 'PDF is encrypted');
  const active = ACTIVE.exec(text);
  if (active) throw new InspectionError('unsafe', `PDF carries ${active[1]}`);
  if (MARKUP.test(text)) throw new InspectionError('unsafe', 'PDF carries markup');
}

/** The values of the open actions in `text`, as written (a destination, a dictionary, a reference). */
function openActions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(OPEN_ACTION)) {
    const start = match.index + match[0].length;
    found.push(text.slice(start, objectEnd(text, start, start + SHORT_VALUE)));
  }
  return found;
}

/** An object stream's decoded text with where each of its objects starts. */
type ObjectStream = { text: string; offsets: Map<number, number> };

function objectStreamOf(text: string, first: number): ObjectStream {
  const offsets = new Map<number, number>();
  const header = text.slice(0, first).trim().split(/\s+/).map(Number);
  for (let index = 0; index + 1 < header.length; index += 2) if (Number.isInteger(header[index]) && Number.isInteger(header[index + 1])) offsets.set(header[index], first + header[index + 1]);
  return { text, offsets };
}

/** Object `number`'s value, found as `number G obj` in the file's syntax or in an object stream. */
function findObject(number: number, syntax: string, objectStreams: ObjectStream[]): string | null {
  const header = new RegExp(String.raw`(?<!\d)${number}\s+\d+\s+obj\s*`).exec(syntax);
  if (header) {
    const start = header.index + header[0].length;
    return syntax.slice(start, objectEnd(syntax, start, start + SHORT_VALUE));
  }
  for (const { text, offsets } of objectStreams) {
    let start = offsets.get(number);
    if (start === undefined) continue;
    while (start < text.length && isWhite(text.charCodeAt(start))) start++;
    return unescapeNames(text.slice(start, objectEnd(text, start, start + SHORT_VALUE)));
  }
  return null;
}

/**
 * An open action runs when the file opens. Only showing a page is allowed: a destination
 * (`[3 0 R /Fit]`, what LibreOffice writes) or a GoTo action without a next action
 * (`<< /S /GoTo /D [3 0 R /Fit] >>`, what LaTeX writes). Anything else (open a link, print,
 * play, run) is an action the reviewer did not ask for.
 */
function checkOpenAction(value: string, syntax: string, objectStreams: ObjectStream[]) {
  const reference = /^(\d+)\s+\d+\s+R/.exec(value);
  const target = reference ? findObject(Number(reference[1]), syntax, objectStreams) : value;
  if (target !== null && DESTINATION.test(target)) return;
  if (target?.startsWith('<<')) {
    const entries = dictionaryEntries(target);
    if (entries.get('S') === '/GoTo' && !entries.has('Next')) return;
  }
  throw new InspectionError('unsafe', 'PDF carries OpenAction');
}

/** Refuses a PDF (InspectionError) unless nothing in it can act; see the comment at the top. */
export async function inspectPdf(bytes: Buffer): Promise<void> {
  const text = bytes.toString('latin1');
  // The header at the very start: bytes before it are how a PDF rides on another format (GIF, HTML ...).
  if (!/^[\t\n\f\r ]*%PDF-/.test(text.slice(0, 1024))) throw new InspectionError('unsafe', 'PDF header not at the start of the file');
  if (!/%%EOF\s*$/.test(text.slice(-1024))) throw new InspectionError('unreadable', 'PDF has no end of file marker');
  const { streams, syntax } = lex(text, true);
  const names = unescapeNames(syntax);
  checkSyntax(names);
  const actions = openActions(names);
  for (const stream of streams) {
    if (HIDDEN_OBJECTS.test(text.slice(stream.start, stream.end))) throw new InspectionError('unsafe', 'PDF hides objects inside stream data');
  }
  const budget: Budget = { decoded: MAX_PDF_DECODED_BYTES, objectText: MAX_PDF_OBJECT_TEXT };
  const objectStreams: ObjectStream[] = [];
  for (const { entries, start, end } of streams) {
    if (entries.has('FFilter') || entries.has('FDecodeParms') || /^[(<]/.test(entries.get('F') ?? '')) throw new InspectionError('unsafe', 'PDF stream data in an external file');
    const objectStream = entries.get('Type') === '/ObjStm' || entries.has('First') || entries.has('Extends');
    let declaredLimit: number | null = null;
    if (!objectStream && entries.get('Subtype') === '/Image') {
      const width = numberEntry(entries, 'Width', 'W');
      const height = numberEntry(entries, 'Height', 'H');
      if (width !== null && height !== null) {
        if (width * height > MAX_INPUT_PIXELS) throw new InspectionError('too_many_pixels', `PDF image of ${width}x${height}`);
        // At most four components of 16 bits, and a predictor's byte per row.
        const bits = Math.min(16, numberEntry(entries, 'BitsPerComponent', 'BPC') ?? 8);
        declaredLimit = height * (Math.ceil((width * 4 * bits) / 8) + 1) + 64 * 1024;
      }
    }
    const decoded = await decodeStream(bytes.subarray(start, end), entries, objectStream, budget, declaredLimit);
    if (objectStream && decoded) {
      budget.objectText -= decoded.length;
      const inner = decoded.toString('latin1');
      const innerNames = unescapeNames(lex(inner, false).syntax);
      checkSyntax(innerNames);
      actions.push(...openActions(innerNames));
      objectStreams.push(objectStreamOf(inner, numberEntry(entries, 'First') ?? 0));
    }
  }
  for (const action of actions) checkOpenAction(action, names, objectStreams);
}
