import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { signInitData } from './telegram.ts';
import { startLocalOidcProvider, type LocalOidcProvider } from './testing.ts';

const BOT_TOKEN = '123456789:AAEtestTokenForCroupierTests_abcdefgh';
const SERVICE = 'local';

let t: TestApp;
let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await startLocalOidcProvider({
    clientId: 'croupier',
    clientSecret: 'local-client-secret',
    redirectUris: [`${TEST_ORIGIN}/oauth/callback/${SERVICE}`],
  });
  t = await createTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'croupier',
    OIDC_CLIENT_SECRET: 'local-client-secret',
    OIDC_PROVIDER_NAME: SERVICE,
    OIDC_PROVIDER_LABEL: 'Local ID',
  });
  // A fresh migrated database and a provider: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  await provider.close();
});

let counter = 0;
const nextIp = () => `10.9.${Math.floor(++counter / 250)}.${counter % 250}`;
const unique = (name: string) => `${name}${Date.now().toString(36)}${++counter}`;

type Client = { ip: string; cookie: string };
const client = (): Client => ({ ip: nextIp(), cookie: '' });

/** Keeps a browser's cookies from a response (set, or cleared by an empty value / Max-Age=0). */
function keepCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === '' || /Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
const jarOf = (who: Client) => new Map(who.cookie.split('; ').filter(Boolean).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as [string, string]));

