import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { randomToken } from '../../platform/crypto.ts';

/** Stored names are ours alone: 32 random bytes and the extension of the inspected type. */
const STORED_NAME = /^[A-Za-z0-9_-]{43}\.(jpg|png|pdf)$/;

/**
 * The documents' files on disk, outside the web root (the directory is refused when it lies
 * under public/, which the server serves as static files), readable by the process's user only.
 * The database keeps which file belongs to whom; a file is reached only through the verification
 * service, never by a path a request names.
 */
export function createDocumentFiles(directory: string) {
  const root = resolve(directory);
  const publicDir = resolve('public');
  const under = relative(publicDir, root);
  if (under === '' || (!under.startsWith('..') && !under.startsWith(sep))) {
    throw new Error(`KYC_STORAGE_DIR must not be under public/ (${root}): documents would be served to anyone`);
  }
  let made = false;
  const ensure = () => {
    if (made) return;
    mkdirSync(root, { recursive: true, mode: 0o700 });
    made = true;
  };
  const pathOf = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored document name: ${name}`);
    return join(root, name);
  };

  return {
    directory: root,
    pathOf,
    /** Writes under a new random name (a temporary name first, so a half-written file is never seen). */
    async write(bytes: Buffer, extension: string): Promise<string> {
      ensure();
      const name = `${randomToken(32)}.${extension}`;
      const path = pathOf(name);
      await writeFile(`${path}.part`, bytes, { mode: 0o600, flag: 'wx' });
      await rename(`${path}.part`, path);
      return name;
    },
    read: (name: string) => readFile(pathOf(name)),
    remove: (name: string) => rm(pathOf(name), { force: true }),
  };
}

export type DocumentFiles = ReturnType<typeof createDocumentFiles>;
