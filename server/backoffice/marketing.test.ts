import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkCodesAnswer, CampaignDetail, CampaignListItem, CashbackRunItem, MarketingBonusItem, PromoCodeItem, PromoCodeUseItem } from '../../contract/backoffice-marketing.ts';
import type { CampaignView } from '../../contract/promotions.ts';
import { queryRows } from '../platform/db/database.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';
import { users, walletTransactions } from '../db/schema.ts';

/**
 * The marketing screens' endpoints (endpoints/marketing.ts) as members and players see them:
 * every form checked by the server's schema (a bad field named, nothing written), a campaign
 * created as a draft, previewed, published and used through a code made here, bulk codes unique,
 * and a cashback run paying once through the ledger however often it is started.
 */
let t: TestApp;
let marketing: TestStaff;
let analyst: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [marketing, analyst, support] = await Promise.all([createStaffMember(t, 'marketing'), createStaffMember(t, 'analyst'), createStaffMember(t, 'support')]);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const count = async (table: 'campaigns' | 'promo_codes' | 'operator_audit') =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;
const lastAudit = async (action: string) =>
  (await queryRows<{ actor: string; subject: string; before: unknown; after: unknown; details: Record<string, unknown> }>(
    t.database.db,
    sql`select actor, subject, before, after, details from operator_audit where action = ${action} order by id desc limit 1`,
  ))[0];
const as = (member: TestStaff, name: string, body?: Record<string, unknown>, query?: Record<string, string>) => backoffice(t, name, { body, query, cookie: member.cookie });
const player = (who: TestPlayer, method: string, body: Record<string, string>) => t.call(method, { body, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });

const sysname = () => `bo-test-${randomUUID().slice(0, 8)}`;
const fixedBonus = (name = sysname()) => ({
  sysname: name,
  texts: { en: { title: 'Ten euros on us', summary: 'A bonus for your code' }, fr: { title: 'Dix euros offerts', summary: 'Un bonus pour votre code' } },
  currency: 'EUR',
  trigger: 'promo_code',
  reward: { type: 'fixed_bonus', amount: '10.00', wagering: 5, max_bet: '5.00', days: 7 },
  audience: { requires_code: true },
  placements: ['promotions', 'banner', 'popup'],
  ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  priority: 5,
});

async function createCampaign(spec: Record<string, unknown> = fixedBonus()): Promise<CampaignDetail> {
  const answer = await as(marketing, 'marketing/campaigns/create', spec);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as CampaignDetail;
}

