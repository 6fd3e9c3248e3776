import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateInput, AffiliateLinkView, AffiliateReport, AffiliateView, PostbackView } from '../../../contract/backoffice-affiliates.ts';
import type { CurrencyCode } from '../../../contract/money.ts';
import { queryRows } from '../../platform/db/database.ts';
import { hmacSha256 } from '../../platform/crypto.ts';
import { writeOutboxEvent } from '../../platform/events/outbox.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer } from '../../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { affiliatePostbacks, playerAttributions, trackingHits } from '../../db/schema/affiliates.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createAffiliate, FIRST_TOUCH_COOKIE } from './index.ts';

/**
 * Affiliates and tracking end to end in-process (docs/affiliates.md): `/hit` writes the first
 * touch once and a later visit never replaces it; a sign-up made in another tab (nothing shared
 * but the cookie) takes it onto the account; the partner's postback is retried while its server
 * fails, then delivered once, signed; the forms name each bad field, in French too; the monthly
 * report equals a hand computation over a fixed set of players.
 */
let t: TestApp;
let marketing: TestStaff;
let support: TestStaff;
let ipCounter = 0;
const nextIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

// A partner's postback endpoint on loopback: fails `failFirst` calls, then answers 200.
let partner: Server;
let partnerUrl = '';
const received: URL[] = [];
let failFirst = 0;

