import { createHash } from 'node:crypto';

/**
 * Wallet addresses checked per coin before a crypto payout (docs/payments.md, "Crypto
 * (NOWPayments)"): the shape and the checksum each chain defines, so a mistyped address is refused
 * before any money is reserved. Mainnet only.
 *
 * - BTC: base58check (version 0x00 P2PKH or 0x05 P2SH) or bech32 / bech32m segwit (`bc1…`,
 *   BIP 173 and BIP 350: witness version 0 with bech32 and a 20- or 32-byte program, 1 to 16
 *   with bech32m).
 * - ETH: `0x` and 40 hex digits; all lower or all upper case carries no checksum, mixed case must
 *   be the EIP-55 checksum (Keccak-256 of the lower-case hex).
 * - USDT: on TRON (TRC-20, NOWPayments' `usdttrc20`): base58check with version 0x41 (`T…`).
 */
export type Coin = 'btc' | 'eth' | 'usdttrc20';

/** The rough shape of an address per coin, for the cashier's field rule; the checksum is `validAddress`. */
export const ADDRESS_SHAPES: Record<Coin, string> = {
  btc: '(bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34}',
  eth: '0x[0-9a-fA-F]{40}',
  usdttrc20: 'T[1-9A-HJ-NP-Za-km-z]{33}',
};

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The payload of a base58check string (version byte first), or null when it does not check. */
export function base58check(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length < 5) return null;
  const payload = Uint8Array.from(bytes.slice(0, -4));
  const check = sha256(sha256(payload)).subarray(0, 4);
  return bytes.slice(-4).every((byte, index) => byte === check[index]) ? payload : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) check ^= generator[bit];
  }
  return check >>> 0;
}

/** A segwit address of the `bc` prefix: valid when its checksum, witness version and program length are. */
function validSegwit(text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (lower.slice(0, separator) !== 'bc' || lower.length > 90) return false;
  const data: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const value = BECH32.indexOf(char);
    if (value < 0) return false;
    data.push(value);
  }
  if (data.length < 7) return false;
  const hrp = [...'bc'].map((char) => char.charCodeAt(0));
  const constant = polymod([...hrp.map((code) => code >> 5), 0, ...hrp.map((code) => code & 31), ...data]);
  const version = data[0];
  if (version > 16 || constant !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false;
  // The program: 5-bit groups back to bytes, with no more than 4 bits of zero padding.
  let accumulator = 0;
  let bits = 0;
  const program: number[] = [];
  for (const value of data.slice(1, -6)) {
    accumulator = (accumulator << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      program.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5 || (accumulator & ((1 << bits) - 1)) !== 0) return false;
  if (program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

// Keccak-256 (the original padding, not SHA3-256's), for EIP-55: node's crypto has only SHA3.
const ROUND_CONSTANTS = [
  0x1n, 0x8082n, 0x800000000000808an, 0x8000000080008000n, 0x808bn, 0x80000001n, 0x8000000080008081n, 0x8000000000008009n, 0x8an, 0x88n, 0x80008009n, 0x8000000an,
  0x8000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n, 0x8000000000008002n, 0x8000000000000080n, 0x800an, 0x800000008000000an,
  0x8000000080008081n, 0x8000000000008080n, 0x80000001n, 0x8000000080008008n,
];
const ROTATIONS = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];
const MASK = (1n << 64n) - 1n;
const rotl = (lane: bigint, by: number) => (by === 0 ? lane : ((lane << BigInt(by)) | (lane >> BigInt(64 - by))) & MASK);

function keccakF(state: bigint[]) {
  for (const constant of ROUND_CONSTANTS) {
    const column = [0, 1, 2, 3, 4].map((x) => state[x] ^ state[x + 5] ^ state[x + 10] ^ state[x + 15] ^ state[x + 20]);
    for (let x = 0; x < 5; x += 1) {
      const d = column[(x + 4) % 5] ^ rotl(column[(x + 1) % 5], 1);
      for (let y = 0; y < 5; y += 1) state[x + 5 * y] ^= d;
    }
    const moved = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x += 1) for (let y = 0; y < 5; y += 1) moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y], ROTATIONS[x][y]);
    for (let x = 0; x < 5; x += 1) for (let y = 0; y < 5; y += 1) state[x + 5 * y] = moved[x + 5 * y] ^ (~moved[((x + 1) % 5) + 5 * y] & MASK & moved[((x + 2) % 5) + 5 * y]);
    state[0] ^= constant;
  }
}

export function keccak256(input: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.ceil((input.length + 1) / rate) * rate);
  padded.set(input);
  padded[input.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane += 1) {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte -= 1) value = (value << 8n) | BigInt(padded[offset + lane * 8 + byte]);
      state[lane] ^= value;
    }
    keccakF(state);
  }
  const out = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1) out[index] = Number((state[index >> 3] >> BigInt(8 * (index & 7))) & 0xffn);
  return out;
}

/** An Ethereum address with its EIP-55 checksum (mixed case). */
export function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak256(new TextEncoder().encode(hex))).toString('hex');
  return `0x${[...hex].map((char, index) => (parseInt(hash[index], 16) >= 8 ? char.toUpperCase() : char)).join('')}`;
}

function validEth(text: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return false;
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55(text) === text;
}

/** Whether the text is a valid mainnet address for the coin (shape and checksum). */
export function validAddress(coin: Coin, text: string): boolean {
  if (coin === 'eth') return validEth(text);
  if (coin === 'usdttrc20') {
    const payload = /^T/.test(text) ? base58check(text) : null;
    return payload !== null && payload.length === 21 && payload[0] === 0x41;
  }
  if (/^bc1/i.test(text)) return validSegwit(text);
  const payload = /^[13]/.test(text) ? base58check(text) : null;
  return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}
