import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCurrencyRates, FALLBACK_RATES, parseEcbRates } from './index.ts';

/** The ECB adapter against a local stand-in serving the ECB's eurofxref-daily.xml shape. */
const ecbXml = (date: string, rates: Record<string, string>) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='${date}'>
${Object.entries(rates).map(([currency, rate]) => `			<Cube currency='${currency}' rate='${rate}'/>`).join('\n')}
		</Cube>
	</Cube>
</gesmes:Envelope>
`;

type Mode = 'ok' | 'down' | 'malformed' | 'html' | 'slow';
let mode: Mode = 'ok';
let hits = 0;
let body = ecbXml('2026-05-04', { USD: '1.1327', JPY: '162.88', GBP: '0.85183', CAD: '1.5674' });
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits++;
    if (mode === 'down') return void response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    if (mode === 'slow') return void setTimeout(() => response.end(body), 1500).unref();
    if (mode === 'html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
    if (mode === 'malformed') return void response.writeHead(200, { 'content-type': 'text/xml' }).end(body.slice(0, body.length / 2));
    response.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mode = 'ok';
  hits = 0;
});

const warnings: string[] = [];
let clock = 1_000_000;
const rates = (options: { url?: string | null; timeoutMs?: number } = {}) =>
  createCurrencyRates({
    url: options.url === undefined ? url : options.url,
    timeoutMs: options.timeoutMs ?? 1000,
    maxAgeMs: 3600_000,
    retryAfterMs: 60_000,
    logger: { warn: (_fields: unknown, message?: string) => void warnings.push(String(message)), info: () => {} },
    now: () => clock,
  });

describe('the ECB daily reference rates', () => {
  it("answers the ECB's figures for the site's currencies, with the reference date", async () => {
    expect(await rates().get()).toEqual({ base: 'EUR', rates: { EUR: '1', USD: '1.1327', GBP: '0.85183', CAD: '1.5674' }, date: '2026-05-04', source: 'ecb' });
  });

  it('keeps the rates for an hour, then reads them again; concurrent callers share one request', async () => {
    const service = rates();
    await Promise.all([service.get(), service.get(), service.get()]);
    expect(hits).toBe(1);
    clock += 30 * 60_000;
    await service.get();
    expect(hits).toBe(1);
    body = ecbXml('2026-05-05', { USD: '1.14', GBP: '0.86', CAD: '1.57' });
    clock += 31 * 60_000;
    expect(await service.get()).toMatchObject({ date: '2026-05-05', rates: { USD: '1.14' } });
    expect(hits).toBe(2);
  });

  it('the fixed table answers while the source is down, malformed, not XML or too slow; nothing fails', async () => {
    for (const failing of ['down', 'malformed', 'html', 'slow'] as const) {
      mode = failing;
      warnings.length = 0;
      const answer = await rates({ timeoutMs: 300 }).get();
      expect(answer, failing).toEqual({ base: 'EUR', rates: FALLBACK_RATES, date: null, source: 'fallback' });
      expect(warnings, failing).toEqual(['currency rates: read failed']);
    }
  });

  it('a source that fails later keeps the last good rates, and is not asked again for a minute', async () => {
    const service = rates();
    const good = await service.get();
    mode = 'down';
    clock += 61 * 60_000;
    expect(await service.get()).toEqual(good);
    expect(hits).toBe(2);
    expect(await service.get()).toEqual(good);
    expect(hits).toBe(2);
    mode = 'ok';
    clock += 61_000;
    expect((await service.get()).source).toBe('ecb');
    expect(hits).toBe(3);
  });

  it('the refresh job reads the source now and fails loudly so the runner retries it', async () => {
    const service = rates();
    expect(service.job).toMatchObject({ name: 'currency-rates.refresh', cron: '30 15 * * 1-5', ownTransactions: true });
    mode = 'down';
    await expect(service.refresh()).rejects.toThrow('HTTP 503');
    mode = 'ok';
    await expect(service.refresh()).resolves.toMatchObject({ source: 'ecb' });
  });

  it('CURRENCY_RATES_URL=off answers the fixed table without asking anyone', async () => {
    expect(await rates({ url: null }).get()).toMatchObject({ source: 'fallback', rates: FALLBACK_RATES });
    expect(hits).toBe(0);
  });

  it("refuses a document that is not the ECB's", () => {
    expect(() => parseEcbRates('<html></html>')).toThrow('not an ECB reference rates document');
    expect(() => parseEcbRates(ecbXml('yesterday', { USD: '1.1' }))).toThrow('no reference date');
    expect(() => parseEcbRates(ecbXml('2026-05-04', { USD: '-1' }))).toThrow('rate of USD is not a positive number');
    expect(() => parseEcbRates(ecbXml('2026-05-04', {}))).toThrow('no rates');
  });
});
