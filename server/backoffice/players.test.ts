import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentView, LinkedPlayerView, PlayerLedgerPage, PlayerSearchPage, PlayerView } from '../../contract/backoffice-players.ts';
import { queryRows } from '../platform/db/database.ts';
import type { CampaignView } from '../../contract/promotions.ts';
import { createPromotionsAdmin } from '../modules/promotions/index.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

let t: TestApp;
let owner: TestStaff;
let finance: TestStaff;
let finance2: TestStaff;
let finance3: TestStaff;
let compliance: TestStaff;
let support: TestStaff;
let marketing: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createStaffMember(t, 'owner');
  finance = await createStaffMember(t, 'finance');
  finance2 = await createStaffMember(t, 'finance');
  finance3 = await createStaffMember(t, 'finance');
  compliance = await createStaffMember(t, 'compliance');
  support = await createStaffMember(t, 'support');
  marketing = await createStaffMember(t, 'marketing');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const auditRows = async (subject: string) =>
  queryRows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; details: Record<string, unknown>; actor: string }>(
    db(),
    sql`select action, before, after, details, actor from operator_audit where subject = ${subject} order by id`,
  );
const auditTotal = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from operator_audit`))[0].n;

async function search(member: TestStaff, query: Record<string, string>) {
  const answer = await backoffice(t, 'players/search', { query, cookie: member.cookie });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as PlayerSearchPage;
}
const ids = (page: PlayerSearchPage) => page.items.map((row) => row.id);

/** Calls a write as `member` and checks it left exactly one audit row, answering that row. */
async function write(member: TestStaff, name: string, body: Record<string, unknown>) {
  const before = await auditTotal();
  const answer = await backoffice(t, name, { body, cookie: member.cookie, ip: member.ip });
  expect(answer.status, `${name}: ${JSON.stringify(answer.json)}`).toBe(200);
  expect(await auditTotal(), `${name} writes one audit row`).toBe(before + 1);
  const [row] = await queryRows<{ action: string; subject: string; before: unknown; after: unknown; details: Record<string, unknown>; actor: string }>(
    db(),
    sql`select action, subject, before, after, details, actor from operator_audit order by id desc limit 1`,
  );
  return { answer, audit: row };
}

describe('player search', () => {
  let alice: TestPlayer;
  let bob: TestPlayer;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    alice = await registerPlayer(t, { email: `alice.${stamp}@search.example`, fakename: `Zephyrine${stamp}` });
    bob = await registerPlayer(t, { email: `bob.${stamp}@search.example` });
    await t.database.db.execute(sql`update users set country_code = 'FR', is_verified = true where id = ${alice.uid}`);
    await t.database.db.execute(sql`update users set country_code = 'DE' where id = ${bob.uid}`);
    await t.database.db.execute(sql`insert into contacts (user_id, type, value) values (${alice.uid}, 'phone', ${`+3361${stamp.length}${String(alice.uid).padStart(6, '0')}`})`);
    await t.database.db.execute(sql`insert into payments (public_id, user_id, direction, method, provider, amount, currency, status, requisites)
      values (${`p-${stamp}-1`}, ${bob.uid}, 'withdrawal', 'sepa', 'demo', 1000, 'EUR', 'requested', ${JSON.stringify({ iban: 'DE89370400440532013000', account_holder: 'Bob' })}::jsonb),
             (${`p-${stamp}-2`}, ${alice.uid}, 'withdrawal', 'skrill', 'demo', 1000, 'EUR', 'requested', ${JSON.stringify({ wallet_email: `Wallet.${stamp}@skrill.example` })}::jsonb)`);
  });

  it('finds a player by id, e-mail, phone, display name, address, IBAN and wallet', async () => {
    expect(ids(await search(support, { q: String(alice.uid) }))).toContain(alice.uid);
    const byEmail = await search(support, { q: `ALICE.${stamp}@` });
    expect(ids(byEmail)).toEqual([alice.uid]);
    expect(byEmail.items[0]).toMatchObject({ login: alice.email, matched: ['contact'], country: 'FR', is_verified: true });

    const [{ value: phone }] = await queryRows<{ value: string }>(db(), sql`select value from contacts where user_id = ${alice.uid} and type = 'phone'`);
    // Typed the way people type phones: spaces, a 00 prefix.
    const typed = `00${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    expect(ids(await search(support, { q: typed }))).toEqual([alice.uid]);

    const byName = await search(support, { q: `zephyrine${stamp}` });
    expect(ids(byName)).toEqual([alice.uid]);
    expect(byName.items[0].matched).toEqual(['name']);

    const byAddress = await search(support, { q: bob.ip });
    expect(ids(byAddress)).toEqual([bob.uid]);
    expect(byAddress.items[0].matched).toEqual(['address']);

    const byIban = await search(support, { q: 'de89 3704 0044 0532 0130 00' });
    expect(ids(byIban)).toEqual([bob.uid]);
    expect(byIban.items[0].matched).toEqual(['requisites']);

    expect(ids(await search(support, { q: `wallet.${stamp}@skrill.example` }))).toEqual([alice.uid]);
    // A search text is literal: % and _ are not wildcards.
    expect((await search(support, { q: '%' })).total).toBe(0);
  });

  it('filters by country, status, sign-up date, verification, exclusion, tag and test account', async () => {
    const mine = (page: PlayerSearchPage) => ids(page).filter((uid) => uid === alice.uid || uid === bob.uid);
    expect(mine(await search(compliance, { country: 'fr', limit: '200' }))).toEqual([alice.uid]);
    expect(mine(await search(compliance, { country: 'DE', limit: '200' }))).toEqual([bob.uid]);
    expect(mine(await search(compliance, { verified: 'yes', limit: '200' }))).toEqual([alice.uid]);
    expect(mine(await search(compliance, { verified: 'no', limit: '200' }))).toEqual([bob.uid]);

    const today = new Date().toISOString().slice(0, 10);
    expect(mine(await search(compliance, { registered_from: today, registered_to: today, limit: '200' })).sort()).toEqual([alice.uid, bob.uid].sort());
    expect(mine(await search(compliance, { registered_to: '2020-01-01', limit: '200' }))).toEqual([]);

    await t.database.db.execute(sql`insert into rg_exclusions (user_id, kind, length, starts_at, ends_at) values (${bob.uid}, 'time_out', '7d', now() - interval '1 hour', now() + interval '7 days')`);
    expect(mine(await search(compliance, { excluded: 'yes', limit: '200' }))).toEqual([bob.uid]);
    expect(mine(await search(compliance, { excluded: 'no', limit: '200' }))).toEqual([alice.uid]);

    await write(support, 'players/tags', { id: alice.uid, tags: ['vip', 'high-roller'] });
    const tagged = await search(support, { tag: 'VIP', limit: '200' });
    expect(mine(tagged)).toEqual([alice.uid]);
    expect(tagged.items.find((row) => row.id === alice.uid)?.tags).toEqual(['high-roller', 'vip']);
    expect((await backoffice(t, 'players/tags-in-use', { cookie: support.cookie })).json.data).toEqual(expect.arrayContaining(['high-roller', 'vip']));

    await write(owner, 'players/test-account', { id: bob.uid, on: true });
    expect(mine(await search(support, { test: 'yes', limit: '200' }))).toEqual([bob.uid]);
    expect(mine(await search(support, { test: 'no', limit: '200' }))).toEqual([alice.uid]);

    const bad = await backoffice(t, 'players/search', { query: { country: 'France', registered_from: 'yesterday' }, cookie: support.cookie });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error?.fields ?? {}).sort()).toEqual(['country', 'registered_from']);
  });

  it('pages and sorts on the server', async () => {
    const tag = `paging-${stamp}`.slice(0, 32);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const player = await registerPlayer(t, { fakename: `Pager${stamp}${i}` });
      await write(support, 'players/tags', { id: player.uid, tags: [tag] });
      made.push(player.uid);
    }
    const first = await search(support, { tag, sort: 'id', dir: 'asc', limit: '2', page: '1' });
    const second = await search(support, { tag, sort: 'id', dir: 'asc', limit: '2', page: '2' });
    expect(first.total).toBe(3);
    expect([...ids(first), ...ids(second)]).toEqual(made);
    expect(ids(await search(support, { tag, sort: 'id', dir: 'desc', limit: '2' }))).toEqual([made[2], made[1]]);
    expect(ids(await search(support, { tag, sort: 'fakename', dir: 'desc', limit: '3' }))).toEqual([...made].reverse());
  });
});

