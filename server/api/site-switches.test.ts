import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeSent } from '../modules/accounts/testing.ts';
import { registerPlayer } from '../platform/testing/players.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('general info from the operator settings', () => {
  it('answers the settings, then what an operator changed', async () => {
    const before = await t.call('getgeneralinfo');
    expect(before.json.data).toMatchObject({ is_bonus_isolation_enabled: false, domain_type: 'main', user_inactivity_cashier_time: null, user_inactivity_pp_time: null });
    await t.services.siteSettings.set('bonusIsolation', true);
    await t.services.siteSettings.set('domainType', 'mirror');
    await t.services.siteSettings.set('userInactivityCashierTime', 600);
    await t.services.siteSettings.set('userInactivityPpTime', 120);
    try {
      const after = await t.call('getgeneralinfo');
      expect(after.json.data).toMatchObject({ is_bonus_isolation_enabled: true, domain_type: 'mirror', user_inactivity_cashier_time: 600, user_inactivity_pp_time: 120 });
    } finally {
      await t.services.siteSettings.set('bonusIsolation', false);
      await t.services.siteSettings.set('domainType', 'main');
      await t.services.siteSettings.set('userInactivityCashierTime', null);
      await t.services.siteSettings.set('userInactivityPpTime', null);
    }
  });

  it('refuses an inactivity time out of bounds naming the setting, and keeps the old value', async () => {
    await expect(t.services.siteSettings.change('userInactivityPpTime', 5)).rejects.toMatchObject({ fields: { userInactivityPpTime: expect.any(String) } });
    await expect(t.services.siteSettings.change('domainType', 'backup')).rejects.toMatchObject({ fields: { domainType: expect.any(String) } });
    expect((await t.call('getgeneralinfo')).json.data).toMatchObject({ user_inactivity_pp_time: null, domain_type: 'main' });
  });
});

describe('functionalSettings.isTwoFAEnable', () => {
  it('while off, nobody turns two-factor on (the field named, in the player language); one who has it may turn it off', async () => {
    const player = await registerPlayer(t, { tag: 'twofa' });
    const headers = { cookie: player.cookie, 'x-croupier-client-ip': player.ip };
    // Turned on while the site offers it.
    expect((await t.call('changeTwoFactorAuth', { body: { enable: '1' }, headers })).status).toBe(200);
    expect((await t.call('confirmTwoFactorAuth', { body: { code: await lastCodeSent(t, player.email) }, headers })).json.data).toBe(1);

    const other = await registerPlayer(t, { tag: 'twofa-off' });
    const otherHeaders = { cookie: other.cookie, 'x-croupier-client-ip': other.ip };
    await t.services.siteConfig.put('en', { functionalSettings: { isTwoFAEnable: false } });
    await t.services.siteConfig.put('fr', { functionalSettings: { isTwoFAEnable: false } });
    try {
      const refused = await t.call('changeTwoFactorAuth', { body: { enable: '1' }, headers: otherHeaders });
      expect(refused.status).toBe(422);
      expect(refused.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { enable: 'Two-factor authentication is not offered on this site' } });
      const enFrancais = await t.call('changeTwoFactorAuth', { body: { enable: '1' }, query: { locale: 'fr' }, headers: otherHeaders });
      expect(enFrancais.json.error?.fields?.enable).toBe('La double authentification n’est pas proposée sur ce site');

      // The player who has it keeps it at sign-in until they turn it off, which still works.
      expect((await t.call('getInfo', { headers })).json.data).toMatchObject({ two_factor_auth: true });
      expect((await t.call('changeTwoFactorAuth', { body: { enable: '0' }, headers })).status).toBe(200);
      expect((await t.call('confirmTwoFactorAuth', { body: { code: await lastCodeSent(t, player.email) }, headers })).json.data).toBe(1);
      expect((await t.call('getInfo', { headers })).json.data).toMatchObject({ two_factor_auth: false });
    } finally {
      await t.services.siteConfig.put('en', {});
      await t.services.siteConfig.put('fr', {});
    }
  });
});

describe('validatorConfig.postcodePattern', () => {
  it('checks a saved postcode against the configured pattern, and the default again once it is removed', async () => {
    const player = await registerPlayer(t, { tag: 'postcode' });
    const headers = { cookie: player.cookie, 'x-croupier-client-ip': player.ip };
    const save = (postcode: string) => t.call('saveProfileInfo', { body: { postcode }, headers });
    // The default: digits only.
    expect((await save('SW1A 1AA')).json.error?.fields?.postcode).toBe('Wrong postcode');
    await t.services.siteConfig.put('en', { validatorConfig: { postcodePattern: '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$' } });
    try {
      expect((await save('SW1A 1AA')).json.data).toBe(1);
      expect((await save('75001')).json.error?.fields?.postcode).toBe('Wrong postcode');
    } finally {
      await t.services.siteConfig.put('en', {});
    }
    expect((await save('75001')).json.data).toBe(1);
  });
});
