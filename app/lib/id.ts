import { TOAST_ID_LENGTH } from '../../contract/constants.ts';

const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A random URL-safe id (21 characters by default, as the spec's toast ids). */
export function randomId(length: number = TOAST_ID_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 63];
  return id;
}