describe('campaigns', () => {
  it('refuses every bad form with the field named and writes nothing', async () => {
    const before = [await count('campaigns'), await count('operator_audit')];
    const refused = async (spec: Record<string, unknown>, field: string) => {
      const answer = await as(marketing, 'marketing/campaigns/create', spec);
      expect(answer.status, JSON.stringify(answer.json)).toBe(422);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {}), JSON.stringify(answer.json.error)).toContain(field);
    };
    const base = fixedBonus();
    await refused({ ...base, sysname: 'Not A Name' }, 'sysname');
    await refused({ ...base, texts: { fr: { title: 'Seulement en français' } } }, 'texts');
    await refused({ ...base, texts: { en: { title: '' } } }, 'texts.en.title');
    await refused({ ...base, currency: 'XXX' }, 'currency');
    await refused({ ...base, reward: { type: 'deposit_match', percent: 900, cap: '50.00', min_deposit: '10.00', wagering: 10, days: 7 }, trigger: 'deposit' }, 'reward.percent');
    await refused({ ...base, reward: { type: 'fixed_bonus', amount: '10', wagering: 5, days: 7 } }, 'reward.amount');
    await refused({ ...base, reward: { type: 'free_spins', game: 'no-such-game', spins: 10, stake: '0.20', days: 3 } }, 'reward.game');
    await refused({ ...base, reward: { type: 'cashback', percent: 10 } }, 'trigger');
    await refused({ ...base, audience: { countries: ['france'] } }, 'audience.countries.0');
    await refused({ ...base, placements: ['sky'] }, 'placements.0');
    await refused({ ...base, starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'ends_at');
    await refused({ ...base, sysname: 'welcome-bonus' }, 'sysname');
    expect([await count('campaigns'), await count('operator_audit')]).toEqual(before);
  });

  it('creates every reward type as a draft players do not see, previews it in both languages, publishes and unpublishes it, each write audited', async () => {
    const rewards = [
      { trigger: 'deposit', reward: { type: 'deposit_match', percent: 50, cap: '25.00', min_deposit: '10.00', wagering: 4, max_bet: '10.00', days: 7 } },
      { trigger: 'manual', reward: { type: 'free_spins', game: 'golden-croupier', spins: 15, stake: '0.20', days: 3 } },
      { trigger: 'promo_code', reward: { type: 'free_bet', amount: '5.00', days: 7 } },
      { trigger: 'manual', reward: { type: 'odds_boost', boost_percent: 10, days: 7 } },
      { trigger: 'cashback', reward: { type: 'cashback', percent: 5, period_days: 7, payout: 'auto', claim_days: 7 } },
    ];
    for (const { trigger, reward } of rewards) {
      const made = await createCampaign({ ...fixedBonus(), trigger, reward });
      expect(made.status).toBe('draft');
      expect(made.spec.reward).toMatchObject(reward);
    }

    const made = await createCampaign();
    expect(await lastAudit('campaign.create')).toMatchObject({ actor: `staff:${marketing.id} ${marketing.email}`, subject: `campaign:${made.id}` });
    const list = (await as(analyst, 'marketing/campaigns/list', undefined, { q: made.spec.sysname })).json.data as CampaignListItem[];
    expect(list).toEqual([expect.objectContaining({ id: made.id, status: 'draft', running: false, reward_type: 'fixed_bonus', title: 'Ten euros on us' })]);
    const onSite = async () => (await t.call('campaigns/getoffers', { query: { sysname: made.spec.sysname } })).json.data as { items: CampaignView[] };
    expect((await onSite()).items).toEqual([]);

    const preview = async (language: string) => (await as(analyst, 'marketing/campaigns/preview', undefined, { id: String(made.id), language })).json.data as CampaignView;
    expect(await preview('en')).toMatchObject({ title: 'Ten euros on us', reward: { type: 'fixed_bonus', amount: '10.00', wagering: 5 } });
    expect(await preview('fr')).toMatchObject({ title: 'Dix euros offerts', summary: 'Un bonus pour votre code' });

    const edited = await as(marketing, 'marketing/campaigns/update', { id: made.id, ...fixedBonus(made.spec.sysname), reward: { type: 'fixed_bonus', amount: '12.50', wagering: 5, max_bet: null, days: 7 } });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect((edited.json.data as CampaignDetail).spec.reward).toMatchObject({ amount: '12.50', max_bet: null });
    expect(await lastAudit('campaign.update')).toMatchObject({ before: { reward: { amount: '10.00' } }, after: { reward: { amount: '12.50' } } });
    const badEdit = await as(marketing, 'marketing/campaigns/update', { id: made.id, ...fixedBonus(made.spec.sysname), priority: 5000 });
    expect(Object.keys(badEdit.json.error?.fields ?? {})).toEqual(['priority']);

    expect((await as(analyst, 'marketing/campaigns/publish', { id: made.id })).status).toBe(403);
    const published = await as(marketing, 'marketing/campaigns/publish', { id: made.id });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect(await lastAudit('campaign.publish')).toMatchObject({ before: { status: 'draft' }, after: { status: 'active' } });
    expect((await onSite()).items.map((item) => item.title)).toEqual(['Ten euros on us']);
    expect((await as(marketing, 'marketing/campaigns/publish', { id: made.id })).json.error?.fields).toEqual({ id: 'This campaign is published already' });

    expect((await as(marketing, 'marketing/campaigns/unpublish', { id: made.id })).status).toBe(200);
    expect((await onSite()).items).toEqual([]);
    // In French, the refusal too.
    const french = await backoffice(t, 'marketing/campaigns/unpublish', { body: { id: made.id }, cookie: `${marketing.cookie}; bo_locale=fr` });
    expect(french.json.error?.fields).toEqual({ id: 'Cette campagne n’est pas publiée' });
  });
});

