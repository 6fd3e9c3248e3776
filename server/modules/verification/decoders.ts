import { constants, createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Bounded decoders for what an uploaded file compresses (PNG text chunks and pixels, PDF
 * streams), so the inspector can read what a viewer would read without ever holding more than
 * it allows: each decoder stops as soon as its output passes `limit` and says so (`over`), and a
 * decoder asked only to measure (`keep: false`) holds no output at all. A decompression bomb is
 * therefore refused after at most `limit` bytes of work, never after its inflated size.
 *
 * Decoders are as lenient as the most lenient viewer: a damaged or truncated stream gives what
 * came out before the damage, a wrong checksum is ignored (pdf.js never checks it), and a missing
 * zlib header is read as raw deflate. A stricter decoder would let an attacker hide a payload
 * from the inspector behind a flaw that viewers forgive.
 */
export type Decoded = { bytes: Buffer; size: number; over: boolean };

const EMPTY = Buffer.alloc(0);

/** Two bytes that start a zlib stream (deflate, a valid check, no preset dictionary). */
export function hasZlibHeader(data: Buffer): boolean {
  if (data.length < 2) return false;
  const cmf = data[0];
  const flg = data[1];
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

/** Inputs up to this size are inflated in one synchronous call (a PDF may have thousands of small streams). */
const SYNC_INPUT = 64 * 1024;

/** Deflate data (zlib-wrapped or raw) inflated up to `limit` bytes; the checksum is not checked. */
export async function inflateBounded(parts: Buffer | Buffer[], limit: number, keep: boolean): Promise<Decoded> {
  const input = Array.isArray(parts) ? (parts.length === 1 ? parts[0] : Buffer.concat(parts)) : parts;
  const raw = hasZlibHeader(input) ? input.subarray(2) : input;
  if (raw.length <= SYNC_INPUT) {
    try {
      const out = inflateRawSync(raw, { maxOutputLength: Math.max(1, Math.min(limit, 1 << 30)), finishFlush: constants.Z_SYNC_FLUSH });
      return { bytes: keep ? out : EMPTY, size: out.length, over: false };
    } catch (error) {
      if (error instanceof RangeError) return { bytes: EMPTY, size: limit + 1, over: true };
      // Damaged: the streaming decoder below keeps what came out before the damage.
    }
  }
  return new Promise((resolve) => {
    // Large output chunks when only measuring: a bomb is refused in a fraction of the time.
    const inflater = createInflateRaw({ chunkSize: keep ? 64 * 1024 : 1024 * 1024 });
    const kept: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (over: boolean) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve({ bytes: keep && !over ? Buffer.concat(kept, size) : EMPTY, size, over });
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) finish(true);
      else if (keep) kept.push(chunk);
    });
    // A damaged stream: what came out before the damage is what a lenient viewer shows.
    inflater.on('error', () => finish(false));
    inflater.on('end', () => finish(false));
    inflater.end(raw);
  });
}

/** A growable output buffer that refuses to grow past its limit (the decoders' output, a PDF string's bytes). */
export class Output {
  private buffer: Buffer;
  length = 0;
  over = false;
  private readonly limit: number;
  constructor(limit: number, initial: number) {
    this.limit = limit;
    this.buffer = Buffer.allocUnsafe(Math.max(16, Math.min(limit + 1, initial)));
  }
  /** Room for `count` more bytes; false (and `over`) when that would pass the limit. */
  reserve(count: number): boolean {
    if (this.length + count > this.limit) {
      this.over = true;
      return false;
    }
    if (this.length + count > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.limit, Math.max(this.buffer.length * 2, this.length + count)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    return true;
  }
  push(byte: number): boolean {
    if (!this.reserve(1)) return false;
    this.buffer[this.length++] = byte;
    return true;
  }
  get raw(): Buffer {
    return this.buffer;
  }
  result(): Decoded {
    return { bytes: this.over ? EMPTY : this.buffer.subarray(0, this.length), size: this.length, over: this.over };
  }
}

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** PDF ASCIIHexDecode: hex digits up to `>`, white space ignored, an odd last digit padded with 0. */
export function asciiHexDecode(data: Buffer, limit: number): Decoded {
  const out = new Output(limit, data.length / 2 + 1);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    if (isWhite(byte)) continue;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x41 && byte <= 0x46 ? byte - 55 : byte >= 0x61 && byte <= 0x66 ? byte - 87 : -1;
    if (digit === -1) break;
    if (high === -1) high = digit;
    else {
      if (!out.push((high << 4) | digit)) return out.result();
      high = -1;
    }
  }
  if (high !== -1) out.push(high << 4);
  return out.result();
}

