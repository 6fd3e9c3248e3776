/**
 * Draws public/favicon.ico from the site's icon (public/favicon.svg), for the browsers and pages
 * that ask for /favicon.ico without reading a <link rel="icon"> (the demo payment page, the dev
 * mailbox, feed readers):
 *
 *   npx node scripts/generate-favicon.ts
 *
 * The .ico holds the icon at 16, 32 and 48 px, each as a PNG image (the ICO format has carried
 * PNG images since Windows Vista; every current browser reads them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const FAVICON_SIZES = [16, 32, 48] as const;

/** An ICO file holding the given square PNG images: a 6-byte header, 16 bytes per entry, then the images. */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Uint8Array }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach((image, index) => {
    if (image.size < 1 || image.size > 256) throw new Error(`an icon image is 1 to 256 px, not ${image.size}`);
    const at = index * 16;
    entries.writeUInt8(image.size === 256 ? 0 : image.size, at); // width (0 means 256)
    entries.writeUInt8(image.size === 256 ? 0 : image.size, at + 1); // height
    entries.writeUInt8(0, at + 2); // no palette
    entries.writeUInt8(0, at + 3); // reserved
    entries.writeUInt16LE(1, at + 4); // colour planes
    entries.writeUInt16LE(32, at + 6); // bits per pixel
    entries.writeUInt32LE(image.png.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, entries, ...images.map((image) => Buffer.from(image.png))]);
}

async function main() {
  const { default: sharp } = await import('sharp');
  const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
  const svg = readFileSync(`${publicDir}favicon.svg`);
  const images = await Promise.all(
    FAVICON_SIZES.map(async (size) => ({ size, png: await sharp(svg, { density: (72 * size) / 16 }).resize(size, size).png().toBuffer() })),
  );
  writeFileSync(`${publicDir}favicon.ico`, icoFromPngs(images));
  console.log(`public/favicon.ico: ${FAVICON_SIZES.join(', ')} px`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
