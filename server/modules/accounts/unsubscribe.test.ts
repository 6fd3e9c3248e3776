import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { maskContact } from './service.ts';

/** The e-mail unsubscribe link (app/routes/unsubscribe.tsx opens it): signed, sign-in free, idempotent. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const headers = () => ({ 'x-croupier-client-ip': `10.9.0.${++counter}` });

async function subscribedPlayer(locale: 'en' | 'fr' = 'en') {
  const email = `news.${Date.now()}.${++counter}@example.com`;
  const answer = await t.call('register', {
    body: { email, password: 'secret12', password_confirmation: 'secret12', terms: '1', is_subscribed: '1' },
    query: { locale },
    headers: headers(),
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const cookie = answer.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { email, cookie };
}

/** The link at the bottom of the newest mail to an address. */
async function mailedLink(email: string): Promise<URL> {
  const [mail] = await t.services.messenger.mailbox!.list(email);
  const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.text ?? '')?.[0];
  expect(link, `an unsubscribe link mailed to ${email}`).toBeTruthy();
  return new URL(link!);
}

const unsubscribe = (token: string, locale = 'en') => t.call('unsubscribe', { body: { token }, query: { locale }, headers: headers() });

describe('unsubscribe link', () => {
  it('comes with every e-mail to a subscribed address, in the player language', async () => {
    const { email } = await subscribedPlayer('fr');
    const link = await mailedLink(email);
    expect(link.pathname).toBe('/fr/unsubscribe');
    const [mail] = await t.services.messenger.mailbox!.list(email);
    expect(mail.text).toContain("Pour ne plus la recevoir");
  });

  it('turns the newsletter off without signing in, names the contact masked, and answers the same when opened again', async () => {
    const { email, cookie } = await subscribedPlayer();
    const token = (await mailedLink(email)).searchParams.get('token')!;
    const first = await unsubscribe(token);
    expect(first.json.data).toEqual({ type: 'email', contact: maskContact('email', email), category: 'newsletters', is_subscribed: false });
    expect((first.json.data as { contact: string }).contact).not.toContain(email.split('@')[0]);
    const again = await unsubscribe(token);
    expect(again.json.data).toEqual(first.json.data);

    // The player's own view agrees: the contact and the account are no longer subscribed.
    const profile = await t.call('getprofileinfo', { query: { fields: 'contacts' }, headers: { ...headers(), cookie } });
    expect((profile.json.data as { contacts: unknown[] }).contacts).toEqual([expect.objectContaining({ contact: email, is_subscribed: false })]);
    const info = await t.call('getInfo', { headers: { ...headers(), cookie } });
    expect(info.json.data).toMatchObject({ is_subscribed: false });
  });

  it('refuses a forged, altered or empty token with a typed error naming the field, in the player language', async () => {
    const { email } = await subscribedPlayer();
    const token = (await mailedLink(email)).searchParams.get('token')!;
    const [id, signature] = token.split('.');
    for (const bad of [`${Number(id) + 1}.${signature}`, `${id}.${'0'.repeat(32)}`, token.slice(0, -1), 'nonsense', '']) {
      const answer = await unsubscribe(bad);
      expect(answer.status, bad).toBe(422);
      expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { token: 'This unsubscribe link is not valid' } });
    }
    expect((await unsubscribe('nonsense', 'fr')).json.error?.fields).toEqual({ token: "Ce lien de désabonnement n'est pas valide" });
  });

  it('masks e-mail addresses and phone numbers', () => {
    expect(maskContact('email', 'annabel@example.com')).toBe('an•••@example.com');
    expect(maskContact('email', 'al@example.com')).toBe('a•••@example.com');
    expect(maskContact('phone', '+33612345678')).toBe('+33 ••• 78');
  });
});