describe('the player page', () => {
  it('shows profile, balances, the ledger with running balances, sessions, notes and linked accounts', async () => {
    const player = await registerPlayer(t, { fakename: 'Pagey' });
    await fundPlayer(t, player.uid, 10_000n);
    await fundPlayer(t, player.uid, 2_550n);
    const page = (await backoffice(t, 'players/get', { query: { id: String(player.uid) }, cookie: support.cookie })).json.data as PlayerView;
    expect(page).toMatchObject({ id: player.uid, login: player.email, fakename: 'Pagey', status: 'active', currency: 'EUR', signup_ip: player.ip, four_eyes_threshold: '500.00' });
    expect(page.balances).toEqual({ main: '125.50', bonus: '0.00', betting_bonus: '0.00', withdrawal_hold: '0.00' });

    const ledger = (await backoffice(t, 'players/ledger', { query: { id: String(player.uid), limit: '1', page: '2' }, cookie: support.cookie })).json.data as PlayerLedgerPage;
    expect(ledger.total).toBe(2);
    expect(ledger.items).toMatchObject([{ kind: 'deposit', amount: '100.00', balance_after: '100.00' }]);
    const newest = (await backoffice(t, 'players/ledger', { query: { id: String(player.uid) }, cookie: support.cookie })).json.data as PlayerLedgerPage;
    expect(newest.items.map((row) => row.balance_after)).toEqual(['125.50', '100.00']);
    const csv = (await backoffice(t, 'players/ledger-csv', { query: { id: String(player.uid) }, cookie: support.cookie })).json.data as { csv: string; rows: number; filename: string };
    expect(csv.rows).toBe(2);
    expect(csv.csv.split('\r\n')[0]).toBe('posting_id,transaction_id,time,kind,amount,balance_after,currency');
    expect(csv.csv).toContain(',deposit,25.50,125.50,EUR');

    const sessions = (await backoffice(t, 'players/sessions', { query: { id: String(player.uid) }, cookie: support.cookie })).json.data as Array<{ ip: string; active: boolean }>;
    expect(sessions).toMatchObject([{ ip: player.ip, active: true }]);
    for (const name of ['players/payments', 'players/rounds', 'players/bets', 'players/bonuses', 'players/notes', 'players/adjustments']) {
      const answer = await backoffice(t, name, { query: { id: String(player.uid) }, cookie: support.cookie });
      expect(answer.status, `${name}: ${JSON.stringify(answer.json)}`).toBe(200);
    }
    expect((await backoffice(t, 'players/protection', { query: { id: String(player.uid) }, cookie: support.cookie })).status).toBe(200);
    // Marketing reads players, not their responsible-gaming limits.
    expect((await backoffice(t, 'players/protection', { query: { id: String(player.uid) }, cookie: marketing.cookie })).status).toBe(403);
    expect((await backoffice(t, 'players/get', { query: { id: '999999' }, cookie: support.cookie })).json.error?.fields).toEqual({ id: 'No such player' });
  });

  it('links accounts that share an address, a device or payment requisites', async () => {
    const first = await registerPlayer(t);
    const other = await registerPlayer(t);
    const stranger = await registerPlayer(t);
    await t.database.db.execute(sql`update sessions set ip = ${first.ip} where user_id = ${other.uid}`);
    await t.database.db.execute(sql`insert into payments (public_id, user_id, direction, method, provider, amount, currency, status, requisites) values
      ('link-a', ${first.uid}, 'withdrawal', 'sepa', 'demo', 500, 'EUR', 'requested', '{"iban":"FR7630006000011234567890189"}'::jsonb),
      ('link-b', ${stranger.uid}, 'withdrawal', 'sepa', 'demo', 500, 'EUR', 'requested', '{"iban":"FR7630006000011234567890189"}'::jsonb)`);
    const linked = (await backoffice(t, 'players/linked', { query: { id: String(first.uid) }, cookie: compliance.cookie })).json.data as LinkedPlayerView[];
    expect(linked.find((row) => row.id === other.uid)?.reasons).toEqual([{ kind: 'device', value: first.ip }]);
    expect(linked.find((row) => row.id === stranger.uid)?.reasons).toEqual([{ kind: 'requisites', value: 'FR76 •••• 0189' }]);
  });
});

