/**
 * Build-time compression of the client build (decision 034): every text file of build/client
 * (JavaScript, CSS, HTML, SVG, JSON, web manifests, XML, text) of 1 KiB or more gets a `.br`
 * (brotli at its best, quality 11) and a `.gz` (gzip 9) beside it, kept only when smaller than
 * the file. The server answers from them (server/http/static-files.ts) and never compresses an
 * asset per request.
 *
 * As a Vite plugin it runs after the client build is written, after the service worker and the
 * offline pages (scripts/webapp/service-worker.ts), so `react-router build` alone produces them,
 * however the build is started. Alone: `npx node scripts/precompress.ts [build/client]`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.xml', '.txt'];
const MIN_BYTES = 1024;

export type PrecompressResult = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

async function textFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(full)));
    else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) found.push(full);
  }
  return found;
}

/** Writes `.br` and `.gz` beside every text file of `dir` worth it; compressions run on libuv's pool. */
export async function precompressDirectory(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const one = async (file: string) => {
    if ((await stat(file)).size < MIN_BYTES) return;
    const data = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    result.files += 1;
    result.bytes += data.length;
    if (br.length < data.length) {
      await writeFile(`${file}.br`, br);
      result.brotliBytes += br.length;
    }
    if (gz.length < data.length) {
      await writeFile(`${file}.gz`, gz);
      result.gzipBytes += gz.length;
    }
  };
  // A few at a time: brotli 11 is the build's heaviest step after bundling.
  const queue = await textFiles(dir);
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await one(file);
  }));
  return result;
}

/** Vite plugin: after the client build (and the other plugins' files) is written, compress it. */
export function precompressPlugin(): Plugin {
  return {
    name: 'croupier:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const started = performance.now();
        const { files, bytes, brotliBytes, gzipBytes } = await precompressDirectory(options.dir);
        const kib = (value: number) => `${Math.round(value / 1024)} KiB`;
        this.info?.(`precompressed ${files} files in ${Math.round(performance.now() - started)} ms: ${kib(bytes)} -> ${kib(brotliBytes)} br, ${kib(gzipBytes)} gzip`);
      },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'build/client';
  const result = await precompressDirectory(dir);
  console.log(`${dir}: ${result.files} files, ${result.bytes} B -> ${result.brotliBytes} B br, ${result.gzipBytes} B gzip`);
}
