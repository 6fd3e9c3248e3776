import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfigAnswer, SiteConfigSaveAnswer, SiteConfigVersionItem, SiteSettingsAnswer } from '../../contract/backoffice-support.ts';
import { queryRows } from '../platform/db/database.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

let t: TestApp;
let manager: TestStaff;
let analyst: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createStaffMember(t, 'manager');
  analyst = await createStaffMember(t, 'analyst');
}, 180_000);
afterAll(async () => {
  await t.close();
});

const auditCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit`))[0].n;
const lastAudit = async (action: string) =>
  (
    await queryRows<{ actor: string; subject: string; before: Record<string, unknown>; after: Record<string, unknown>; details: Record<string, unknown> }>(
      t.database.db,
      sql`select actor, subject, before, after, details from operator_audit where action = ${action} order by id desc limit 1`,
    )
  )[0];
const versionCount = async (locale: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from site_config_versions where locale = ${locale}`))[0].n;

const config = async (language = 'en') => (await backoffice(t, 'site-config/get', { query: { language }, cookie: manager.cookie })).json.data as SiteConfigAnswer;

describe('operator settings', () => {
  it('reads and sets a setting with the ops schema, naming a bad value by its key, each write audited', async () => {
    const read = await backoffice(t, 'settings/get', { cookie: analyst.cookie });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect((read.json.data as SiteSettingsAnswer).values).toEqual({
      maintenance: false,
      timeToForceLogout: null,
      kycWithdrawalThreshold: null,
      bonusIsolation: false,
      domainType: 'main',
      userInactivityCashierTime: null,
      userInactivityPpTime: null,
      paymentMethodRules: { methods: [], withdrawBySameMethod: { enabled: false, days: 90 } },
      bettingMargins: { '1x2': 5, match_winner: 5, total: 5, handicap: 5 },
      analyticGtmId: null,
      analyticGaId: null,
    });
    // Reading is not changing.
    expect((await backoffice(t, 'settings/set', { body: { key: 'timeToForceLogout', value: 900 }, cookie: analyst.cookie })).status).toBe(403);

    const before = await auditCount();
    const tooShort = await backoffice(t, 'settings/set', { body: { key: 'timeToForceLogout', value: 5 }, cookie: manager.cookie });
    expect(tooShort.status).toBe(422);
    expect(Object.keys(tooShort.json.error?.fields ?? {})).toEqual(['timeToForceLogout']);
    const unknown = await backoffice(t, 'settings/set', { body: { key: 'colour', value: 'red' }, cookie: manager.cookie });
    expect(Object.keys(unknown.json.error?.fields ?? {})).toEqual(['key']);
    expect(await auditCount()).toBe(before);
    expect(await t.services.siteSettings.get('timeToForceLogout')).toBeNull();

    const set = await backoffice(t, 'settings/set', { body: { key: 'timeToForceLogout', value: 900 }, cookie: manager.cookie, ip: manager.ip });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(await t.services.siteSettings.get('timeToForceLogout')).toBe(900);
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit('settings.set')).toMatchObject({
      actor: `staff:${manager.id} ${manager.email}`,
      subject: 'setting:timeToForceLogout',
      before: { timeToForceLogout: null },
      after: { timeToForceLogout: 900 },
    });
  });

  it('turns maintenance on and off from the back office, which keeps working while the player API is closed', async () => {
    const on = await backoffice(t, 'settings/set', { body: { key: 'maintenance', value: true }, cookie: manager.cookie });
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    try {
      expect(await lastAudit('settings.maintenance')).toMatchObject({ before: { maintenance: false }, after: { maintenance: true } });
      // Players: closed.
      const player = await t.call('chat/get');
      expect(player.status).toBe(503);
      expect(player.json.error?.type).toBe('ApplicationDisabledException');
      // Staff: reads, writes and even signing in a new member still work.
      expect((await backoffice(t, 'settings/get', { cookie: manager.cookie })).status).toBe(200);
      expect((await backoffice(t, 'support/conversations', { cookie: manager.cookie })).status).toBe(200);
      const late = await createStaffMember(t, 'support');
      expect((await backoffice(t, 'auth/me', { cookie: late.cookie })).status).toBe(200);
    } finally {
      const off = await backoffice(t, 'settings/set', { body: { key: 'maintenance', value: false }, cookie: manager.cookie });
      expect(off.status, JSON.stringify(off.json)).toBe(200);
    }
    expect((await t.call('chat/get')).status).toBe(200);
    expect(await lastAudit('settings.maintenance')).toMatchObject({ before: { maintenance: true }, after: { maintenance: false } });
  });
});

