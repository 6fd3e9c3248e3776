import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../platform/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_BYTES: '200' });
});
afterAll(async () => {
  await t.close();
});

const visitor = (id: string) => ({ cookie: `vid=${id.padEnd(22, 'x')}` });

describe('the /api contract', () => {
  it('answers getInfo with the guest shape', async () => {
    const { status, json } = await t.call('getInfo', { query: { locale: 'fr' } });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({
      uid: 0,
      locale: 'fr',
      balance_main: { amount: '0.00', currency: 'EUR' },
      balance_fun: { amount: '0.00', currency: 'EUR' },
      two_factor_auth: false,
    });
  });

  it('finds methods without regard to case, including methods with a slash', async () => {
    expect((await t.call('GETINFO')).status).toBe(200);
    const meta = await t.call('metadata/GET');
    expect(meta.json.data).toMatchObject({ api_version: '2.34', locales: ['en', 'fr'], default_locale: 'en' });
  });

  it('answers general info, following operator settings', async () => {
    const before = await t.call('getgeneralinfo');
    expect(before.json.data).toMatchObject({ available_locales: ['en', 'fr'], default_currency: 'EUR', domain_state: 'active', time_to_force_logout: null });
    await t.services.siteSettings.set('timeToForceLogout', 900);
    const after = await t.call('getgeneralinfo');
    expect(after.json.data).toMatchObject({ time_to_force_logout: 900 });
    await t.services.siteSettings.set('timeToForceLogout', null);
  });

  it('answers an unknown method with MethodNotFoundException and 404', async () => {
    const { status, json } = await t.call('nope');
    expect(status).toBe(404);
    expect(json).toEqual({ error: { type: 'MethodNotFoundException', message: 'Method nope not found' } });
  });

  it('refuses a method called with the wrong verb', async () => {
    const { status, json, headers } = await t.call('changelocale', { query: { locale: 'fr' } });
    expect(status).toBe(405);
    expect(json.error?.type).toBe('InvalidRequestException');
    expect(headers.get('allow')).toBe('POST');
  });

  it('names the bad field of malformed input, in the caller language', async () => {
    const en = await t.call('changelocale', { body: { locale: 'de' } });
    expect(en.status).toBe(422);
    expect(en.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { locale: 'Wrong value' } });
    const fr = await t.call('changelocale', { query: { locale: 'fr' }, body: {} });
    expect(fr.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { locale: 'Champ obligatoire' } });
  });

  it('sets the locale cookie for 365 days on changelocale', async () => {
    const { status, json, headers } = await t.call('changelocale', { body: { locale: 'fr' } });
    expect(status).toBe(200);
    expect(json.data).toEqual({ locale: 'fr' });
    const cookie = headers.getSetCookie().find((value) => value.startsWith('i18n_locale='));
    expect(cookie).toMatch(/i18n_locale=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('issues an HttpOnly visitor cookie, SameSite=None; Secure when framed', async () => {
    const plain = await t.call('getInfo');
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('vid='))).toMatch(/HttpOnly; SameSite=Lax/);
    const framed = await t.call('getInfo', { query: { non_strict: '1' } });
    expect(framed.headers.getSetCookie().find((c) => c.startsWith('vid='))).toMatch(/HttpOnly; Secure; SameSite=None/);
  });

  it('refuses cross-origin POSTs and accepts same-origin ones', async () => {
    const evil = await t.call('storage/set', { body: { key: 'a', value: '1' }, headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.json.error?.type).toBe('AccessDeniedException');
    const fetchSite = await t.call('storage/set', { body: { key: 'a', value: '1' }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.status).toBe(403);
    const same = await t.call('storage/set', { body: { key: 'a', value: '1' }, headers: { origin: TEST_ORIGIN, ...visitor('origin') } });
    expect(same.status).toBe(200);
  });

  it('answers unreadable requests with InvalidRequestException', async () => {
    const badJson = await t.app.request(`${TEST_ORIGIN}/api/storage/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"key":',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { type: string } }).error.type).toBe('InvalidRequestException');
    const deep = await t.app.request(`${TEST_ORIGIN}/api/getInfo?a[b][c][d][e][f][g]=1`);
    expect(deep.status).toBe(400);
  });

  it('never leaks an unexpected error', async () => {
    const original = t.services.storage.getKeys;
    t.services.storage.getKeys = async () => {
      throw new Error('secret detail at /srv/db');
    };
    try {
      const { status, json } = await t.call('storage/getKeys');
      expect(status).toBe(500);
      expect(json).toEqual({ error: { type: 'InternalServerErrorException', message: 'Something went wrong' } });
    } finally {
      t.services.storage.getKeys = original;
    }
  });

  it('answers ApplicationDisabledException during maintenance, but still tells the domain state', async () => {
    await t.services.siteSettings.set('maintenance', true);
    try {
      const info = await t.call('getInfo');
      expect(info.status).toBe(503);
      expect(info.json.error?.type).toBe('ApplicationDisabledException');
      const general = await t.call('getgeneralinfo');
      expect(general.json.data).toMatchObject({ domain_state: 'maintenance' });
    } finally {
      await t.services.siteSettings.set('maintenance', false);
    }
  });
});

describe('storage', () => {
  it('keeps values per visitor', async () => {
    const alice = visitor('alice');
    expect((await t.call('storage/set', { body: { key: 'confirm_sent', value: '1' }, headers: alice })).json.data).toBe(1);
    await t.call('storage/set', { body: { key: 'already_seen_cashback_id', value: '42' }, headers: alice });
    const got = await t.call('storage/get', { query: { 'keys[]': 'confirm_sent' }, headers: alice });
    expect(got.json.data).toEqual({ confirm_sent: '1' });
    const both = await t.call('storage/get', { query: { keys: 'confirm_sent,missing' }, headers: alice });
    expect(both.json.data).toEqual({ confirm_sent: '1', missing: null });
    expect((await t.call('storage/getKeys', { headers: alice })).json.data).toEqual(['already_seen_cashback_id', 'confirm_sent']);
    expect((await t.call('storage/getKeys', { headers: visitor('bob') })).json.data).toEqual([]);
  });

  it('stores injection-looking and unicode text as plain text', async () => {
    const carol = visitor('carol');
    const value = `'); drop table storage_entries; -- 🎰 é ü 中`;
    await t.call('storage/set', { body: { key: 'note', value }, headers: carol });
    expect((await t.call('storage/get', { query: { keys: 'note' }, headers: carol })).json.data).toEqual({ note: value });
  });

  it('rejects bad keys with the field named', async () => {
    const { status, json } = await t.call('storage/set', { body: { key: 'no spaces', value: '1' }, headers: visitor('dave') });
    expect(status).toBe(422);
    expect(Object.keys(json.error?.fields ?? {})).toEqual(['key']);
    const missing = await t.call('storage/get', { headers: visitor('dave') });
    expect(missing.json.error?.fields).toEqual({ keys: 'Field is required' });
  });

  it('enforces the quota without a half-written change, even under concurrent writes', async () => {
    const erin = visitor('erin');
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => t.call('storage/set', { body: { key: `k${index}`, value: 'x'.repeat(40) }, headers: erin })),
    );
    const accepted = writes.filter((write) => write.status === 200).length;
    const refused = writes.filter((write) => write.status === 413);
    expect(accepted).toBe(4); // 4 x (2 + 40) bytes fit in 200; a fifth would not
    expect(refused).toHaveLength(4);
    expect(refused[0].json.error?.type).toBe('StorageQuotaExceededException');
    expect((await t.call('storage/getKeys', { headers: erin })).json.data).toHaveLength(4);
    // Replacing a value with one of the same size stays within the quota.
    const keys = (await t.call('storage/getKeys', { headers: erin })).json.data as string[];
    expect((await t.call('storage/set', { body: { key: keys[0], value: 'y'.repeat(40) }, headers: erin })).status).toBe(200);
  });
});

describe('site endpoints', () => {
  it('serves the site configuration per locale', async () => {
    const fr = await t.app.request(`${TEST_ORIGIN}/nfx/cms-config/fr`);
    expect(fr.status).toBe(200);
    const document = (await fr.json()) as { seo: { default: { title: string } }; functionalSettings: { settingsForUpdBalance: { countSecondsForInterval: number } } };
    expect(document.seo.default.title).toContain('casino en ligne');
    expect(document.functionalSettings.settingsForUpdBalance.countSecondsForInterval).toBe(10);
    expect((await t.app.request(`${TEST_ORIGIN}/nfx/cms-config/xx`)).status).toBe(404);
  });

  it('answers health and readiness', async () => {
    expect(await (await t.app.request(`${TEST_ORIGIN}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await t.app.request(`${TEST_ORIGIN}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toBeTruthy();
  });
});