/** PDF ASCII85Decode: groups of five base-85 digits, `z` for four zeros, `~>` at the end. */
export function ascii85Decode(data: Buffer, limit: number): Decoded {
  const out = new Output(limit, data.length);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let index = 0; index < 5; index++) value = value * 85 + (index < group.length ? group[index] : 84);
    for (let index = 0; index < count; index++) if (!out.push((value >>> (24 - 8 * index)) & 0xff)) return false;
    return true;
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (isWhite(byte)) continue;
    if (byte === 0x7a && group.length === 0) {
      for (let index = 0; index < 4; index++) if (!out.push(0)) return out.result();
      continue;
    }
    if (byte < 0x21 || byte > 0x75) break;
    group.push(byte - 0x21);
    if (group.length === 5) {
      if (!flush(4)) return out.result();
      group.length = 0;
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return out.result();
}

/** PDF RunLengthDecode: a length byte, then that many literal bytes or one byte repeated. */
export function runLengthDecode(data: Buffer, limit: number): Decoded {
  const out = new Output(limit, data.length * 2);
  let index = 0;
  while (index < data.length) {
    const length = data[index++];
    if (length === 128) break;
    if (length < 128) {
      const end = Math.min(data.length, index + length + 1);
      if (!out.reserve(end - index)) return out.result();
      data.copy(out.raw, out.length, index, end);
      out.length += end - index;
      index = end;
    } else {
      if (index >= data.length) break;
      const count = 257 - length;
      if (!out.reserve(count)) return out.result();
      out.raw.fill(data[index++], out.length, out.length + count);
      out.length += count;
    }
  }
  return out.result();
}

/** PDF LZWDecode (TIFF-style codes of 9 to 12 bits, 256 clears the table, 257 ends). */
export function lzwDecode(data: Buffer, limit: number, earlyChange = 1): Decoded {
  const out = new Output(limit, data.length * 3);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengthOf = new Int32Array(4096);
  for (let code = 0; code < 256; code++) {
    prefix[code] = -1;
    suffix[code] = code;
    lengthOf[code] = 1;
  }
  let next = 258;
  let codeLength = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bitCount = 0;
  let position = 0;
  const firstByte = (code: number) => {
    while (prefix[code] !== -1) code = prefix[code];
    return suffix[code];
  };
  for (;;) {
    while (bitCount < codeLength && position < data.length) {
      bitBuffer = ((bitBuffer << 8) | data[position++]) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < codeLength) break;
    const code = (bitBuffer >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
    bitCount -= codeLength;
    if (code === 256) {
      next = 258;
      codeLength = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    let entry: number;
    let first: number;
    if (code < next && (code < 256 || code >= 258)) {
      entry = code;
      first = firstByte(code);
    } else if (code === next && previous !== -1) {
      entry = -1;
      first = firstByte(previous);
    } else break;
    if (previous !== -1 && next < 4096) {
      prefix[next] = previous;
      suffix[next] = first;
      lengthOf[next] = lengthOf[previous] + 1;
      next++;
    }
    if (entry === -1) entry = next - 1;
    const length = lengthOf[entry];
    if (!out.reserve(length)) return out.result();
    let at = out.length + length - 1;
    for (let walk = entry; walk !== -1; walk = prefix[walk]) out.raw[at--] = suffix[walk];
    out.length += length;
    previous = code;
    if (next + earlyChange >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  return out.result();
}

export type PredictorParams = { predictor: number; colors: number; bitsPerComponent: number; columns: number };

/** Undoes the TIFF (2) or PNG (10 to 15) predictor applied before Flate or LZW compression. */
export function unpredict(data: Buffer, params: PredictorParams): Buffer {
  const { predictor } = params;
  if (predictor < 2) return data;
  const colors = Math.max(1, Math.min(params.colors, 32));
  const bits = [1, 2, 4, 8, 16].includes(params.bitsPerComponent) ? params.bitsPerComponent : 8;
  const columns = Math.max(1, Math.min(params.columns, data.length * 8));
  const pixelBytes = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) {
    if (bits !== 8) return data;
    const out = Buffer.from(data);
    for (let row = 0; row < out.length; row += rowBytes) {
      for (let index = row + colors; index < Math.min(out.length, row + rowBytes); index++) out[index] = (out[index] + out[index - colors]) & 0xff;
    }
    return out;
  }
  const out = Buffer.alloc(Math.ceil(data.length / (rowBytes + 1)) * rowBytes);
  let length = 0;
  let previousRow = -1;
  for (let offset = 0; offset < data.length; offset += rowBytes + 1) {
    const filter = data[offset];
    const row = length;
    const end = Math.min(data.length, offset + 1 + rowBytes);
    for (let source = offset + 1; source < end; source++, length++) {
      const index = length - row;
      const raw = data[source];
      const left = index >= pixelBytes ? out[length - pixelBytes] : 0;
      const up = previousRow >= 0 ? out[previousRow + index] : 0;
      const upLeft = previousRow >= 0 && index >= pixelBytes ? out[previousRow + index - pixelBytes] : 0;
      let value: number;
      if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + ((left + up) >> 1);
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const toLeft = Math.abs(estimate - left);
        const toUp = Math.abs(estimate - up);
        const toUpLeft = Math.abs(estimate - upLeft);
        value = raw + (toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft);
      } else value = raw;
      out[length] = value & 0xff;
    }
    previousRow = row;
  }
  return out.subarray(0, length);
}