describe('actions on an account, each with one audit row', () => {
  it('bans with a reason (ending the sessions), unbans, and closes', async () => {
    const player = await registerPlayer(t);
    expect((await t.call('getBalance', { headers: { cookie: player.cookie } })).status).toBe(200);

    const noReason = await backoffice(t, 'players/ban', { body: { id: player.uid }, cookie: compliance.cookie });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.json.error?.fields ?? {})).toEqual(['reason']);

    const banned = await write(compliance, 'players/ban', { id: player.uid, reason: 'Chargebacks on three cards' });
    expect(banned.audit).toMatchObject({
      action: 'players.ban',
      subject: `user:${player.uid}`,
      before: { status: 'active', live_sessions: 1 },
      after: { status: 'banned', live_sessions: 0 },
      details: { reason: 'Chargebacks on three cards' },
      actor: `staff:${compliance.id} ${compliance.email}`,
    });
    // The player's session ended with the ban.
    expect((await t.call('getBalance', { headers: { cookie: player.cookie } })).status).toBe(401);
    const again = await backoffice(t, 'players/ban', { body: { id: player.uid, reason: 'twice' }, cookie: compliance.cookie });
    expect(again.status).toBe(409);
    expect(again.json.error?.fields).toEqual({ id: 'The player is banned already' });

    const unbanned = await write(owner, 'players/unban', { id: player.uid, reason: 'Chargebacks explained' });
    expect(unbanned.audit).toMatchObject({ action: 'players.unban', before: { status: 'banned' }, after: { status: 'active' } });
    const closed = await write(owner, 'players/close', { id: player.uid, reason: 'Asked to close' });
    expect(closed.audit).toMatchObject({ action: 'players.close', before: { status: 'active' }, after: { status: 'deleted' } });
    // Support may not ban.
    expect((await backoffice(t, 'players/ban', { body: { id: player.uid, reason: 'no' }, cookie: support.cookie })).status).toBe(403);
  });

  it('ends sessions, sets the KYC block and the test-account mark, adds notes and tags', async () => {
    const player = await registerPlayer(t);
    const ended = await write(support, 'players/end-sessions', { id: player.uid });
    expect(ended.audit).toMatchObject({ action: 'players.end-sessions', before: { live_sessions: 1 }, after: { live_sessions: 0 } });
    expect((await t.call('getBalance', { headers: { cookie: player.cookie } })).status).toBe(401);

    const kyc = await write(compliance, 'players/kyc-block', { id: player.uid, on: true });
    expect(kyc.audit).toMatchObject({ action: 'players.kyc-block', before: { kyc_block: false }, after: { kyc_block: true } });
    expect((await backoffice(t, 'players/kyc-block', { body: { id: player.uid, on: true }, cookie: compliance.cookie })).json.error?.fields).toEqual({ on: 'It is on already' });
    await write(compliance, 'players/kyc-block', { id: player.uid, on: 'false' });

    const marked = await write(owner, 'players/test-account', { id: player.uid, on: true });
    expect(marked.audit).toMatchObject({ action: 'players.test-account', before: { test_account: false }, after: { test_account: true } });
    expect((await backoffice(t, 'players/test-account', { body: { id: player.uid, on: false }, cookie: compliance.cookie })).status).toBe(403);

    const note = await write(marketing, 'players/note', { id: player.uid, body: 'Called about the welcome offer.' });
    expect(note.audit).toMatchObject({ action: 'players.note', after: { body: 'Called about the welcome offer.' } });
    const notes = (await backoffice(t, 'players/notes', { query: { id: String(player.uid) }, cookie: support.cookie })).json.data as Array<{ author: string; body: string }>;
    expect(notes).toMatchObject([{ body: 'Called about the welcome offer.', author: expect.stringContaining(marketing.email) }]);
    expect((await backoffice(t, 'players/note', { body: { id: player.uid, body: '   ' }, cookie: marketing.cookie })).json.error?.fields).toMatchObject({ body: expect.any(String) });

    const tags = await write(support, 'players/tags', { id: player.uid, tags: 'vip, Watch ,vip' });
    expect(tags.audit).toMatchObject({ before: { tags: [] }, after: { tags: ['vip', 'watch'] } });
    const badTag = await backoffice(t, 'players/tags', { body: { id: player.uid, tags: ['no spaces'] }, cookie: support.cookie });
    expect(badTag.status).toBe(422);
    expect(Object.keys(badTag.json.error?.fields ?? {})).toEqual(['tags']);
  });
});

