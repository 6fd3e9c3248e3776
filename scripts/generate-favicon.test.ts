import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAVICON_SIZES, icoFromPngs } from './generate-favicon.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The images an ICO file lists: size and the bytes its directory entry points at. */
function readIco(file: Buffer) {
  expect(file.readUInt16LE(0)).toBe(0);
  expect(file.readUInt16LE(2)).toBe(1);
  return Array.from({ length: file.readUInt16LE(4) }, (_, index) => {
    const at = 6 + index * 16;
    const length = file.readUInt32LE(at + 8);
    const offset = file.readUInt32LE(at + 12);
    return { width: file.readUInt8(at) || 256, height: file.readUInt8(at + 1) || 256, bytes: file.subarray(offset, offset + length) };
  });
}

describe('favicon.ico', () => {
  it('packs each image behind a directory entry that gives its size, length and place', () => {
    const a = Uint8Array.from([...PNG_SIGNATURE, 1, 2, 3]);
    const b = Uint8Array.from([...PNG_SIGNATURE, 4, 5]);
    const images = readIco(icoFromPngs([{ size: 16, png: a }, { size: 256, png: b }]));
    expect(images.map((image) => [image.width, image.height])).toEqual([[16, 16], [256, 256]]);
    expect([...images[0]!.bytes]).toEqual([...a]);
    expect([...images[1]!.bytes]).toEqual([...b]);
  });

  it('refuses an image an icon cannot hold', () => {
    expect(() => icoFromPngs([{ size: 512, png: new Uint8Array(8) }])).toThrow(/1 to 256 px/);
  });

  it('the site serves one drawn from its icon, at 16, 32 and 48 px', () => {
    const images = readIco(readFileSync(new URL('../public/favicon.ico', import.meta.url)));
    expect(images.map((image) => image.width)).toEqual([...FAVICON_SIZES]);
    for (const image of images) {
      expect([...image.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      // The PNG's own header (IHDR) says the same size as the directory.
      expect(image.bytes.readUInt32BE(16)).toBe(image.width);
      expect(image.bytes.readUInt32BE(20)).toBe(image.height);
    }
  });
});