describe('promo codes', () => {
  it('refuses bad codes by field, makes one that a player uses for the reward, shows the use, and disables it', async () => {
    const campaign = await createCampaign();
    await as(marketing, 'marketing/campaigns/publish', { id: campaign.id });
    const before = [await count('promo_codes'), await count('operator_audit')];
    const field = async (body: Record<string, unknown>) => Object.keys((await as(marketing, 'marketing/codes/create', body)).json.error?.fields ?? {});
    expect(await field({ campaign_id: campaign.id, code: 'a b' })).toEqual(['code']);
    expect(await field({ campaign_id: campaign.id, code: 'GOODCODE', max_uses: 0 })).toEqual(['max_uses']);
    expect(await field({ campaign_id: campaign.id, code: 'GOODCODE', expires_at: '2020-01-01T00:00:00Z' })).toEqual(['expires_at']);
    expect(await field({ campaign_id: 999_999, code: 'GOODCODE' })).toEqual(['campaign_id']);
    expect(await field({ campaign_id: campaign.id, code: 'lucky10' })).toEqual(['code']);
    expect([await count('promo_codes'), await count('operator_audit')]).toEqual(before);

    const code = `BO${randomUUID().slice(0, 6)}`;
    const made = await as(marketing, 'marketing/codes/create', { campaign_id: campaign.id, code, max_uses: 10 });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const item = made.json.data as PromoCodeItem;
    expect(item).toMatchObject({ code: code.toUpperCase(), status: 'active', uses: 0, max_uses: 10 });
    expect(await lastAudit('promo.create')).toMatchObject({ subject: `promo:${code.toUpperCase()}` });

    const who = await registerPlayer(t, { tag: 'code' });
    const used = await player(who, 'campaigns/activateOffer', { promo_code: code.toLowerCase() });
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    expect((used.json.data as { bonus: { amount: string; status: string } }).bonus).toMatchObject({ amount: '10.00', status: 'available' });

    const uses = (await as(analyst, 'marketing/codes/uses', undefined, { code_id: String(item.id) })).json.data as { items: PromoCodeUseItem[]; total: number };
    expect(uses.total).toBe(1);
    expect(uses.items[0]).toMatchObject({ code: code.toUpperCase(), user_id: who.uid, player: who.email });
    const listed = (await as(analyst, 'marketing/codes/list', undefined, { campaign_id: String(campaign.id) })).json.data as { items: PromoCodeItem[] };
    expect(listed.items).toEqual([expect.objectContaining({ code: code.toUpperCase(), uses: 1 })]);

    const bonuses = (await as(analyst, 'marketing/bonuses/list', undefined, { campaign_id: String(campaign.id), status: 'available' })).json.data as { items: MarketingBonusItem[] };
    expect(bonuses.items).toEqual([expect.objectContaining({ user_id: who.uid, player: who.email, kind: 'bonus', amount: '10.00', campaign: campaign.spec.sysname })]);
    expect(((await as(analyst, 'marketing/bonuses/list', undefined, { campaign_id: String(campaign.id), status: 'completed' })).json.data as { total: number }).total).toBe(0);
    // The campaigns list counts the campaign's own codes and bonuses.
    const campaignsListed = (await as(analyst, 'marketing/campaigns/list', undefined, { q: campaign.spec.sysname })).json.data as CampaignListItem[];
    expect(campaignsListed).toEqual([expect.objectContaining({ id: campaign.id, codes: 1, bonuses: 1 })]);
    expect((await as(analyst, 'marketing/bonuses/list', undefined, { from: '27.11.2026' })).json.error?.fields).toHaveProperty('from');

    expect((await as(marketing, 'marketing/codes/disable', { id: item.id })).status).toBe(200);
    expect(await lastAudit('promo.disable')).toMatchObject({ before: { status: 'active' }, after: { status: 'ended' } });
    const late = await registerPlayer(t, { tag: 'late' });
    expect((await player(late, 'campaigns/activateOffer', { promo_code: code })).json.error?.fields).toHaveProperty('promo_code');
  });

  it('makes bulk codes unique with the prefix, all in one CSV, and refuses bad input by field', async () => {
    const campaign = await createCampaign();
    const before = await count('promo_codes');
    const field = async (body: Record<string, unknown>) => Object.keys((await as(marketing, 'marketing/codes/bulk', body)).json.error?.fields ?? {});
    expect(await field({ campaign_id: campaign.id, prefix: 'SPRING', count: 0 })).toEqual(['count']);
    expect(await field({ campaign_id: campaign.id, prefix: 'SPRING', count: 5001 })).toEqual(['count']);
    expect(await field({ campaign_id: campaign.id, prefix: 'no spaces', count: 5 })).toEqual(['prefix']);
    expect(await count('promo_codes')).toBe(before);

    const answer = await as(marketing, 'marketing/codes/bulk', { campaign_id: campaign.id, prefix: 'spring', count: 1200 });
    expect(answer.status, JSON.stringify(answer.json).slice(0, 300)).toBe(200);
    const bulk = answer.json.data as BulkCodesAnswer;
    expect(bulk.count).toBe(1200);
    expect(new Set(bulk.codes).size).toBe(1200);
    for (const code of bulk.codes) expect(code).toMatch(/^SPRING-[A-HJ-NP-Z2-9]{8}$/);
    expect(await count('promo_codes')).toBe(before + 1200);
    const lines = bulk.csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('code,campaign,status,uses,max_uses,expires_at,created_at');
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([...bulk.codes].sort());
    expect(lines[1].split(',')[4]).toBe('1');
    expect(await lastAudit('promo.bulk-create')).toMatchObject({ subject: `campaign:${campaign.id}`, details: { prefix: 'spring', count: 1200 } });

    const csv = (await as(analyst, 'marketing/codes/csv', undefined, { campaign_id: String(campaign.id) })).json.data as { rows: number; csv: string };
    expect(csv.rows).toBe(1200);
  });
});

