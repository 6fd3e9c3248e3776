import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { lastCodeSent } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
/** A distinct client address per test, so per-IP limits of one test do not spill into another. */
const nextIp = () => `10.0.${Math.floor(++counter / 250)}.${counter % 250}`;
const uniqueEmail = (name = 'player') => `${name}.${Date.now()}.${++counter}@example.com`;

type Client = { ip: string; cookie: string };
const client = (): Client => ({ ip: nextIp(), cookie: '' });

/** Calls the API as one browser: keeps its cookies between calls. */
async function call(who: Client, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) {
  const result = await t.call(method, { ...options, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
  for (const setCookie of result.headers.getSetCookie()) {
    const [pair] = setCookie.split(';');
    const [name, value] = pair.split('=');
    const jar = new Map(who.cookie.split('; ').filter(Boolean).map((entry) => entry.split('=') as [string, string]));
    if (value === '' || /Max-Age=0/.test(setCookie)) jar.delete(name);
    else jar.set(name, value);
    who.cookie = [...jar].map(([key, val]) => `${key}=${val}`).join('; ');
  }
  return result;
}

const lastCode = (to: string) => lastCodeSent(t, to);

async function signUp(email = uniqueEmail(), password = 'secret12') {
  const who = client();
  const answer = await call(who, 'register', { body: { email, password, password_confirmation: password, terms: '1' } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return { who, email, password, uid: (answer.json.data as { uid: number }).uid };
}

describe('registration', () => {
  it('creates an account, signs it in with an HttpOnly session cookie and mails a confirmation code', async () => {
    const who = client();
    const answer = await call(who, 'register', {
      body: { email: 'Ann.Lee@Example.COM', password: 'secret12', password_confirmation: 'secret12', terms: '1', currency: 'USD' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ login: 'ann.lee@example.com', balance_main: { amount: '0.00', currency: 'USD' } });
    expect((answer.json.data as { uid: number }).uid).toBeGreaterThan(0);
    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith('sid='));
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const info = await call(who, 'getInfo');
    expect(info.json.data).toMatchObject({ login: 'ann.lee@example.com', two_factor_auth: false });
    const [mail] = await t.services.messenger.mailbox!.list('ann.lee@example.com');
    expect(mail.subject).toContain(mail.code!);
    expect(mail.text).toContain('/confirmation?contact=ann.lee%40example.com&code=');
  });

  it.each([
    ['en', { password: 'secret12', password_confirmation: 'secret12', terms: '1' }, { email: 'Field is required' }],
    ['en', { email: 'x@example.com', password: 'abc', password_confirmation: 'abc', terms: '1' }, { password: 'Min length is 6' }],
    ['en', { email: 'x@example.com', password: 'secret12', password_confirmation: 'secret13', terms: '1' }, { password_confirmation: 'Passwords do not match' }],
    ['en', { email: 'not-an-email', password: 'secret12', terms: '1' }, { email: 'Wrong email address' }],
    ['en', { email: "x'); drop table users; --@example.com", password: 'secret12', terms: '1' }, { email: 'Wrong email address' }],
    ['fr', { email: 'x@example.com', password: 'abc', terms: '1' }, { password: 'Longueur minimale : 6' }],
    ['en', { email: 'x@example.com', password: 'secret12' }, { terms: expect.any(String) }],
  ])('refuses bad input (%s) naming the field', async (locale, body, fields) => {
    const who = client();
    const answer = await call(who, 'register', { query: { locale }, body: body as Record<string, string> });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.type).toBe('InvalidParameterException');
    expect(answer.json.error?.fields).toMatchObject(fields);
    expect(who.cookie).not.toContain('sid=');
  });

  it('refuses over-long input before any rule runs', async () => {
    const answer = await call(client(), 'register', { body: { email: `${'a'.repeat(300)}@example.com`, password: 'secret12', terms: '1' } });
    expect(answer.status).toBe(422);
    expect(answer.json.error?.fields).toEqual({ email: 'Max length is 254' });
  });

  it('refuses a taken e-mail, also when two registrations race for it', async () => {
    const email = uniqueEmail('race');
    const body = { email, password: 'secret12', terms: '1' };
    const [first, second] = await Promise.all([call(client(), 'register', { body }), call(client(), 'register', { body })]);
    expect([first.status, second.status].sort()).toEqual([200, 422]);
    const loser = first.status === 422 ? first : second;
    expect(loser.json.error?.fields).toEqual({ email: 'This e-mail address is already registered' });
    const again = await call(client(), 'register', { body: { ...body, email: email.toUpperCase() } });
    expect(again.json.error?.fields).toEqual({ email: 'This e-mail address is already registered' });
  });

  it('registers by phone and signs in with or without the leading +', async () => {
    const who = client();
    const answer = await call(who, 'register', { body: { phone: '06 12 34 56 78', phone_country_code: 'FR', password: 'secret12', terms: '1' } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data).toMatchObject({ login: '+33612345678' });
    expect(await lastCode('+33612345678')).toMatch(/^\d{6}$/);
    for (const login of ['+33612345678', '33612345678', '+33 6 12 34 56 78']) {
      const signIn = await call(client(), 'login', { body: { login, password: 'secret12' } });
      expect(signIn.status, login).toBe(200);
    }
  });
});

describe('sign-in and sessions', () => {
  it('signs in, and gives the same answer for a wrong password and an unknown login', async () => {
    const { email, password } = await signUp();
    const who = client();
    expect((await call(who, 'login', { body: { login: email.toUpperCase(), password } })).status).toBe(200);
    expect(who.cookie).toContain('sid=');
    const wrong = await call(client(), 'login', { body: { login: email, password: 'nope-nope' } });
    const unknown = await call(client(), 'login', { body: { login: 'nobody@example.com', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error).toEqual({ type: 'AuthorizationException', message: 'Wrong login or password' });
    const french = await call(client(), 'login', { query: { locale: 'fr' }, body: { login: email, password: 'nope-nope' } });
    expect(french.json.error?.message).toBe('Identifiant ou mot de passe incorrect');
  });

  it('issues a new token on every sign-in and revokes it on logout', async () => {
    const { email, password, who: first } = await signUp();
    const second = client();
    await call(second, 'login', { body: { login: email, password } });
    expect(second.cookie).not.toEqual(first.cookie);
    const stolen = second.cookie;
    expect((await call(second, 'logout')).json.data).toBe(1);
    expect(second.cookie).not.toContain('sid=');
    const replay = await t.call('getInfo', { headers: { cookie: stolen } });
    expect(replay.json.data).toMatchObject({ uid: 0 });
    expect((await t.call('getBalance', { headers: { cookie: stolen } })).status).toBe(401);
    // The other session is untouched.
    expect((await call(first, 'getBalance')).status).toBe(200);
  });

  it('limits failed sign-ins per address, across accounts, answering 429 with Retry-After', async () => {
    const { email } = await signUp();
    const attacker = client();
    // Credential stuffing: one wrong password at each of many logins.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await call(attacker, 'login', { body: { login: `stuffed-${attempt}@example.com`, password: `wrong-${attempt}` } })).status).toBe(401);
    }
    const blocked = await call(attacker, 'login', { body: { login: email, password: 'secret12' } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error?.type).toBe('TooManyRequestsException');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The player, from their own address, still gets in.
    expect((await call(client(), 'login', { body: { login: email, password: 'secret12' } })).status).toBe(200);
  });

  it('says "too many attempts" in the caller\'s language', async () => {
    const { email } = await signUp();
    const attacker = client();
    for (let attempt = 0; attempt < 10; attempt++) await call(attacker, 'login', { body: { login: email, password: `wrong-${attempt}` } });
    const blocked = await call(attacker, 'login', { query: { locale: 'fr' }, body: { login: email, password: 'secret12' } });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error?.message).toMatch(/^Trop de tentatives : réessayez dans \d+ s$/);
  });

  it('keeps a registration whose confirmation code a rate limit refused to send', async () => {
    const who = client();
    // Use up the address's code sends: the limit bites after the account is created.
    for (let send = 0; send < 30; send++) await t.services.limits.hit(who.ip, { name: 'code-send-ip', max: 30, windowSeconds: 3600 });
    const email = uniqueEmail('limited');
    const answer = await call(who, 'register', { body: { email, password: 'secret12', terms: '1' } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ login: email.toLowerCase() });
  });

  it('refuses a sign-in posted from another origin', async () => {
    const { email, password } = await signUp();
    const answer = await t.call('login', { body: { login: email, password }, headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers.getSetCookie().some((value) => value.startsWith('sid='))).toBe(false);
  });
});

describe('two-factor', () => {
  async function withTwoFactor() {
    const account = await signUp();
    const started = await call(account.who, 'changeTwoFactorAuth', { body: { enable: '1' } });
    expect(started.json.data).toMatchObject({ resend_time: 60 });
    const wrong = await call(account.who, 'confirmTwoFactorAuth', { body: { code: '000000' } });
    expect(wrong.json.error?.fields).toEqual({ code: 'Code is invalid' });
    expect((await call(account.who, 'confirmTwoFactorAuth', { body: { code: await lastCode(account.email) } })).json.data).toBe(1);
    expect((await call(account.who, 'getInfo')).json.data).toMatchObject({ two_factor_auth: true });
    const again = await call(account.who, 'changeTwoFactorAuth', { body: { enable: '1' } });
    expect(again.json.error?.fields).toEqual({ enable: 'Two-factor authentication is already enabled' });
    return account;
  }

  it('asks for a code, with its resend time, then signs in with it once', async () => {
    const { email, password } = await withTwoFactor();
    const who = client();
    const first = await call(who, 'login', { body: { login: email, password } });
    expect(first.status).toBe(401);
    expect(first.json.error).toMatchObject({ type: 'AuthorizationException', details: { two_factor: true, resend_time: 60 } });
    expect(first.json.error?.message).toMatch(/already enabled/);
    expect(who.cookie).not.toContain('sid=');
    const code = await lastCode(email);
    expect((await call(who, 'login', { body: { login: email, password, code: '12345' } })).json.error?.fields).toEqual({
      code: 'The code must contain 6 digits',
    });
    expect((await call(who, 'login', { body: { login: email, password, code } })).status).toBe(200);
    // Single use: the same code does not open a second session.
    const reuse = await call(client(), 'login', { body: { login: email, password, code } });
    expect(reuse.json.error?.fields).toEqual({ code: 'Code is invalid' });
  });

  it('voids a code after 5 wrong tries', async () => {
    const { email, password } = await withTwoFactor();
    const who = client();
    await call(who, 'login', { body: { login: email, password } });
    const code = await lastCode(email);
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call(who, 'login', { body: { login: email, password, code: wrongCode } })).json.error?.fields).toEqual({ code: 'Code is invalid' });
    }
    expect((await call(who, 'login', { body: { login: email, password, code } })).json.error?.fields).toEqual({ code: 'Code is invalid' });
  });

  it('lets a code expire after 10 minutes', async () => {
    const { email, password } = await withTwoFactor();
    const who = client();
    await call(who, 'login', { body: { login: email, password } });
    const code = await lastCode(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
    expect((await call(who, 'login', { body: { login: email, password, code } })).json.error?.fields).toEqual({ code: 'Time expired: request a new code' });
  });

  it('does not send a new code before the resend time', async () => {
    const { email, password } = await withTwoFactor();
    await call(client(), 'login', { body: { login: email, password } });
    const before = (await t.services.messenger.mailbox!.list(email)).length;
    const again = await call(client(), 'login', { body: { login: email, password } });
    expect(again.json.error?.details).toMatchObject({ two_factor: true });
    expect((again.json.error?.details as { resend_time: number }).resend_time).toBeLessThanOrEqual(60);
    expect((await t.services.messenger.mailbox!.list(email)).length).toBe(before);
  });
});

describe('password restore and change', () => {
  it('resets the password with the mailed code and ends every session', async () => {
    const { email, who } = await signUp();
    const anon = client();
    expect((await call(anon, 'restore', { body: { login: email } })).json.data).toMatchObject({ resend_time: 60 });
    const [mail] = await t.services.messenger.mailbox!.list(email);
    expect(mail.text).toContain('/forms/sign_in?restore=1&login=');
    const done = await call(anon, 'restore', { body: { login: email, code: mail.code!, password: 'newpass99', password_confirmation: 'newpass99' } });
    expect(done.json.data).toBe(1);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ uid: 0 });
    expect((await call(client(), 'login', { body: { login: email, password: 'secret12' } })).status).toBe(401);
    expect((await call(client(), 'login', { body: { login: email, password: 'newpass99' } })).status).toBe(200);
  });

  it('answers a restore request for an unknown login like any other, and sends nothing', async () => {
    const answer = await call(client(), 'restore', { body: { login: 'ghost@example.com' } });
    expect(answer.json.data).toMatchObject({ resend_time: 60 });
    expect(await t.services.messenger.mailbox!.list('ghost@example.com')).toEqual([]);
  });

  it('changes the password only with the old one, and rotates the session', async () => {
    const { email, who } = await signUp();
    const other = client();
    await call(other, 'login', { body: { login: email, password: 'secret12' } });
    const wrong = await call(who, 'changepassword', { body: { old_password: 'nope-nope', password: 'newpass99', password_confirmation: 'newpass99' } });
    expect(wrong.json.error?.fields).toEqual({ old_password: 'Wrong password' });
    const before = who.cookie;
    expect((await call(who, 'changepassword', { body: { old_password: 'secret12', password: 'newpass99', password_confirmation: 'newpass99' } })).json.data).toBe(1);
    expect(who.cookie).not.toEqual(before);
    expect((await call(who, 'getBalance')).status).toBe(200);
    expect((await call(other, 'getBalance')).status).toBe(401);
    expect((await t.call('getBalance', { headers: { cookie: before } })).status).toBe(401);
  });
});

describe('profile and contacts', () => {
  it('saves personal data with the shared rules, cpf number read only once set', async () => {
    const { who } = await signUp();
    const bad = await call(who, 'saveProfileInfo', { body: { first_name: 'Ann', last_name: 'R2D2' } });
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toEqual({ last_name: 'Wrong symbols in name' });
    expect((await call(who, 'getprofileinfo')).json.data).toMatchObject({ first_name: null, sex: 0 });
    const ok = await call(who, 'saveProfileInfo', { body: { first_name: 'Anne-Marie', last_name: "O'Neil", sex: '2', birth_date: '1990-05-17', document_type: 'cpf', document_number: '12345678909' } });
    expect(ok.json.data).toBe(1);
    const info = await call(who, 'getprofileinfo', { query: { 'fields[]': 'document' } });
    expect(info.json.data).toMatchObject({ first_name: 'Anne-Marie', last_name: "O'Neil", sex: 2, document_number_readonly: true, document: { type: 'cpf', number: '12345678909' } });
    const change = await call(who, 'saveProfileInfo', { body: { document_number: '99999999999' } });
    expect(change.json.error?.fields).toEqual({ document_number: 'This field can not be changed' });
    const minor = await call(who, 'saveProfileInfo', { body: { birth_date: `${new Date().getFullYear() - 10}-01-01` } });
    expect(Object.keys(minor.json.error?.fields ?? {})).toEqual(['birth_date']);
  });

  it('adds, confirms and subscribes contacts', async () => {
    const { who, email } = await signUp();
    const second = uniqueEmail('second');
    expect((await call(who, 'addcontact', { body: { contact: second } })).json.data).toBe(1);
    const listed = await call(who, 'getprofileinfo', { query: { 'fields[]': 'contacts' } });
    expect((listed.json.data as { contacts: unknown[] }).contacts).toEqual([
      expect.objectContaining({ contact: email, is_login: true, is_confirmed: false }),
      expect.objectContaining({ contact: second, is_login: false, is_confirmed: false, is_subscribed: false }),
    ]);
    const wrong = await call(who, 'confirmContact', { body: { contact: second, code: '000000' } });
    expect(wrong.json.error?.fields).toEqual({ code: 'Code is invalid' });
    expect((await call(who, 'confirmContact', { body: { contact: second, code: await lastCode(second) } })).json.data).toBe(1);
    expect((await call(who, 'changeSubscription', { body: { contact: email, subscription: '0' } })).json.data).toBe(1);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ is_subscribed: false });
    expect((await call(who, 'changeSubscription', { body: { contact: second, subscription: '1' } })).json.data).toBe(1);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ is_subscribed: true });
    const taken = await call(who, 'addcontact', { body: { contact: email } });
    expect(taken.json.error?.fields).toEqual({ contact: 'This contact is already in use' });
    const foreign = await call(who, 'confirmContact', { body: { contact: 'someone.else@example.com', code: '123456' } });
    expect(foreign.json.error?.fields).toEqual({ contact: 'No such contact in your profile' });
    const early = await call(who, 'sendconfirmationtocontact', { body: { contact: email } });
    expect(early.status).toBe(429);
  });

  it('unsubscribes from a signed link without signing in, and refuses a forged one', async () => {
    const { email } = await signUp();
    const contactId = (await t.database.db.query.contacts.findFirst({ where: (c, { eq }) => eq(c.value, email) }))!.id;
    const token = t.services.accounts.unsubscribeToken(contactId);
    expect((await call(client(), 'unsubscribe', { body: { token } })).json.data).toMatchObject({ is_subscribed: false });
    const forged = await call(client(), 'unsubscribe', { body: { token: `${contactId + 1}.${token.split('.')[1]}` } });
    expect(forged.json.error?.fields).toEqual({ token: 'This unsubscribe link is not valid' });
  });

  it('completes an incomplete registration when the public name is given', async () => {
    const { who, uid } = await signUp();
    await t.database.db.update(users).set({ isRegistrationCompleted: false }).where(eq(users.id, uid));
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ is_registration_completed: false });
    expect((await call(who, 'changefakename', { body: { fakename: 'LuckyBob' } })).json.data).toBe(1);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ is_registration_completed: true, fakename: 'LuckyBob' });
  });

  it('changes the fakename and the currency', async () => {
    const { who } = await signUp();
    expect((await call(who, 'changefakename', { body: { fakename: 'my name' } })).json.error?.fields).toEqual({ fakename: 'Wrong fake name' });
    expect((await call(who, 'changefakename', { body: { fakename: 'LuckyAnn' } })).json.data).toBe(1);
    expect((await call(who, 'setCurrency', { body: { currency: 'XXX' } })).status).toBe(422);
    expect((await call(who, 'setCurrency', { body: { currency: 'GBP' } })).json.data).toBe(1);
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ fakename: 'LuckyAnn', balance_main: { currency: 'GBP' } });
  });
});

