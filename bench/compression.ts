/**
 * Compression (decision 034), against a running production server: the bytes of the home page's
 * HTML, its root stylesheet and its entry script as the server sends them raw, in gzip and in
 * brotli, and what compressing the home page costs in CPU, per page, measured here on the page the
 * server sent (same machine, same zlib as the server): on the fly at the middleware's settings
 * (what a signed-in page or a guest-cache miss pays), and a shared guest page's compressed copy,
 * made once per page and time limit, then completed per response with its nonce.
 *
 * `npm run bench` divides these by `/healthz`'s server CPU per request in the same run; alone:
 *   BASE_URL=http://127.0.0.1:3190 npx node bench/compression.ts
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from '../server/http/compression.ts';
import { compressAroundNonce } from '../server/http/nonce-compression.ts';
import { CACHED_BROTLI_QUALITY, CACHED_GZIP_LEVEL } from '../server/http/guest-page-cache.ts';

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 croupier-bench',
  cookie: 'vid=benchVisitor0000000000',
};

export type SizeRow = { name: string; path: string; raw: number; gzip: number; br: number; how: string };
export type CpuRow = { name: string; usPerPage: number; bytes: number };
export type CompressionBenchResult = { sizes: SizeRow[]; pageBytes: number; cpu: CpuRow[] };

/** One GET, the body's bytes as they crossed the wire (not decoded), and the headers. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function sizesOf(baseUrl: string, path: string, accept: string) {
  const sizes: Record<'raw' | 'gzip' | 'br', number> = { raw: 0, gzip: 0, br: 0 };
  for (const [key, encoding] of [['raw', ''], ['gzip', 'gzip'], ['br', 'br']] as const) {
    // A shared guest page's compressed copy is made once a few requests have asked for the coding.
    let answer = await get(baseUrl + path, { ...BROWSER, accept, 'accept-encoding': encoding });
    if (encoding) {
      for (let request = 0; request < 5; request++) await get(baseUrl + path, { ...BROWSER, accept, 'accept-encoding': encoding });
      await new Promise((resolve) => setTimeout(resolve, 300));
      answer = await get(baseUrl + path, { ...BROWSER, accept, 'accept-encoding': encoding });
    }
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const served = answer.headers['content-encoding'] ?? '';
    if (served !== encoding) throw new Error(`${path} with Accept-Encoding "${encoding}" came back as "${served}"`);
    sizes[key] = answer.body.length;
  }
  return sizes;
}

/** CPU microseconds per call of `work`, over about `ms` milliseconds of calls. */
function cpuPerCall(work: () => void, ms = 600): number {
  work();
  const wallEnd = performance.now() + ms;
  const start = process.cpuUsage();
  let calls = 0;
  while (performance.now() < wallEnd) {
    work();
    calls += 1;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

export async function runCompressionBench(baseUrl: string): Promise<CompressionBenchResult> {
  const home = await get(`${baseUrl}/`, { ...BROWSER, accept: 'text/html' });
  const html = home.body.toString();
  const css = /href="(\/assets\/root-[^"]+\.css)"/.exec(html)?.[1];
  const js = /(\/assets\/entry\.client-[^"]+\.js)/.exec(html)?.[1];
  if (!css || !js) throw new Error('the home page names no root stylesheet or entry script');
  const sizes: SizeRow[] = [
    { name: 'home page HTML (guest, shared copy)', path: '/', ...(await sizesOf(baseUrl, '/', 'text/html')), how: 'the cached copy, with each response’s nonce' },
    { name: 'root CSS', path: css, ...(await sizesOf(baseUrl, css, 'text/css,*/*')), how: 'at build time (br 11, gzip 9)' },
    { name: 'entry JS', path: js, ...(await sizesOf(baseUrl, js, '*/*')), how: 'at build time (br 11, gzip 9)' },
  ];

  // The page as the server rendered it, cut at its nonce like the guest page cache keeps it.
  const nonce = /'nonce-([^']+)'/.exec(String(home.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error('the home page has no CSP nonce');
  const page = home.body;
  const parts = html.split(nonce);
  const other = 'x'.repeat(nonce.length);
  const br = () => zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } });
  const gz = () => zlib.gzipSync(page, { level: DYNAMIC_GZIP_LEVEL });
  const brCopy = await compressAroundNonce(parts, nonce.length, 'br', CACHED_BROTLI_QUALITY);
  const gzCopy = await compressAroundNonce(parts, nonce.length, 'gzip', CACHED_GZIP_LEVEL);
  if (!brCopy || !gzCopy) throw new Error(`the home page could not be compressed around its nonce (${brCopy ? '' : 'br'} ${gzCopy ? '' : 'gzip'})`);
  // Making a copy is asynchronous (libuv's pool): its CPU is the process's, read around the calls.
  const copyCost = async (coding: 'br' | 'gzip', quality: number) => {
    const start = process.cpuUsage();
    for (let round = 0; round < 5; round++) await compressAroundNonce(parts, nonce.length, coding, quality);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 5;
  };
  const cpu: CpuRow[] = [
    { name: `on the fly, br ${DYNAMIC_BROTLI_QUALITY}`, usPerPage: cpuPerCall(br), bytes: br().length },
    { name: `on the fly, gzip ${DYNAMIC_GZIP_LEVEL}`, usPerPage: cpuPerCall(gz), bytes: gz().length },
    { name: `cached copy, br ${CACHED_BROTLI_QUALITY}: per response (nonce spliced in)`, usPerPage: cpuPerCall(() => brCopy.join(other)), bytes: brCopy.join(other).length },
    { name: `cached copy, gzip ${CACHED_GZIP_LEVEL}: per response (nonce spliced in)`, usPerPage: cpuPerCall(() => gzCopy.join(other)), bytes: gzCopy.join(other).length },
    { name: `cached copy, br ${CACHED_BROTLI_QUALITY}: making it (once per page and time limit)`, usPerPage: await copyCost('br', CACHED_BROTLI_QUALITY), bytes: brCopy.join(other).length },
    { name: `cached copy, gzip ${CACHED_GZIP_LEVEL}: making it (once per page and time limit)`, usPerPage: await copyCost('gzip', CACHED_GZIP_LEVEL), bytes: gzCopy.join(other).length },
    { name: 'identity: joining the cached page with its nonce (for scale)', usPerPage: cpuPerCall(() => Buffer.from(parts.join(other))), bytes: page.length },
  ];
  return { sizes, pageBytes: page.length, cpu };
}

export function formatCompressionBench(result: CompressionBenchResult | { error: string }, healthzCpuUs: number | null = null): string {
  if ('error' in result) return `Compression: ${result.error}`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = ['Compression: bytes as served (raw / gzip / br, and br as a share of raw):'];
  for (const row of result.sizes) {
    lines.push(`  ${row.name.padEnd(36)} ${kb(row.raw).padStart(9)} ${kb(row.gzip).padStart(9)} ${kb(row.br).padStart(9)}  ${((100 * row.br) / row.raw).toFixed(1)}%  (${row.how})`);
  }
  lines.push(`Compressing the ${kb(result.pageBytes)} home page, CPU per page${healthzCpuUs ? ' (x /healthz CPU per request in this run)' : ''}:`);
  for (const row of result.cpu) {
    const ratio = healthzCpuUs ? `  ${(row.usPerPage / healthzCpuUs).toFixed(2)} x` : '';
    lines.push(`  ${row.name.padEnd(64)} ${row.usPerPage.toFixed(0).padStart(6)} us${ratio}  -> ${kb(row.bytes)}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
  console.log(formatCompressionBench(await runCompressionBench(baseUrl)));
}