beforeAll(async () => {
  t = await createTestApp();
  [marketing, support] = await Promise.all([createStaffMember(t, 'marketing'), createStaffMember(t, 'support')]);
  partner = createServer((request, response) => {
    received.push(new URL(request.url ?? '/', 'http://partner'));
    if (failFirst > 0) {
      failFirst--;
      response.writeHead(503).end('busy');
    } else response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  partner.close();
  await t.close();
});

const as = (member: TestStaff, name: string, body?: Record<string, unknown>, query?: Record<string, string>, locale?: 'fr') =>
  backoffice(t, name, { body, query, cookie: locale ? `${member.cookie}; bo_locale=${locale}` : member.cookie });

/** A browser: one cookie jar, shared by all its tabs. */
function browser() {
  const jar = new Map<string, string>();
  const ip = nextIp();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    jar,
    ip,
    async hit(query: Record<string, string>) {
      const response = await t.app.request(`${TEST_ORIGIN}/hit?${new URLSearchParams(query)}`, { headers: { cookie: cookie(), 'x-croupier-client-ip': ip } });
      keep(response);
      return response;
    },
    async signUp(email = `aff.${randomUUID().slice(0, 8)}@example.com`) {
      const answer = await t.call('register', { body: { email, password: 'secret12', terms: '1', currency: 'EUR' }, headers: { cookie: cookie(), 'x-croupier-client-ip': ip } });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return (answer.json.data as { uid: number }).uid;
    },
  };
}

const affiliateForm = (overrides: Record<string, unknown> = {}) => ({
  name: `Partner ${randomUUID().slice(0, 6)}`,
  contact_email: 'deals@partner.example',
  status: 'active',
  revenue_share: '25',
  cpa_amount: '50.00',
  cpa_currency: 'EUR',
  postback_url: '',
  ...overrides,
});

async function newAffiliate(overrides: Record<string, unknown> = {}) {
  const created = await as(marketing, 'affiliates/create', affiliateForm(overrides));
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const affiliate = created.json.data as AffiliateView;
  const code = `c${randomUUID().slice(0, 8)}`;
  const link = await as(marketing, 'affiliates/links/create', { affiliate_id: affiliate.id, code, landing_path: '/casino', track_id: '' });
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  return { affiliate, link: link.json.data as AffiliateLinkView };
}

describe('first-touch attribution', () => {
  it('keeps the first tracked visit, records every hit, and ignores a later track_id', async () => {
    const { affiliate, link } = await newAffiliate();
    const other = await newAffiliate();
    const visitor = browser();
    // A direct visit (no referrer, no parameters) is recorded but is no first touch.
    expect((await visitor.hit({})).status).toBe(204);
    expect(visitor.jar.has(FIRST_TOUCH_COOKIE)).toBe(false);

    const first = await visitor.hit({ track_id: link.track_id, td_sub1: 'banner-7', referer: 'https://reviews.example/best-casinos?email=someone@example.com' });
    expect(first.status).toBe(204);
    const setCookie = first.headers.getSetCookie().find((line) => line.startsWith(`${FIRST_TOUCH_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const touch = visitor.jar.get(FIRST_TOUCH_COOKIE);

    // Another affiliate's link later: recorded, the first touch stays.
    const later = await visitor.hit({ track_id: other.link.track_id });
    expect(later.headers.getSetCookie().some((line) => line.startsWith(FIRST_TOUCH_COOKIE))).toBe(false);
    expect(visitor.jar.get(FIRST_TOUCH_COOKIE)).toBe(touch);

    const hits = await t.database.db.select().from(trackingHits).where(eq(trackingHits.visitorId, visitor.jar.get('vid')!));
    expect(hits.map((hit) => [hit.affiliateId, hit.firstTouch])).toEqual(
      expect.arrayContaining([
        [null, false],
        [affiliate.id, true],
        [other.affiliate.id, false],
      ]),
    );
    // The referrer is kept without its query string (it may hold personal data).
    expect(hits.find((hit) => hit.firstTouch)?.referrer).toBe('https://reviews.example/best-casinos');
    expect(hits.find((hit) => hit.firstTouch)?.tracking).toEqual({ td_sub1: 'banner-7' });
  });

  it('moves a td_-prefixed track_id to the tracking key and refuses a forged cookie', async () => {
    const visitor = browser();
    await visitor.hit({ track_id: 'td_campaign42' });
    const [hit] = await t.database.db.select().from(trackingHits).where(eq(trackingHits.visitorId, visitor.jar.get('vid')!));
    expect([hit.trackId, hit.tracking]).toEqual([null, { tracking: 'td_campaign42' }]);

    const forger = browser();
    forger.jar.set(FIRST_TOUCH_COOKIE, `${Buffer.from(JSON.stringify({ trackId: 'x', affiliateId: 1, linkId: 1, at: new Date().toISOString() })).toString('base64url')}.forged`);
    const uid = await forger.signUp();
    expect(await t.services.affiliates.attributionOf(uid)).toBeNull();
  });

  it('survives a sign-up in another tab: the account takes the attribution from the cookie alone', async () => {
    const { affiliate, link } = await newAffiliate();
    const landingTab = browser();
    await landingTab.hit({ track_id: link.track_id, td_click_id: 'clk-991' });
    // Another tab of the same browser: no page state, only the cookie jar.
    const otherTab = { ...landingTab };
    const uid = await otherTab.signUp();
    const attribution = await t.services.affiliates.attributionOf(uid);
    expect(attribution).toMatchObject({ affiliateId: affiliate.id, linkId: link.id, trackId: link.track_id, tracking: { td_click_id: 'clk-991' } });
    // The player page shows it to whoever may open players (support too).
    const shown = await as(support, 'affiliates/player-attribution', undefined, { user_id: String(uid) });
    expect(shown.json.data).toMatchObject({ affiliate_id: affiliate.id, affiliate: affiliate.name, link_code: link.code, track_id: link.track_id, tracking: { td_click_id: 'clk-991' }, first_deposit: null });
    // Written once: a second sign-up hook for the same account changes nothing.
    await t.database.db.transaction((tx) => t.services.affiliates.attachAtSignup(tx, uid, undefined));
    expect((await t.services.affiliates.attributionOf(uid))?.affiliateId).toBe(affiliate.id);
  });

  it('lands an affiliate link on its page with its track_id', async () => {
    const { link } = await newAffiliate();
    const response = await t.app.request(`${TEST_ORIGIN}/go/${link.code}?td_sub2=x`, { headers: { 'x-croupier-client-ip': nextIp() } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/casino?td_sub2=x&track_id=${link.track_id}`);
    const unknown = await t.app.request(`${TEST_ORIGIN}/go/nope-nope`, { headers: { 'x-croupier-client-ip': nextIp() } });
    expect(unknown.headers.get('location')).toBe('/');
  });

  it('rate-limits /hit per address', async () => {
    const visitor = browser();
    const statuses: number[] = [];
    for (let index = 0; index < 62; index++) statuses.push((await visitor.hit({})).status);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('postbacks', () => {
  it('retries a failing partner with backoff, then delivers each postback once, signed', async () => {
    const { affiliate, link } = await newAffiliate({ postback_url: `${partnerUrl}/pb?click={click_id}&event={event}&player={player}&amount={amount}&cur={currency}&sub={td_sub1}` });
    const visitor = browser();
    await visitor.hit({ track_id: link.track_id, td_sub1: 'a b' });
    received.length = 0;
    failFirst = 2;
    const uid = await visitor.signUp();

    const deliveries = async () => t.database.db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.userId, uid));
    await t.services.jobs.drain();
    expect(received).toHaveLength(1);
    expect(await deliveries()).toMatchObject([{ event: 'signup', status: 'pending', attempts: 1, lastStatus: 503, lastError: 'HTTP 503' }]);
    // The runner put the retry in the future (backoff): a drain now calls nobody.
    await t.services.jobs.drain();
    expect(received).toHaveLength(1);
    const bringForward = () => t.database.db.execute(sql`update jobs set run_at = now() where name = 'affiliates.postback' and completed_at is null and failed_at is null`);
    await bringForward();
    await t.services.jobs.drain();
    expect(received).toHaveLength(2);
    await bringForward();
    await t.services.jobs.drain();
    expect(received).toHaveLength(3);
    expect(await deliveries()).toMatchObject([{ event: 'signup', status: 'delivered', attempts: 3, lastStatus: 200, lastError: null }]);
    // Delivered: nothing is sent again, however often the runner looks.
    await bringForward();
    await t.services.jobs.drain();
    await t.services.affiliates.deliverPostback((await deliveries())[0].id);
    expect(received).toHaveLength(3);

    const call = received[2];
    expect(Object.fromEntries(call.searchParams)).toMatchObject({ click: link.track_id, event: 'signup', player: String(uid), amount: '', cur: '', sub: 'a b' });
    const unsigned = `${partnerUrl}${call.pathname}${call.search.replace(/&signature=[0-9a-f]+$/, '')}`;
    expect(call.searchParams.get('signature')).toBe(hmacSha256(affiliate.postback_secret, unsigned));

    // First deposit: once, with its amount; a second deposit sends nothing.
    received.length = 0;
    for (const [paymentId, amount] of [
      [900_001, '2500'],
      [900_002, '1000'],
    ] as const) {
      await writeOutboxEvent(t.database.db, { type: 'cashier.deposit', userId: uid, payload: { transactionId: null, currency: 'EUR', amount, account: 'main', balanceAfter: amount, paymentId, status: 'success' } });
      await t.services.jobs.drain();
    }
    expect(received.map((url) => [url.searchParams.get('event'), url.searchParams.get('amount'), url.searchParams.get('cur')])).toEqual([['first_deposit', '25.00', 'EUR']]);
    const [attribution] = await t.database.db.select().from(playerAttributions).where(eq(playerAttributions.userId, uid));
    expect([attribution.firstDepositPaymentId, attribution.firstDepositAmount]).toEqual([900_001, 2500n]);

    const detail = await as(marketing, 'affiliates/get', undefined, { id: String(affiliate.id) });
    expect((detail.json.data as { postbacks: PostbackView[] }).postbacks.map((row) => [row.event, row.status])).toEqual([
      ['first_deposit', 'delivered'],
      ['signup', 'delivered'],
    ]);
  });

  it('gives up after the last attempt and says so', async () => {
    const { link } = await newAffiliate({ postback_url: `${partnerUrl}/pb?e={event}` });
    const visitor = browser();
    await visitor.hit({ track_id: link.track_id });
    failFirst = 1000;
    const uid = await visitor.signUp();
    for (let attempt = 0; attempt < 12; attempt++) {
      await t.database.db.execute(sql`update jobs set run_at = now() where name = 'affiliates.postback' and completed_at is null and failed_at is null`);
      await t.services.jobs.drain();
    }
    failFirst = 0;
    const [row] = await t.database.db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.userId, uid));
    expect([row.status, row.attempts]).toEqual(['failed', 12]);
  });
});

describe('the affiliate forms', () => {
  it('names every bad field at once, writes nothing, and speaks French', async () => {
    const before = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from affiliates`))[0].n;
    const bad = await as(marketing, 'affiliates/create', affiliateForm({ name: 'X', contact_email: 'nope', revenue_share: '120', cpa_amount: '5.555', postback_url: 'ftp://partner.example/{oops}' }));
    expect(bad.status).toBe(422);
    expect(bad.json.error?.fields).toEqual({
      name: 'A name of 2 to 80 characters',
      contact_email: 'An e-mail address like partner@example.com',
      revenue_share: 'A percentage from 0 to 100, like 25 or 25.5',
      cpa_amount: 'An amount like 50 or 50.00, at most 1,000,000',
      postback_url: 'The address must start with https://',
    });
    const french = await as(marketing, 'affiliates/create', affiliateForm({ cpa_amount: '10', cpa_currency: '', revenue_share: '', postback_url: 'https://partner.example/pb?x={nope}' }), undefined, 'fr');
    expect(french.json.error?.fields).toEqual({ cpa_currency: 'Choisissez la devise dans laquelle le CPA est payé', postback_url: 'Variable inconnue nope' });
    const none = await as(marketing, 'affiliates/create', affiliateForm({ revenue_share: '', cpa_amount: '' }));
    expect(none.json.error?.fields).toEqual({ revenue_share: 'Give a revenue share, a CPA amount, or both' });
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from affiliates`))[0].n).toBe(before);

    const { affiliate, link } = await newAffiliate();
    const dupName = await as(marketing, 'affiliates/create', affiliateForm({ name: affiliate.name.toUpperCase() }));
    expect(dupName.json.error?.fields).toEqual({ name: 'Another affiliate has this name' });
    const dupTrack = await as(marketing, 'affiliates/links/create', { affiliate_id: affiliate.id, code: 'fresh-code', landing_path: '/', track_id: link.track_id });
    expect(dupTrack.json.error?.fields).toEqual({ track_id: 'Another link has this track_id' });
    const badLink = await as(marketing, 'affiliates/links/create', { affiliate_id: affiliate.id, code: 'a', landing_path: 'https://evil.example', track_id: 'td_x' }, undefined, 'fr');
    expect(badLink.json.error?.fields).toEqual({
      code: 'Lettres, chiffres, tirets et tirets bas, de 2 à 40',
      landing_path: 'Un chemin de ce site, comme / ou /fr/casino',
      track_id: 'Un track_id ne peut pas commencer par td_ (réservé aux paramètres de suivi)',
    });
  });

  it('in production takes https postbacks to public hosts only', async () => {
    const production = { production: true };
    for (const url of ['http://partner.example/pb', 'https://127.0.0.1/pb', 'https://10.1.2.3/pb', 'https://localhost/pb', 'https://[::1]/pb', 'https://intranet/pb']) {
      const refused = await createAffiliate(t.database.db, affiliateForm({ postback_url: url }) as AffiliateInput, production).catch((error: AppError) => error);
      expect(refused, url).toBeInstanceOf(AppError);
      expect(Object.keys((refused as AppError).fields ?? {}), url).toEqual(['postback_url']);
    }
    const fine = await createAffiliate(t.database.db, affiliateForm({ postback_url: 'https://partner.example/pb?c={click_id}' }) as AffiliateInput, production);
    expect(fine.postback_url).toBe('https://partner.example/pb?c={click_id}');
  });

  it('audits every write without the postback secret, and keeps support out', async () => {
    const { affiliate, link } = await newAffiliate();
    const changed = await as(marketing, 'affiliates/update', { id: affiliate.id, ...affiliateForm({ name: affiliate.name, revenue_share: '30', status: 'disabled' }) });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const disabled = await as(marketing, 'affiliates/links/status', { id: link.id, status: 'disabled' });
    expect(disabled.status).toBe(200);
    const rows = await queryRows<{ action: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, before, after from operator_audit where subject = ${`affiliate:${affiliate.id}`} order by id`,
    );
    expect(rows.map((row) => row.action)).toEqual(['affiliate.create', 'affiliate.link-create', 'affiliate.update', 'affiliate.link-status']);
    expect(rows[2]).toMatchObject({ before: { revenue_share: '25.00', status: 'active' }, after: { revenue_share: '30.00', status: 'disabled' } });
    expect(JSON.stringify(rows)).not.toContain(affiliate.postback_secret);
    expect((await as(support, 'affiliates/list')).status).toBe(403);
  });
});

describe('the monthly report', () => {
  it('equals a hand computation over a fixed set of players, leaves test accounts out, and exports CSV', async () => {
    const { affiliate, link } = await newAffiliate({ revenue_share: '25', cpa_amount: '50', cpa_currency: 'EUR' });
    const signUp = async () => {
      const visitor = browser();
      await visitor.hit({ track_id: link.track_id });
      return visitor.signUp();
    };
    const [alice, bob, tester] = [await signUp(), await signUp(), await signUp()];
    const stranger = await browser().signUp();
    expect((await as(marketing, 'affiliates/player-attribution', undefined, { user_id: String(stranger) })).json.data).toBeNull();
    await t.database.db.update(users).set({ isTestAccount: true }).where(eq(users.id, tester));

    const transfer = (kind: string, legs: Array<{ account: { player: number; kind: 'main' | 'bonus' } | { house: 'game_house' | 'bonus_funding' | 'payment_clearing' }; amount: bigint }>) =>
      t.services.ledger.transfer({ key: `report-test:${randomUUID()}`, kind, currency: 'EUR' as CurrencyCode, legs });
    const deposit = async (uid: number, amount: bigint, paymentId: number) => {
      await fundPlayer(t, uid, amount);
      await writeOutboxEvent(t.database.db, { type: 'cashier.deposit', userId: uid, payload: { transactionId: null, currency: 'EUR', amount: String(amount), account: 'main', balanceAfter: '0', paymentId, status: 'success' } });
    };
    const bet = (uid: number, amount: bigint) => transfer('bet', [{ account: { player: uid, kind: 'main' }, amount: -amount }, { account: { house: 'game_house' }, amount }]);
    const win = (uid: number, amount: bigint) => transfer('win', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'game_house' }, amount: -amount }]);
    const bonus = (uid: number, amount: bigint) => transfer('bonus_credit', [{ account: { player: uid, kind: 'bonus' }, amount }, { account: { house: 'bonus_funding' }, amount: -amount }]);
    const cashback = (uid: number, amount: bigint) => transfer('cashback', [{ account: { player: uid, kind: 'main' }, amount }, { account: { house: 'bonus_funding' }, amount: -amount }]);

    // Alice: deposits 100.00 and 50.00, bets 80.00, wins 30.00, gets a 10.00 bonus and 2.00 cashback.
    await deposit(alice, 10_000n, 910_001);
    await deposit(alice, 5_000n, 910_002);
    await bet(alice, 8_000n);
    await win(alice, 3_000n);
    await bonus(alice, 1_000n);
    await cashback(alice, 200n);
    // Bob: deposits 20.00, bets 20.00 and wins 45.00 (NGR negative alone).
    await deposit(bob, 2_000n, 910_003);
    await bet(bob, 2_000n);
    await win(bob, 4_500n);
    // The test account and the stranger move money that must not count.
    await deposit(tester, 99_900n, 910_004);
    await bet(tester, 50_000n);
    await deposit(stranger, 7_700n, 910_005);
    await t.services.jobs.drain();

    // By hand: deposits 170.00 in 3; GGR = (80 - 30) + (20 - 45) = 25.00; bonus cost 10.00;
    // cashback 2.00; NGR = 25 - 10 - 2 = 13.00; revenue share 25 % = 3.25; CPA 2 x 50 = 100.00.
    const month = new Date().toISOString().slice(0, 7);
    const answer = await as(marketing, 'affiliates/report', undefined, { month, affiliate_id: String(affiliate.id) });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const report = answer.json.data as AffiliateReport;
    expect(report.rows).toEqual([
      {
        affiliate_id: affiliate.id,
        affiliate: affiliate.name,
        currency: 'EUR',
        signups: 2,
        first_deposits: 2,
        deposits: '170.00',
        deposit_count: 3,
        ggr: '25.00',
        bonus_cost: '10.00',
        cashback: '2.00',
        ngr: '13.00',
        revenue_share_percent: '25.00',
        revenue_share_owed: '3.25',
        cpa_owed: '100.00',
        cpa_currency: 'EUR',
      },
    ]);
    // Another month: the players are still the affiliate's, but nothing happened then.
    const empty = await as(marketing, 'affiliates/report', undefined, { month: '2020-01', affiliate_id: String(affiliate.id) });
    expect((empty.json.data as AffiliateReport).rows).toEqual([]);

    const csv = await as(marketing, 'affiliates/report.csv', undefined, { month, affiliate_id: String(affiliate.id) });
    const file = csv.json.data as { filename: string; csv: string; rows: number };
    expect(file.filename).toBe(`affiliates-${month}.csv`);
    expect(file.csv.split('\n')[0]).toBe('affiliate_id,affiliate,currency,signups,first_deposits,deposit_count,deposits,ggr,bonus_cost,cashback,ngr,revenue_share_percent,revenue_share_owed,cpa_owed,cpa_currency');
    expect(file.csv.split('\n')[1]).toBe(`${affiliate.id},${affiliate.name},EUR,2,2,3,170.00,25.00,10.00,2.00,13.00,25.00,3.25,100.00,EUR`);
    const month2 = await as(marketing, 'affiliates/report', undefined, { month: '2026-13' });
    expect(month2.status).toBe(422);
  });
});