describe('banned and deleted players', () => {
  it('answers UserBannedException to a banned player and lets them sign out', async () => {
    const { who, email, password } = await signUp();
    await t.services.accounts.setStatus(email, 'banned');
    // Banning ends the sessions; a new sign-in is refused with the banned type.
    const signIn = await call(client(), 'login', { body: { login: email, password } });
    expect(signIn.status).toBe(403);
    expect(signIn.json.error?.type).toBe('UserBannedException');
    expect((await call(who, 'getInfo')).json.data).toMatchObject({ uid: 0 });
    await t.services.accounts.setStatus(email, 'active');
    const back = client();
    expect((await call(back, 'login', { body: { login: email, password } })).status).toBe(200);
    await t.database.db.execute(`update users set status = 'banned' where id = (select user_id from contacts where value = '${email}')` as never);
    const blocked = await call(back, 'getInfo');
    expect(blocked.status).toBe(403);
    expect(blocked.json.error?.type).toBe('UserBannedException');
    expect((await call(back, 'logout')).json.data).toBe(1);
  });

  it('answers UserDeletedException for a deleted account', async () => {
    const { email, password } = await signUp();
    await t.services.accounts.setStatus(email, 'deleted');
    const signIn = await call(client(), 'login', { body: { login: email, password } });
    expect(signIn.status).toBe(410);
    expect(signIn.json.error?.type).toBe('UserDeletedException');
  });
});