/** A page or route of our app, as this browser. */
async function visit(who: Client, path: string) {
  const response = await t.app.request(new URL(path, TEST_ORIGIN).toString(), { headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
  const jar = jarOf(who);
  keepCookies(jar, response);
  who.cookie = cookieHeader(jar);
  return response;
}

async function api(who: Client, method: string, body?: Record<string, string>) {
  const result = await t.call(method, { body, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
  const jar = jarOf(who);
  keepCookies(jar, new Response(null, { headers: result.headers }));
  who.cookie = cookieHeader(jar);
  return result;
}

/**
 * Starts social sign-in in our app and walks through the provider (its own cookies) up to the
 * address it sends the browser back to. Answers that callback address, not yet visited.
 */
async function throughProvider(who: Client, redirect = '/games'): Promise<string> {
  const init = await visit(who, `/oauth/init?service=${SERVICE}&redirect_url=${encodeURIComponent(redirect)}&type_auth=sign_in`);
  expect(init.status, await init.clone().text()).toBe(302);
  let location = init.headers.get('location')!;
  const providerJar = new Map<string, string>();
  for (let hop = 0; hop < 10 && !location.startsWith(`${TEST_ORIGIN}/`); hop++) {
    const response = await fetch(location, { redirect: 'manual', headers: { cookie: cookieHeader(providerJar) } });
    keepCookies(providerJar, response);
    expect(response.status, `provider hop ${location}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(300);
    location = new URL(response.headers.get('location')!, location).toString();
  }
  expect(location).toContain(`/oauth/callback/${SERVICE}?`);
  return location;
}

async function socialSignIn(who: Client, account: Parameters<LocalOidcProvider['nextAccount']>[0]) {
  provider.nextAccount(account);
  const callback = await throughProvider(who);
  const response = await visit(who, callback);
  return { response, html: await response.text(), callback };
}

const uidOf = async (who: Client) => ((await api(who, 'getInfo')).json.data as { uid: number }).uid;

// --- Telegram -------------------------------------------------------------------------------------

function initData(user: Record<string, unknown>, options: { authDate?: number; token?: string } = {}) {
  const params = new URLSearchParams();
  params.set('query_id', 'AAHdF6IQAAAAAN0XohDhrOrc');
  params.set('user', JSON.stringify(user));
  params.set('auth_date', String(options.authDate ?? Math.floor(Date.now() / 1000)));
  params.set('hash', signInitData(params, options.token ?? BOT_TOKEN));
  return params;
}

async function telegram(who: Client, params: URLSearchParams, extra: Record<string, string> = {}) {
  const user = JSON.parse(params.get('user') ?? '{}') as { id?: number; username?: string };
  return api(who, 'register', {
    is_tg: 'true',
    id: String(user.id ?? ''),
    username: user.username ?? '',
    hash: params.get('hash') ?? '',
    language_code: 'en',
    payload: params.toString(),
    ...extra,
  });
}

describe('Telegram mini-app sign-in', () => {
  it('creates an account linked to the Telegram user, then signs the same account in', async () => {
    const id = 7_000_000 + ++counter;
    const first = await telegram(client(), initData({ id, username: 'LuckyFox', first_name: 'Ann', language_code: 'en' }));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const created = first.json.data as { uid: number; fakename: string; is_registration_completed: boolean; login: string | null };
    expect(created).toMatchObject({ fakename: 'LuckyFox', is_registration_completed: true, login: null });

    const other = client();
    const again = await telegram(other, initData({ id, username: 'LuckyFox' }));
    expect(again.status).toBe(200);
    expect((again.json.data as { uid: number }).uid).toBe(created.uid);
    expect(await uidOf(other)).toBe(created.uid);
  });

  it('asks for a public name when the Telegram user has no usable one', async () => {
    const answer = await telegram(client(), initData({ id: 7_100_000 + ++counter, first_name: 'Al' }));
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ fakename: null, is_registration_completed: false });
  });

  const refusals: [string, () => URLSearchParams, string][] = [
    [
      'a field changed after signing',
      () => {
        const params = initData({ id: 7_200_000 + ++counter, username: 'Victim' });
        params.set('user', JSON.stringify({ id: 1, username: 'Victim' }));
        return params;
      },
      'signature',
    ],
    ['data signed with another bot token', () => initData({ id: 7_300_000 + ++counter }, { token: '987654321:AAEanotherBotTokenNotOurs_zyxwvuts' }), 'signature'],
    ['a stale auth_date (over 24 h)', () => initData({ id: 7_400_000 + ++counter }, { authDate: Math.floor(Date.now() / 1000) - 24 * 3600 - 60 }), 'stale'],
    ['an auth_date in the future', () => initData({ id: 7_500_000 + ++counter }, { authDate: Math.floor(Date.now() / 1000) + 3600 }), 'future'],
    [
      'no hash at all',
      () => {
        const params = initData({ id: 7_600_000 + ++counter });
        params.delete('hash');
        return params;
      },
      'signature',
    ],
  ];
  for (const [what, build, reason] of refusals) {
    it(`refuses ${what} with a typed error and no session`, async () => {
      const who = client();
      const answer = await telegram(who, build());
      expect(answer.status).toBe(401);
      expect(answer.json.error).toMatchObject({ type: 'AuthorizationException', details: { reason } });
      expect(answer.json.error?.message).toMatch(/Telegram/);
      expect(await uidOf(who)).toBe(0);
    });
  }

  it('refuses an id that is not the one inside the signed data', async () => {
    const params = initData({ id: 7_700_000 + ++counter });
    const answer = await telegram(client(), params, { id: '42' });
    expect(answer.json.error).toMatchObject({ type: 'AuthorizationException', details: { reason: 'signature' } });
  });

  it('answers in French for a French caller', async () => {
    const params = initData({ id: 7_800_000 + ++counter }, { authDate: 1_000_000 });
    const answer = await t.call('register', { query: { locale: 'fr' }, body: { is_tg: '1', payload: params.toString() }, headers: { 'x-croupier-client-ip': nextIp() } });
    expect(answer.json.error?.message).toMatch(/Connexion Telegram impossible/);
  });

  it('refuses a banned account through the same session opener as password sign-in', async () => {
    const id = 7_900_000 + ++counter;
    const first = await telegram(client(), initData({ id, username: 'BannedOne' }));
    const uid = (first.json.data as { uid: number }).uid;
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, uid));
    const again = await telegram(client(), initData({ id, username: 'BannedOne' }));
    expect(again.json.error?.type).toBe('UserBannedException');
  });
});

// --- social sign-in (OpenID Connect) --------------------------------------------------------------

describe('social sign-in against a local OpenID Connect provider', () => {
  it('lists the configured services for the buttons', async () => {
    const answer = await api(client(), 'oauth/providers');
    expect(answer.json.data).toEqual({ providers: [{ name: SERVICE, label: 'Local ID' }] });
  });

  it('creates an account on the first sign-in and signs the same account in the second time', async () => {
    const sub = unique('sub');
    const email = `${unique('social')}@example.com`;
    const who = client();
    const first = await socialSignIn(who, { sub, email, email_verified: true, name: 'Marta Lopez' });
    expect(first.response.status, first.html).toBe(200);
    expect(first.html).toContain('"ok":true');
    expect(first.html).toContain('"created":true');
    // The popup must keep its opener to close itself: no isolating opener policy on this page.
    expect(first.response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const uid = await uidOf(who);
    expect(uid).toBeGreaterThan(0);
    const info = (await api(who, 'getInfo')).json.data as { login: string; fakename: string };
    expect(info).toMatchObject({ login: email, fakename: 'MartaLopez' });
    const profile = (await t.call('getprofileinfo', { query: { fields: 'contacts' }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } })).json;
    // The provider verified the address: it counts as confirmed here too.
    expect(profile.data).toMatchObject({ contacts: [{ type: 'email', contact: email, is_confirmed: true, is_login: true }] });

    const later = client();
    const second = await socialSignIn(later, { sub, email, email_verified: true, name: 'Marta Lopez' });
    expect(second.html).toContain('"created":false');
    expect(await uidOf(later)).toBe(uid);
  });

  it('links to an existing account when the provider and the account both verified the e-mail', async () => {
    const email = `${unique('linked')}@example.com`;
    const owner = client();
    const registered = await api(owner, 'register', { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' });
    const uid = (registered.json.data as { uid: number }).uid;
    const [mail] = await t.services.messenger.mailbox!.list(email);
    expect((await api(owner, 'confirmContact', { contact: email, code: mail.code! })).status).toBe(200);

    const who = client();
    const result = await socialSignIn(who, { sub: unique('sub'), email, email_verified: true, name: 'Linked Player' });
    expect(result.html).toContain('"ok":true');
    expect(await uidOf(who)).toBe(uid);
  });

  it('refuses to link when the provider has not verified the e-mail, with a clear message', async () => {
    const email = `${unique('unverified')}@example.com`;
    const owner = client();
    await api(owner, 'register', { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' });
    const [mail] = await t.services.messenger.mailbox!.list(email);
    await api(owner, 'confirmContact', { contact: email, code: mail.code! });

    const who = client();
    const result = await socialSignIn(who, { sub: unique('sub'), email, email_verified: false });
    expect(result.response.status).toBe(401);
    expect(result.html).toContain('"reason":"email_unverified"');
    expect(result.html).toContain('An account already uses this e-mail address');
    expect(await uidOf(who)).toBe(0);
  });

  it('refuses to link when the existing account never confirmed the e-mail', async () => {
    const email = `${unique('unconfirmed')}@example.com`;
    await api(client(), 'register', { email, password: 'secret12', password_confirmation: 'secret12', terms: '1' });
    const who = client();
    const result = await socialSignIn(who, { sub: unique('sub'), email, email_verified: true });
    expect(result.html).toContain('"reason":"email_unverified"');
    expect(await uidOf(who)).toBe(0);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const who = client();
    provider.nextAccount({ sub: unique('sub'), email: `${unique('state')}@example.com`, email_verified: true });
    const callback = new URL(await throughProvider(who));
    callback.searchParams.set('state', 'forged-state-value');
    const response = await visit(who, `${callback.pathname}${callback.search}`);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('"reason":"state"');
    expect(await uidOf(who)).toBe(0);
  });

  it('refuses a callback from a browser that never started the flow (no flow cookie)', async () => {
    provider.nextAccount({ sub: unique('sub'), email: `${unique('csrf')}@example.com`, email_verified: true });
    const callback = await throughProvider(client());
    const victim = client();
    const response = await visit(victim, callback);
    expect(await response.text()).toContain('"reason":"state"');
    expect(await uidOf(victim)).toBe(0);
  });

  it('refuses a replayed callback, and a used code under a fresh flow', async () => {
    const who = client();
    provider.nextAccount({ sub: unique('sub'), email: `${unique('replay')}@example.com`, email_verified: true });
    const callback = await throughProvider(who);
    const flowCookie = who.cookie;
    expect((await visit(who, callback)).status).toBe(200);

    // The same address with the same flow cookie again (the flow cookie was cleared; an attacker replays it).
    const replayer: Client = { ip: nextIp(), cookie: flowCookie };
    const replay = await visit(replayer, callback);
    expect(await replay.text()).toContain('"reason":"replayed"');
    expect(await uidOf(replayer)).toBe(0);

    // A fresh flow of the attacker's own, carrying the used code: the provider refuses the code.
    const attacker = client();
    provider.nextAccount({ sub: unique('sub'), email: `${unique('attacker')}@example.com`, email_verified: true });
    const own = new URL(await throughProvider(attacker));
    own.searchParams.set('code', new URL(callback).searchParams.get('code')!);
    const reused = await visit(attacker, `${own.pathname}${own.search}`);
    expect(await reused.text()).toContain('"reason":"provider"');
    expect(await uidOf(attacker)).toBe(0);
  });

  it('answers an unknown service with a page saying so, not an error 500', async () => {
    const response = await visit(client(), '/oauth/init?service=myspace&redirect_url=/');
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('This sign-in service is not available.');
  });

  it('never sends the player to another site after sign-in', async () => {
    const who = client();
    const init = await visit(who, `/oauth/init?service=${SERVICE}&redirect_url=${encodeURIComponent('https://evil.example/steal')}`);
    expect(init.status).toBe(302);
    provider.nextAccount({ sub: unique('sub'), email: `${unique('redirect')}@example.com`, email_verified: true });
    const callback = await throughProvider(who, 'https://evil.example/steal');
    const html = await (await visit(who, callback)).text();
    expect(html).toContain('"ok":true');
    expect(html).toContain('home="/"');
    expect(html).not.toContain('evil.example');
  });
});