describe('the site configuration document', () => {
  it('refuses a bad value naming its path and writes nothing', async () => {
    const current = await config();
    const before = { audit: await auditCount(), versions: await versionCount('en') };
    const document = structuredClone(current.document) as unknown as { auth: { authTypes: string[] }; cashier: { depositAmountsList: unknown[] } };
    document.auth.authTypes = ['email', 'fax'];
    document.cashier.depositAmountsList = [{ currency: 'EUR', amountList: [{ value: 10 }, { value: -5 }] }];
    const refused = await backoffice(t, 'site-config/save', { body: { locale: 'en', document, base_version: current.version }, cookie: manager.cookie });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.error?.fields ?? {}).sort()).toEqual(['document.auth.authTypes.1', 'document.cashier.depositAmountsList.0.amountList.1.value']);
    expect(await auditCount()).toBe(before.audit);
    expect(await versionCount('en')).toBe(before.versions);
    expect((await config()).document).toEqual(current.document);
  });

  it('saves a new version with the changed paths audited, refuses a stale or empty save, and rolls back as a new version', async () => {
    const opened = await config();
    expect(opened).toMatchObject({ own: true, version: null });
    const originalTitle = opened.document.seo.default.title;
    const edited = structuredClone(opened.document);
    edited.seo.default.title = 'Croupier — tonight’s tables';
    edited.features.jackpots = false;

    const saved = await backoffice(t, 'site-config/save', { body: { locale: 'en', document: edited, base_version: null }, cookie: manager.cookie, ip: manager.ip });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    // The seeded document became version 1 (baseline), the save version 2.
    expect(saved.json.data).toMatchObject({ version: 2, changes: expect.arrayContaining([{ path: 'seo.default.title', before: originalTitle, after: 'Croupier — tonight’s tables' }]) } satisfies Partial<SiteConfigSaveAnswer>);
    expect((await t.services.siteConfig.get('en')).seo.default.title).toBe('Croupier — tonight’s tables');
    expect(await lastAudit('site-config.save')).toEqual({
      actor: `staff:${manager.id} ${manager.email}`,
      subject: 'site-config:en',
      before: { 'seo.default.title': originalTitle, 'features.jackpots': true },
      after: { 'seo.default.title': 'Croupier — tonight’s tables', 'features.jackpots': false },
      details: { version: 2, changed_paths: 2 },
    });
    // The French document is its own.
    expect((await t.services.siteConfig.get('fr')).seo.default.title).not.toBe('Croupier — tonight’s tables');

    // Someone saved since this editor opened version null: refused, nothing written.
    const stale = await backoffice(t, 'site-config/save', { body: { locale: 'en', document: { ...edited, loader: { showPercentProgress: true } }, base_version: null }, cookie: manager.cookie });
    expect(stale.status).toBe(409);
    expect(stale.json.error?.fields).toEqual({ base_version: 'Version 2 is the current one now' });
    const same = await backoffice(t, 'site-config/save', { body: { locale: 'en', document: edited, base_version: 2 }, cookie: manager.cookie });
    expect(same.status).toBe(422);
    expect(same.json.error?.fields).toEqual({ document: 'Nothing changed' });
    expect(await versionCount('en')).toBe(2);

    const versions = (await backoffice(t, 'site-config/versions', { query: { language: 'en' }, cookie: analyst.cookie })).json.data as SiteConfigVersionItem[];
    expect(versions.map((row) => [row.version, row.source, row.actor])).toEqual([
      [2, 'save', `staff:${manager.id} ${manager.email}`],
      [1, 'baseline', 'system'],
    ]);
    const first = (await backoffice(t, 'site-config/version', { query: { language: 'en', version: '1' }, cookie: analyst.cookie })).json.data as { document: { seo: { default: { title: string } } } };
    expect(first.document.seo.default.title).toBe(originalTitle);
    expect((await backoffice(t, 'site-config/rollback', { body: { locale: 'en', version: 1 }, cookie: analyst.cookie })).status).toBe(403);

    const rolled = await backoffice(t, 'site-config/rollback', { body: { locale: 'en', version: 1, base_version: 2 }, cookie: manager.cookie });
    expect(rolled.status, JSON.stringify(rolled.json)).toBe(200);
    expect(rolled.json.data).toMatchObject({ version: 3 });
    expect((await t.services.siteConfig.get('en')).seo.default.title).toBe(originalTitle);
    expect((await t.services.siteConfig.get('en')).features.jackpots).toBe(true);
    expect((await config()).document).toEqual(opened.document);
    expect(await lastAudit('site-config.rollback')).toMatchObject({
      before: { 'seo.default.title': 'Croupier — tonight’s tables', 'features.jackpots': false },
      after: { 'seo.default.title': originalTitle, 'features.jackpots': true },
      details: { version: 3, restored_version: 1 },
    });
    const latest = ((await backoffice(t, 'site-config/versions', { query: { language: 'en' }, cookie: manager.cookie })).json.data as SiteConfigVersionItem[])[0];
    expect(latest).toMatchObject({ version: 3, source: 'rollback', restored_version: 1 });
    expect((await backoffice(t, 'site-config/rollback', { body: { locale: 'en', version: 42 }, cookie: manager.cookie })).json.error?.fields).toEqual({ version: 'No version 42 for en' });
  });
});