describe('cashback runs', () => {
  it('refuses a run in the future, pays a period once through the ledger however often it runs, and lists the run with its totals', async () => {
    const DAY = 86_400_000;
    const campaign = await createCampaign({
      ...fixedBonus(),
      trigger: 'cashback',
      reward: { type: 'cashback', percent: 10, period_days: 1, payout: 'auto', claim_days: 3 },
      audience: { countries: ['MT'] },
      starts_at: new Date(Date.now() - 2 * DAY - 3_600_000).toISOString(),
      placements: ['promotions'],
    });
    await as(marketing, 'marketing/campaigns/publish', { id: campaign.id });
    const who = await registerPlayer(t, { tag: 'cashback' });
    await t.database.db.update(users).set({ countryCode: 'MT' }).where(eq(users.id, who.uid));
    await fundPlayer(t, who.uid, 10_000n);
    const session = await t.services.wallet.openSession({ game: 'golden-croupier', mode: 'real', userId: who.uid }, 'en');
    const bet = randomUUID();
    const answer = await t.services.wallet.handle('bet', { provider: 'croupier', request_uuid: randomUUID(), user: session.token, game: 'golden-croupier', currency: 'EUR', transaction_uuid: bet, round_id: `r-${bet}`, amount: 4000 });
    expect(answer.status).toBe('RS_OK');
    // The loss falls in the last complete period: [start + 1 day, start + 2 days).
    await t.database.db.update(walletTransactions).set({ createdAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(walletTransactions.transactionUuid, bet));

    const future = await as(marketing, 'marketing/cashback/run', { at: new Date(Date.now() + DAY).toISOString() });
    expect(Object.keys(future.json.error?.fields ?? {})).toEqual(['at']);
    expect((await as(analyst, 'marketing/cashback/run', {})).status).toBe(403);

    const main = async () => (await t.services.ledger.balances(who.uid, 'EUR')).main;
    const before = await main();
    const first = await as(marketing, 'marketing/cashback/run', {});
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect((first.json.data as { created: number }).created).toBeGreaterThanOrEqual(1);
    const second = await as(marketing, 'marketing/cashback/run', {});
    expect((second.json.data as { created: number }).created).toBe(0);
    expect(await main()).toBe(before + 400n);
    const postings = (await t.services.ledger.postingsOf(who.uid, 'main', 'EUR')).filter((posting) => posting.kind === 'cashback');
    expect(postings).toHaveLength(1);
    expect(await lastAudit('cashback.run')).toMatchObject({ subject: 'cashback', details: { created: 0 } });

    const runs = (await as(analyst, 'marketing/cashback/runs', undefined, { campaign_id: String(campaign.id) })).json.data as { items: CashbackRunItem[]; campaigns: Array<{ id: number }> };
    expect(runs.items).toEqual([expect.objectContaining({ campaign_id: campaign.id, players: 1, net_loss: '40.00', amount: '4.00', paid: '4.00', statuses: { active: 0, paid_out: 1, expired: 0 } })]);
    expect(runs.campaigns.map((item) => item.id)).toContain(campaign.id);
  });
});

describe('who may', () => {
  it('lets analysts read and not write, and keeps support out', async () => {
    expect((await as(analyst, 'marketing/campaigns/list')).status).toBe(200);
    expect((await as(analyst, 'marketing/campaigns/create', fixedBonus())).status).toBe(403);
    expect((await as(analyst, 'marketing/codes/bulk', { campaign_id: 1, prefix: 'X', count: 1 })).status).toBe(403);
    expect((await as(support, 'marketing/campaigns/list')).status).toBe(403);
    expect((await as(support, 'marketing/bonuses/list')).json.error).toMatchObject({ type: 'AccessDeniedException', details: { permission: 'marketing.read' } });
  });
});
