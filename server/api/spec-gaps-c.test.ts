import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';

/**
 * API methods of issue 33 part C as a player's page calls them: the SEO a page's head gets
 * (content/getseo), an analytics event (events/handle), the banks of the site configuration
 * (cashier/getbanks) and the ECB's reference rates through a local stand-in (getcurrencyrates).
 */
let t: TestApp;
let ecb: Server;
let ecbUp = true;
const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject><Cube><Cube time='2026-05-04'>
<Cube currency='USD' rate='1.1327'/><Cube currency='GBP' rate='0.85183'/><Cube currency='CAD' rate='1.5674'/>
</Cube></Cube></gesmes:Envelope>`;

beforeAll(async () => {
  ecb = createServer((_request, response) => void (ecbUp ? response.writeHead(200, { 'content-type': 'text/xml' }).end(ECB_XML) : response.writeHead(502).end()));
  await new Promise<void>((resolve) => ecb.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ CURRENCY_RATES_URL: `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/eurofxref-daily.xml` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => ecb.close(() => resolve()));
});

async function signIn(): Promise<Record<string, string>> {
  const email = `banks-${Date.now()}@example.com`;
  const registered = await t.call('register', { body: { email, password: 'secret12', password_confirmation: 'secret12', currency: 'EUR', terms: '1' } });
  const cookie = (registered.headers.getSetCookie?.() ?? []).map((entry) => entry.split(';')[0]).join('; ');
  return { cookie };
}

describe('content/getseo', () => {
  it("the seeded providers page: its record in the page's locale, replacements made, indexable", async () => {
    const { status, json } = await t.call('content/getseo', { query: { path: '/fr/providers', host: 'localhost' } });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({
      path: '/fr/providers',
      robots: null,
      record: { locale: 'fr', title: expect.stringContaining('Croupier'), schemaFaq: [{ question: 'Quels studios puis-je jouer chez Croupier ?' }, expect.anything()] },
    });
    expect(JSON.stringify(json.data)).not.toContain('{brand}');
  });

  it('a page under a robots Disallow rule is noindex, follow; a page without a record has none', async () => {
    const { json } = await t.call('content/getseo', { query: { path: '/cashier/deposit?amount=50' } });
    expect(json.data).toEqual({ path: '/cashier/deposit', record: null, domainMeta: [], robots: 'noindex, follow' });
  });

  it('a path that is not one is refused naming the field, in French for a French page', async () => {
    const { status, json } = await t.call('content/getseo', { query: { path: 'providers', locale: 'fr' } });
    expect(status).toBe(422);
    expect(json.error).toMatchObject({ type: 'InvalidParameterException', fields: { path: expect.any(String) } });
  });
});

describe('events/handle', () => {
  it('records an event with its parameters, nested or as JSON', async () => {
    expect((await t.call('events/handle', { query: { event_name: 'game_play', 'event_params[game]': 'golden-croupier', 'event_params[mode]': 'demo' } })).json).toEqual({ data: 1 });
    expect((await t.call('events/handle', { query: { event_name: 'sign_up', event_params: '{"method":"email"}' } })).json).toEqual({ data: 1 });
    expect((await t.call('events/handle', { query: { event_name: 'page_view' } })).json).toEqual({ data: 1 });
  });

  it('a wrong name or parameters are refused naming the field', async () => {
    const badName = await t.call('events/handle', { query: { event_name: 'Drop Table', locale: 'fr' } });
    expect(badName.status).toBe(422);
    expect(badName.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { event_name: 'Valeur incorrecte' } });
    const badParams = await t.call('events/handle', { query: { event_name: 'deposit', event_params: '[1,2]' } });
    expect(badParams.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { event_params: expect.any(String) } });
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`event_params[k${index}]`, 'v']));
    expect((await t.call('events/handle', { query: { event_name: 'deposit', ...tooMany } })).json.error?.fields).toHaveProperty('event_params');
  });
});

describe('cashier/getbanks', () => {
  it("answers the site configuration's banks, and follows a change of it", async () => {
    const headers = await signIn();
    const before = await t.call('cashier/getbanks', { headers });
    expect(before.status).toBe(200);
    expect(before.json.data).toContainEqual({ code: 'BNPAFRPP', name: 'BNP Paribas' });
    const config = await t.services.siteConfig.get('en');
    await t.services.siteConfig.put('en', { ...config, cashier: { ...config.cashier, banks: [{ code: 'COBADEFF', name: 'Commerzbank' }] } });
    expect((await t.call('cashier/getbanks', { headers })).json.data).toEqual([{ code: 'COBADEFF', name: 'Commerzbank' }]);
  });

  it('a guest is asked to sign in', async () => {
    expect((await t.call('cashier/getbanks')).json.error?.type).toBe('AuthorizationException');
  });
});

describe('getcurrencyrates', () => {
  it("answers the ECB's reference rates; the fixed table only while the source never answered", async () => {
    const { json } = await t.call('getcurrencyrates');
    expect(json.data).toEqual({ base: 'EUR', rates: { EUR: '1', USD: '1.1327', GBP: '0.85183', CAD: '1.5674' }, date: '2026-05-04', source: 'ecb' });
    ecbUp = false;
    // Kept for an hour: the source being down now changes nothing.
    expect((await t.call('getcurrencyrates')).json.data).toMatchObject({ source: 'ecb', date: '2026-05-04' });
    ecbUp = true;
  });
});