describe('bonuses granted by hand and tournaments on the player page', () => {
  const stamp = Date.now().toString(36);
  let bonusCampaign: number;
  let freeBetCampaign: number;

  beforeAll(async () => {
    const admin = createPromotionsAdmin(db(), { actor: 'test' });
    const texts = (title: string) => ({ en: { title, summary: title, body: title, terms: title } });
    bonusCampaign = (await admin.createCampaign({ sysname: `goodwill-${stamp}`, texts: texts('Goodwill 20'), currency: 'EUR', trigger: 'manual', reward: { type: 'fixed_bonus', amount: '20.00', wagering: 10, days: 7 }, placements: [] })).id;
    freeBetCampaign = (await admin.createCampaign({ sysname: `freebet-${stamp}`, texts: texts('Free bet 5'), currency: 'EUR', trigger: 'promo_code', reward: { type: 'free_bet', amount: '5.00', days: 7 }, placements: [] })).id;
    await admin.createCampaign({ sysname: `welcome-${stamp}`, texts: texts('Welcome match'), currency: 'EUR', trigger: 'deposit', reward: { type: 'deposit_match', percent: 100, cap: '100.00', min_deposit: '10.00', wagering: 30, days: 7 } });
    await admin.createCampaign({ sysname: `dollars-${stamp}`, texts: texts('Dollar bonus'), currency: 'USD', trigger: 'manual', reward: { type: 'fixed_bonus', amount: '20.00', wagering: 10, days: 7 } });
  });

  it('lists what can be granted, grants once with a reason and one audit row, and refuses members without players.bonus', async () => {
    const who = await registerPlayer(t);
    const listed = await backoffice(t, 'players/grantable-campaigns', { query: { id: String(who.uid) }, cookie: marketing.cookie });
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    const names = (listed.json.data as CampaignView[]).map((campaign) => campaign.sysname);
    expect(names).toEqual(expect.arrayContaining([`goodwill-${stamp}`, `freebet-${stamp}`]));
    // A deposit match needs its deposit; a USD campaign cannot go to a EUR account.
    expect(names).not.toContain(`welcome-${stamp}`);
    expect(names).not.toContain(`dollars-${stamp}`);

    expect((await backoffice(t, 'players/grant-bonus', { body: { id: who.uid, campaign_id: bonusCampaign, reason: 'Sorry for the outage' }, cookie: support.cookie, ip: support.ip })).status).toBe(403);
    const { answer, audit } = await write(marketing, 'players/grant-bonus', { id: who.uid, campaign_id: bonusCampaign, reason: 'Sorry for the outage' });
    expect(answer.json.data).toMatchObject({ kind: 'bonus', status: 'available', amount: '20.00', title: 'Goodwill 20' });
    expect(audit).toMatchObject({ action: 'players.grant-bonus', subject: `user:${who.uid}`, after: { kind: 'bonus', status: 'available', amount: '20.00', campaign: bonusCampaign }, details: { reason: 'Sorry for the outage' } });
    // The player sees it among their bonuses, ready to activate.
    const bonuses = await t.call('bonuses/get', { query: { status: 'available' }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
    expect(JSON.stringify(bonuses.json)).toContain('Goodwill 20');

    const twice = await backoffice(t, 'players/grant-bonus', { body: { id: who.uid, campaign_id: bonusCampaign, reason: 'Sorry for the outage' }, cookie: marketing.cookie, ip: marketing.ip });
    expect(twice.status).toBe(422);
    expect(twice.json.error?.fields?.campaign_id).toBe('The player has had this campaign already');
    const free = await write(marketing, 'players/grant-bonus', { id: who.uid, campaign_id: freeBetCampaign, reason: 'VIP gesture' });
    expect(free.answer.json.data).toMatchObject({ kind: 'betting_bonus', amount: '5.00' });
    const noReason = await backoffice(t, 'players/grant-bonus', { body: { id: who.uid, campaign_id: freeBetCampaign }, cookie: marketing.cookie, ip: marketing.ip });
    expect(noReason.json.error?.fields?.reason).toBeTruthy();
    const unknown = await backoffice(t, 'players/grant-bonus', { body: { id: who.uid, campaign_id: 999999, reason: 'VIP gesture' }, cookie: marketing.cookie, ip: marketing.ip });
    expect(unknown.json.error?.fields?.campaign_id).toMatch(/No campaign with this id/);
    // No money moved: bonus money waits for its activation.
    expect((await t.services.ledger.balances(who.uid, 'EUR')).bonus).toBe(0n);
  });

  it('shows the tournaments the player joined with their place', async () => {
    const who = await registerPlayer(t);
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`insert into tournaments (sysname, names, currency, starts_at, ends_at, scoring, prizes)
          values (${`cup-${stamp}`}, ${JSON.stringify({ en: 'Winter Cup' })}::jsonb, 'EUR', now() - interval '1 day', now() + interval '1 day', 'wagered', ${JSON.stringify([{ from: 1, to: 1, amount: '5000' }])}::jsonb)
          returning id`,
    );
    await db().execute(sql`insert into tournament_players (tournament_id, user_id) values (${row.id}, ${who.uid})`);
    await db().execute(sql`insert into tournament_scores (tournament_id, event_id, user_id, points) values (${row.id}, ${-who.uid}, ${who.uid}, 1250)`);
    const answer = await backoffice(t, 'players/tournaments', { query: { id: String(who.uid) }, cookie: support.cookie });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.data).toMatchObject({ total: 1, items: [{ id: row.id, name: 'Winter Cup', status: 'active', rank: 1, points: '12.50', prize: '50.00', prize_kind: 'money' }] });
  });
});

