import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoyaltyAdminAnswer, TournamentAdminAnswer, TournamentAdminRow, TournamentForm } from '../../contract/backoffice-loyalty-tournaments.ts';
import { queryRows } from '../platform/db/database.ts';
import type { LiveConnection } from '../platform/live/hub.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

/**
 * The marketing screens for loyalty and tournaments (docs/backoffice.md): every form checked by
 * the server's schemas (a bad field named, nothing written), each write audited once, ending a
 * tournament paying its prizes once whatever repeats or races, and who may do what.
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

const count = async (table: string, where = sql`true`) => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))[0].n;
const audits = (action: string) => count('operator_audit', sql`action = ${action}`);
const call = (name: string, who: TestStaff, body?: Record<string, unknown>, query?: Record<string, string>) => backoffice(t, name, { body, query, cookie: who.cookie, ip: who.ip });
const fieldsOf = (answer: Awaited<ReturnType<typeof backoffice>>) => Object.keys(answer.json.error?.fields ?? {}).sort();

describe('loyalty', () => {
  const overview = async (who = analyst) => (await call('marketing/loyalty/overview', who)).json.data as LoyaltyAdminAnswer;

  it('shows levels, characters and the shop to marketing.read, and changes nothing for a reader', async () => {
    const seen = await overview();
    expect(seen.program?.sysname).toBe('croupier-club');
    expect(seen.levels.map((level) => [level.number, level.threshold, level.earn_rate])).toEqual([
      [1, 0, 1],
      [2, 500, 2],
      [3, 2000, 3],
      [4, 10000, 4],
      [5, 50000, 5],
    ]);
    expect(seen.products.find((product) => product.sysname === 'bonus-5')).toMatchObject({ price: 500, reward: { type: 'fixed_bonus', amount: '5.00', wagering: 5, max_bet: '5.00', days: 7 } });
    expect(seen.game_factors).toEqual({ slot: 100, fast: 75, casino: 50, live: 50 });
    const silver = seen.levels[1];
    expect((await call('marketing/loyalty/level/save', analyst, { ...silver, earn_rate: 9 })).status).toBe(403);
    expect((await call('marketing/loyalty/overview', support)).status).toBe(403);
  });

  it('refuses levels whose thresholds would not rise, naming the field, and writes nothing', async () => {
    const { levels } = await overview(marketing);
    const before = await audits('loyalty.level.update');
    const gold = levels[2];
    const answers = await Promise.all([
      call('marketing/loyalty/level/save', marketing, { ...gold, threshold: 400 }), // below silver's 500
      call('marketing/loyalty/level/save', marketing, { ...levels[0], threshold: 10 }), // the first starts at 0
      call('marketing/loyalty/level/save', marketing, { ...gold, names: { en: 'Gold', fr: '' }, earn_rate: -1 }),
      call('marketing/loyalty/level/save', marketing, { ...gold, sysname: 'silver' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422]);
    expect(answers.map(fieldsOf)).toEqual([['threshold'], ['threshold'], ['earn_rate', 'names.fr'], ['sysname']]);
    expect(answers[0].json.error?.fields?.threshold).toBe('Above 500, the level below');
    expect(await audits('loyalty.level.update')).toBe(before);
    expect((await overview()).levels[2]).toMatchObject({ threshold: 2000, earn_rate: 3, names: { en: 'Gold' } });
  });

  it('changes a level’s rate and perks in both languages, which the site answers at once, with one audit row', async () => {
    const { levels } = await overview(marketing);
    const gold = levels[2];
    const saved = await call('marketing/loyalty/level/save', marketing, { ...gold, earn_rate: 4, perks: { en: ['Faster withdrawals', 'A gift each month'], fr: ['Retraits plus rapides', 'Un cadeau chaque mois'] } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const program = await t.services.loyalty.program('croupier-club', 'fr');
    expect(program.levels[2]).toMatchObject({ earn_rate: 4, perks: ['Retraits plus rapides', 'Un cadeau chaque mois'] });
    const [row] = await queryRows<{ subject: string; before: { earn_rate: number }; after: { earn_rate: number } }>(
      t.database.db,
      sql`select subject, before, after from operator_audit where action = 'loyalty.level.update' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ subject: 'loyalty-level:3', before: { earn_rate: 3 }, after: { earn_rate: 4 } });
    // A new level goes after the last, above its threshold.
    const added = await call('marketing/loyalty/level/save', marketing, { sysname: 'obsidian', names: { en: 'Obsidian', fr: 'Obsidienne' }, threshold: 100_000, earn_rate: 6, perks: { en: [], fr: [] } });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect((await overview()).levels.map((level) => level.sysname).at(-1)).toBe('obsidian');
  });

  it('adds a shop product checked against its kind, takes it off the shop and puts it back, each audited', async () => {
    const product = {
      sysname: 'spins-10-dice',
      kind: 'free_spins',
      price: 300,
      min_level: 2,
      currency: 'EUR',
      reward: { type: 'free_spins', game: 'golden-croupier', spins: 10, stake: '0.20', days: 7 },
      texts: { en: { name: '10 free spins', description: 'Ten spins at €0.20.' }, fr: { name: '10 tours gratuits', description: 'Dix tours à 0,20 €.' } },
      image_url: null,
      position: 9,
      is_active: true,
    };
    const before = await count('loyalty_products');
    const refused = await Promise.all([
      call('marketing/loyalty/product/save', marketing, { ...product, price: 0 }),
      call('marketing/loyalty/product/save', marketing, { ...product, kind: 'bonus_money' }),
      call('marketing/loyalty/product/save', marketing, { ...product, reward: { ...product.reward, game: 'no-such-game' } }),
      call('marketing/loyalty/product/save', marketing, { ...product, reward: { ...product.reward, stake: '0.00' } }),
      call('marketing/loyalty/product/save', marketing, { ...product, min_level: 40 }),
      call('marketing/loyalty/product/save', marketing, { ...product, texts: { en: product.texts.en } }),
      call('marketing/loyalty/product/save', marketing, { ...product, sysname: 'bonus-5' }),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    expect(refused.map(fieldsOf)).toEqual([['price'], ['reward.type'], ['reward.game'], ['reward.stake'], ['min_level'], ['texts.fr'], ['sysname']]);
    expect(await count('loyalty_products')).toBe(before);

    const created = await call('marketing/loyalty/product/save', marketing, product);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = (created.json.data as { id: number }).id;
    const shop = async () => (await t.services.loyalty.products(null, 'fr')).items.map((item) => item.name);
    expect(await shop()).toContain('10 tours gratuits');
    expect((await call('marketing/loyalty/product/active', marketing, { id, active: false })).status).toBe(200);
    expect(await shop()).not.toContain('10 tours gratuits');
    const again = await call('marketing/loyalty/product/active', marketing, { id, active: false });
    expect([again.status, fieldsOf(again)]).toEqual([409, ['active']]);
    expect((await call('marketing/loyalty/product/active', marketing, { id, active: true })).status).toBe(200);
    expect(await audits('loyalty.product.create')).toBe(1);
    expect([await audits('loyalty.product.disable'), await audits('loyalty.product.enable')]).toEqual([1, 1]);
    // French members read the server's refusals in French.
    const french = await backoffice(t, 'marketing/loyalty/product/save', { body: { ...product, sysname: 'other', kind: 'cashback_boost' }, cookie: `${marketing.cookie}; bo_locale=fr`, ip: marketing.ip });
    expect(french.json.error?.fields?.['reward.type']).toBe('Ce type d’article accorde une autre récompense');
  });

  it('adds and changes a character, refusing a picture that is not an address', async () => {
    const character = { sysname: 'bo-test-dealer', names: { en: 'The Dealer', fr: 'Le Donneur' }, descriptions: { en: 'Deals fast.', fr: 'Distribue vite.' }, image_url: '/loyalty/characters/bo-test-dealer.svg', position: 10, is_active: true };
    const bad = await call('marketing/loyalty/character/save', marketing, { ...character, image_url: 'javascript:alert(1)' });
    expect([bad.status, fieldsOf(bad)]).toEqual([422, ['image_url']]);
    const created = await call('marketing/loyalty/character/save', marketing, character);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = (created.json.data as { id: number }).id;
    expect((await call('marketing/loyalty/character/save', marketing, { ...character, id, is_active: false })).status).toBe(200);
    expect((await t.services.loyalty.characters({ offset: 0, limit: 50 }, 'en')).items.map((item) => item.sysname)).not.toContain('bo-test-dealer');
    expect([await audits('loyalty.character.create'), await audits('loyalty.character.update')]).toEqual([1, 1]);
  });
});

describe('tournaments', () => {
  const HOUR = 3_600_000;
  let made = 0;
  const form = (overrides: Partial<TournamentForm> = {}): TournamentForm => ({
    sysname: `bo-cup-${++made}-${Date.now()}`,
    names: { en: 'Back-office Cup', fr: 'Coupe du back-office' },
    descriptions: { en: 'Every dice roll counts.', fr: 'Chaque lancer compte.' },
    image_url: null,
    currency: 'EUR',
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + HOUR).toISOString(),
    games: ['croupier-dice'],
    scoring: 'wagered',
    min_bet: '0.10',
    buy_in: '0.00',
    prizes: [
      { from: 1, to: 1, amount: '30.00', kind: 'money' },
      { from: 2, to: 5, amount: '5.00', kind: 'money' },
    ],
    ...overrides,
  });

  async function player(): Promise<TestPlayer> {
    const who = await registerPlayer(t, { tag: 'bo-tournament' });
    await fundPlayer(t, who.uid, 100_000n);
    return who;
  }

  /** A real-money bet on the dice, as the game's provider places it. */
  async function bet(who: TestPlayer, amount: number) {
    const session = await t.services.wallet.openSession({ game: 'croupier-dice', mode: 'real', userId: who.uid }, 'en');
    const transaction = randomUUID();
    const answer = await t.services.wallet.handle('bet', {
      provider: 'croupier',
      request_uuid: randomUUID(),
      user: session.token,
      game: 'croupier-dice',
      currency: session.currency,
      transaction_uuid: transaction,
      round_id: `r-${transaction}`,
      amount,
    });
    expect(answer).toMatchObject({ status: 'RS_OK' });
  }

  it('refuses a bad form naming each field (prize table, window, games), and writes nothing', async () => {
    const before = [await count('tournaments'), await audits('tournament.create')];
    const answers = await Promise.all([
      call('marketing/tournaments/create', marketing, {
        ...form(),
        prizes: [
          { from: 1, to: 3, amount: '10.00', kind: 'money' },
          { from: 2, to: 2, amount: '0.00', kind: 'money' },
          { from: 9, to: 6, amount: '1.00', kind: 'bonus' },
        ],
      }),
      call('marketing/tournaments/create', marketing, { ...form(), ends_at: new Date(Date.now() - HOUR * 2).toISOString() }),
      call('marketing/tournaments/create', marketing, { ...form(), games: ['croupier-dice', 'no-such-game'] }),
      call('marketing/tournaments/create', marketing, { ...form(), currency: 'XYZ', names: { en: 'Only English' }, prizes: [] }),
      call('marketing/tournaments/create', marketing, { ...form(), sysname: 'high-roller-sprint' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422]);
    expect(answers.map(fieldsOf)).toEqual([['prizes.1.amount', 'prizes.1.from', 'prizes.2.to', 'prizes.2.wagering'], ['ends_at'], ['games.1'], ['currency', 'names.fr', 'prizes'], ['sysname']]);
    expect(answers[0].json.error?.fields?.['prizes.1.from']).toBe('Ranks go up: start after rank 3');
    expect(answers[0].json.error?.fields?.['prizes.1.amount']).toBe('A prize above zero, in EUR');
    expect([await count('tournaments'), await audits('tournament.create')]).toEqual(before);
    expect((await call('marketing/tournaments/create', analyst, form())).status).toBe(403);
  });

  it('creates a tournament starting now from a copy of another, shows its standings live, and ends it paying once', async () => {
    const list = (await call('marketing/tournaments/list', analyst, undefined, { status: 'active' })).json.data as TournamentAdminRow[];
    const template = list.find((row) => row.sysname === 'high-roller-sprint')!;
    const copied = ((await call('marketing/tournaments/get', analyst, undefined, { id: String(template.id) })).json.data as TournamentAdminAnswer).form;
    expect(copied).toMatchObject({ scoring: 'wagered', games: null, currency: 'EUR' });

    // What the back office's live stream carries to marketing.read members.
    const published: string[] = [];
    const connection: LiveConnection = { topics: new Set(['staff:marketing.read']), write: (chunk) => published.push(chunk) > 0, close() {} };
    t.services.live.attach(connection);
    // The copy keeps the template's scoring, minimum bet and texts; the prize table is this test's.
    const spec = form({ ...copied, sysname: `bo-copy-${Date.now()}`, games: ['croupier-dice'], prizes: form().prizes, starts_at: new Date(Date.now() - 1000).toISOString(), ends_at: new Date(Date.now() + HOUR).toISOString() });
    const created = await call('marketing/tournaments/create', marketing, spec);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = (created.json.data as { id: number }).id;
    expect(await audits('tournament.create')).toBe(1);

    const [first, second] = [await player(), await player()];
    for (const who of [first, second]) {
      const joined = await t.call('tournaments/participate', { body: { tournament_id: String(id) }, headers: { cookie: who.cookie, 'x-croupier-client-ip': who.ip } });
      expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    }
    await bet(first, 2_000);
    await bet(second, 500);
    await t.services.jobs.drain();
    const seen = (await call('marketing/tournaments/get', analyst, undefined, { id: String(id) })).json.data as TournamentAdminAnswer;
    expect(seen.row).toMatchObject({ status: 'active', players: 2 });
    expect(seen.standings.map((row) => [row.rank, row.user_id, row.points])).toEqual([
      [1, first.uid, '20.00'],
      [2, second.uid, '5.00'],
    ]);
    expect(seen.standings[0].login).toContain('@');
    expect([seen.views.en.name, seen.views.fr.name]).toEqual([spec.names.en, spec.names.fr]);
    await expect.poll(() => published.some((chunk) => chunk.includes('event: tournament') && chunk.includes(`"id":${id}`))).toBe(true);
    t.services.live.detach(connection);

    // A running tournament keeps its terms.
    const change = await call('marketing/tournaments/update', marketing, { ...spec, id, buy_in: '5.00' });
    expect([change.status, fieldsOf(change)]).toEqual([409, ['id']]);

    const balances = async () => [(await t.services.ledger.balances(first.uid, 'EUR')).main, (await t.services.ledger.balances(second.uid, 'EUR')).main];
    const [a, b] = await balances();
    // Two members (or a double click) at once: one ends it, the other is told it has finished.
    const ends = await Promise.all([call('marketing/tournaments/end', marketing, { id }), call('marketing/tournaments/end', marketing, { id })]);
    expect(ends.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await call('marketing/tournaments/end', marketing, { id })).status).toBe(409);
    const [a2, b2] = await balances();
    expect([a2 - a, b2 - b]).toEqual([3_000n, 500n]);
    expect(await count('ledger_transactions', sql`idempotency_key like ${`tournament-prize:${id}:%`}`)).toBe(2);
    expect(await audits('tournament.end')).toBe(1);
    const after = (await call('marketing/tournaments/get', analyst, undefined, { id: String(id) })).json.data as TournamentAdminAnswer;
    expect(after.row.status).toBe('finished');
    expect(after.standings.map((row) => row.prize)).toEqual(['30.00', '5.00']);
  });

  it('changes an upcoming tournament with its before and after audited, and refuses ending one that has not started', async () => {
    const spec = form({ starts_at: new Date(Date.now() + HOUR).toISOString(), ends_at: new Date(Date.now() + 3 * HOUR).toISOString() });
    const created = await call('marketing/tournaments/create', marketing, spec);
    const id = (created.json.data as { id: number }).id;
    const changed = await call('marketing/tournaments/update', marketing, { ...spec, id, buy_in: '2.50', games: null });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const [row] = await queryRows<{ before: TournamentForm; after: TournamentForm }>(t.database.db, sql`select before, after from operator_audit where action = 'tournament.update' order by id desc limit 1`);
    expect([row.before.buy_in, row.after.buy_in, row.after.games]).toEqual(['0.00', '2.50', null]);
    const early = await call('marketing/tournaments/end', marketing, { id });
    expect([early.status, early.json.error?.fields?.id]).toEqual([422, 'The tournament has not started']);
    expect((await call('marketing/tournaments/get', marketing, undefined, { id: '999999' })).status).toBe(404);
  });
});