describe('manual balance adjustments', () => {
  const balance = async (uid: number) => (await t.services.ledger.balances(uid, 'EUR')).main;
  const movements = async (adjustment: number) =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`adjustment:${adjustment}`}`))[0].n;

  it('moves at once up to the threshold, with a reason, and never below zero', async () => {
    const player = await registerPlayer(t);
    const noReason = await backoffice(t, 'players/adjust', { body: { id: player.uid, amount: '10' }, cookie: finance.cookie });
    expect(Object.keys(noReason.json.error?.fields ?? {})).toEqual(['reason']);
    const zero = await backoffice(t, 'players/adjust', { body: { id: player.uid, amount: '0', reason: 'Goodwill' }, cookie: finance.cookie });
    expect(Object.keys(zero.json.error?.fields ?? {})).toEqual(['amount']);

    const credited = await write(finance, 'players/adjust', { id: player.uid, amount: '500.00', reason: 'Goodwill after an outage' });
    expect(credited.answer.json.data).toMatchObject({ status: 'applied', amount: '500.00' });
    expect(credited.audit).toMatchObject({ action: 'players.adjust', before: { main: '0.00' }, after: { main: '500.00', adjustment: { status: 'applied' } }, details: { four_eyes: false } });
    expect(await balance(player.uid)).toBe(50_000n);
    await write(finance, 'players/adjust', { id: player.uid, amount: '-200', reason: 'Part of it was a mistake' });

    const tooMuch = await backoffice(t, 'players/adjust', { body: { id: player.uid, amount: '-300.01', reason: 'Take back' }, cookie: finance.cookie });
    expect(tooMuch.status).toBe(409);
    expect(Object.keys(tooMuch.json.error?.fields ?? {})).toEqual(['amount']);
    const taken = await write(finance, 'players/adjust', { id: player.uid, amount: '-125.5', reason: 'Duplicate credit' });
    expect(taken.answer.json.data).toMatchObject({ status: 'applied', amount: '-125.50' });
    expect(await balance(player.uid)).toBe(17_450n);
    // Support cannot adjust.
    expect((await backoffice(t, 'players/adjust', { body: { id: player.uid, amount: '1', reason: 'no' }, cookie: support.cookie })).status).toBe(403);
  });

  it('above the threshold waits for a second member, never the requester, and moves once', async () => {
    const player = await registerPlayer(t);
    const requested = await write(finance, 'players/adjust', { id: player.uid, amount: '750', reason: 'Jackpot paid short' });
    const adjustment = requested.answer.json.data as AdjustmentView;
    expect(adjustment).toMatchObject({ status: 'pending', amount: '750.00', approvers: [finance.id] });
    expect(requested.audit).toMatchObject({ before: { main: '0.00' }, after: { main: '0.00', adjustment: { status: 'pending' } }, details: { four_eyes: true } });
    expect(await balance(player.uid)).toBe(0n);
    expect(await movements(adjustment.id)).toBe(0);

    const pending = (await backoffice(t, 'players/adjustments', { query: { status: 'pending' }, cookie: finance2.cookie })).json.data as AdjustmentView[];
    expect(pending.map((row) => row.id)).toContain(adjustment.id);

    // The requester is not the second pair of eyes.
    const auditBefore = await auditTotal();
    const own = await backoffice(t, 'players/adjust-approve', { body: { id: adjustment.id }, cookie: finance.cookie });
    expect(own.status).toBe(403);
    expect(own.json.error?.fields).toEqual({ id: 'You asked for this adjustment: another member approves it' });
    expect(await auditTotal()).toBe(auditBefore);
    expect(await balance(player.uid)).toBe(0n);

    // A double click (and a third member at the same moment) approve once.
    const answers = await Promise.all([
      backoffice(t, 'players/adjust-approve', { body: { id: adjustment.id }, cookie: finance2.cookie }),
      backoffice(t, 'players/adjust-approve', { body: { id: adjustment.id }, cookie: finance2.cookie }),
      backoffice(t, 'players/adjust-approve', { body: { id: adjustment.id }, cookie: finance3.cookie }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const approved = answers.find((answer) => answer.status === 200)!.json.data as AdjustmentView;
    expect(approved).toMatchObject({ status: 'applied', transaction_id: expect.any(Number) });
    expect(approved.approvers).toHaveLength(2);
    expect(approved.approvers[0]).toBe(finance.id);
    expect(await auditTotal()).toBe(auditBefore + 1);
    expect((await auditRows(`user:${player.uid}`)).at(-1)).toMatchObject({
      action: 'players.adjust-approve',
      before: { main: '0.00', adjustment: { status: 'pending' } },
      after: { main: '750.00', adjustment: { status: 'applied' } },
    });
    expect(await movements(adjustment.id)).toBe(1);
    expect(await balance(player.uid)).toBe(75_000n);
    const report = await t.services.ledger.verify();
    expect(report.problems).toEqual([]);

    // Rejecting one that waits moves nothing; a rejected one cannot be approved.
    const other = (await write(finance, 'players/adjust', { id: player.uid, amount: '-600', reason: 'Reverse the wrong jackpot' })).answer.json.data as AdjustmentView;
    const rejected = await write(finance2, 'players/adjust-reject', { id: other.id, reason: 'Not this one' });
    expect(rejected.audit).toMatchObject({ action: 'players.adjust-reject', before: { adjustment: { status: 'pending' } }, after: { adjustment: { status: 'rejected' } } });
    expect((await backoffice(t, 'players/adjust-approve', { body: { id: other.id }, cookie: finance3.cookie })).json.error?.fields).toEqual({ id: 'This adjustment was rejected' });
    expect(await movements(other.id)).toBe(0);
    expect(await balance(player.uid)).toBe(75_000n);
  });
});
