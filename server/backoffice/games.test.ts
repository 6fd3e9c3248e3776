import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, AdminGamesPage, AdminPoolView, AdminProvider, FreeSpinPackView } from '../../contract/backoffice-games.ts';
import { freeSpinPacks, gameCategoryGames, games, jackpotPools, users } from '../db/schema.ts';
import { queryRows } from '../platform/db/database.ts';
import { createTestApp, type TestApp } from '../platform/testing/test-app.ts';
import { registerPlayer, type TestPlayer } from '../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../platform/testing/staff.ts';

/**
 * The games catalogue screens' endpoints, as a player notices them: the hall, the game page's
 * lookup and the launch follow every change at once (the catalogue's cache is set to an hour here,
 * so only the back office's invalidation can make a change visible), each write is one audit row,
 * and a refused input names its field and writes nothing.
 */

let t: TestApp;
let manager: TestStaff;
let marketing: TestStaff;
let player: TestPlayer;

beforeAll(async () => {
  t = await createTestApp({ SHARED_CACHE_MS: '3600000' });
  manager = await createStaffMember(t, 'manager');
  marketing = await createStaffMember(t, 'marketing');
  player = await registerPlayer(t, { tag: 'games' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const auditCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from operator_audit`))[0].n;
const lastAudit = async (action: string) =>
  (
    await queryRows<{ subject: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.database.db,
      sql`select subject, before, after from operator_audit where action = ${action} order by id desc limit 1`,
    )
  )[0];
const write = (name: string, body: Record<string, unknown>, as = manager) => backoffice(t, name, { body, cookie: as.cookie });
const hall = async (query: Record<string, string> = {}, cookie?: string) => {
  const answer = await t.call('games/get', { query: { count: '100', ...query }, headers: cookie ? { cookie } : {} });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as { items: Array<{ sysname: string; badges: string[] }>; total: number };
};
const sysnamesOf = (page: { items: Array<{ sysname: string }> }) => page.items.map((item) => item.sysname);
const categoryCount = async (id: string, cookie?: string) =>
  ((await t.call('games/getCategories', { headers: cookie ? { cookie } : {} })).json.data as Array<{ id: string; games_count: number }>).find((row) => row.id === id)!.games_count;
const launch = (sysname: string, cookie?: string) => t.call('games/launch', { body: { sysname, mode: 'demo' }, headers: cookie ? { cookie } : {} });
const setCountry = (uid: number, country: string | null) => t.database.db.update(users).set({ countryCode: country }).where(eq(users.id, uid));

describe('a game switched off', () => {
  it('leaves the hall, its category count and the game page at once, is refused at launch, and comes back when switched on', async () => {
    // Warm the caches first: the change must clear them, not wait for them.
    expect(sysnamesOf(await hall())).toContain('lantern-tide');
    expect(sysnamesOf(await hall({ category: 'slot' }))).toContain('lantern-tide');
    const slots = await categoryCount('slot');
    expect((await launch('lantern-tide')).status).toBe(200);

    const off = await write('games/update', { sysname: 'lantern-tide', is_active: false });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(await lastAudit('games.update')).toMatchObject({ subject: 'game:lantern-tide', before: { is_active: true }, after: { is_active: false } });

    expect(sysnamesOf(await hall())).not.toContain('lantern-tide');
    expect(sysnamesOf(await hall({ category: 'slot' }))).not.toContain('lantern-tide');
    expect((await hall({ sysnames: 'lantern-tide' })).items).toEqual([]);
    expect(await categoryCount('slot')).toBe(slots - 1);
    const refused = await launch('lantern-tide');
    expect(refused.status).toBe(404);
    expect(refused.json.error?.fields).toHaveProperty('sysname');

    // The back office still lists it, as disabled.
    const listed = (await backoffice(t, 'games/list', { query: { q: 'lantern tide', status: 'disabled' }, cookie: marketing.cookie })).json.data as AdminGamesPage;
    expect(listed.items.map((row) => [row.sysname, row.is_active])).toEqual([['lantern-tide', false]]);

    expect((await write('games/update', { sysname: 'lantern-tide', is_active: true })).status).toBe(200);
    expect(sysnamesOf(await hall())).toContain('lantern-tide');
    expect((await launch('lantern-tide')).status).toBe(200);
  });

  it('is the same for every game of a provider switched off', async () => {
    const lanternfish = sysnamesOf(await hall({ providers: 'lanternfish' }));
    expect(lanternfish.length).toBeGreaterThan(3);
    const off = await write('games/provider-active', { sysname: 'lanternfish', is_active: false });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(await lastAudit('games.provider-active')).toMatchObject({ subject: 'provider:lanternfish', before: { is_active: true }, after: { is_active: false } });
    expect(sysnamesOf(await hall()).filter((name) => lanternfish.includes(name))).toEqual([]);
    expect(((await t.call('games/getProviders')).json.data as Array<{ sysname: string }>).map((row) => row.sysname)).not.toContain('lanternfish');
    expect((await launch(lanternfish[0])).status).toBe(404);
    const providers = (await backoffice(t, 'games/providers', { cookie: marketing.cookie })).json.data as AdminProvider[];
    expect(providers.find((row) => row.sysname === 'lanternfish')).toMatchObject({ is_active: false, games_count: lanternfish.length, active_games: lanternfish.length });

    await write('games/provider-active', { sysname: 'lanternfish', is_active: true });
    expect(sysnamesOf(await hall({ providers: 'lanternfish' }))).toEqual(lanternfish);
  });
});

describe('availability per country', () => {
  it('hides a game from players of a listed country in the hall, the game page and the launch; others and guests keep it', async () => {
    const german = await registerPlayer(t, { tag: 'de' });
    await setCountry(german.uid, 'DE');
    await setCountry(player.uid, 'FR');
    expect(sysnamesOf(await hall({}, german.cookie))).toContain('golden-croupier');
    const slotsInGermany = await categoryCount('slot', german.cookie);

    const set = await write('games/update', { sysname: 'golden-croupier', blocked_countries: 'de, at' });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data).toMatchObject({ blocked_countries: ['AT', 'DE'] });

    expect(sysnamesOf(await hall({}, german.cookie))).not.toContain('golden-croupier');
    expect((await hall({ sysnames: 'golden-croupier' }, german.cookie)).items).toEqual([]);
    expect(await categoryCount('slot', german.cookie)).toBe(slotsInGermany - 1);
    const refused = await launch('golden-croupier', german.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.fields).toHaveProperty('sysname');

    expect(sysnamesOf(await hall({}, player.cookie))).toContain('golden-croupier');
    expect((await launch('golden-croupier', player.cookie)).status).toBe(200);
    expect(sysnamesOf(await hall())).toContain('golden-croupier');

    const blocked = (await backoffice(t, 'games/list', { query: { blocked_in: 'de' }, cookie: manager.cookie })).json.data as AdminGamesPage;
    expect(blocked.items.map((row) => row.sysname)).toEqual(['golden-croupier']);

    await write('games/update', { sysname: 'golden-croupier', blocked_countries: [] });
    expect(sysnamesOf(await hall({}, german.cookie))).toContain('golden-croupier');
  });
});

describe('badges, categories and order', () => {
  it('shows a badge on the game item, moves a game within its category, and changes the categories it is in', async () => {
    const hot = await write('games/update', { sysname: 'coral-crown', badges: ['hot'] });
    expect(hot.status, JSON.stringify(hot.json)).toBe(200);
    expect((await hall({ sysnames: 'coral-crown' })).items[0].badges).toEqual(['hot']);
    expect((await hall({ sysnames: 'lantern-tide' })).items[0].badges).toEqual([]);

    const slots = sysnamesOf(await hall({ category: 'slot' }));
    expect(slots[0]).not.toBe('coral-crown');
    const moved = await write('games/move', { category: 'slot', sysname: 'coral-crown', move: 1 });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await lastAudit('games.move')).toMatchObject({ subject: 'game:coral-crown', before: { slot: slots.indexOf('coral-crown') + 1 }, after: { slot: 1 } });
    expect(sysnamesOf(await hall({ category: 'slot' }))).toEqual(['coral-crown', ...slots.filter((name) => name !== 'coral-crown')]);
    await write('games/move', { category: 'slot', sysname: 'coral-crown', move: 'down' });
    expect(sysnamesOf(await hall({ category: 'slot' })).slice(0, 2)).toEqual([slots[0], 'coral-crown']);
    // The whole category stays numbered 1..n.
    const positions = await t.database.db.select({ position: gameCategoryGames.position }).from(gameCategoryGames).where(eq(gameCategoryGames.categoryId, 'slot'));
    expect(positions.map((row) => row.position).sort((a, b) => a - b)).toEqual(slots.map((_, index) => index + 1));

    // Also a fast game; then out of slots.
    const fast = await categoryCount('fast');
    expect((await write('games/update', { sysname: 'coral-crown', categories: ['slot', 'fast'] })).status).toBe(200);
    expect(sysnamesOf(await hall({ category: 'fast' })).at(-1)).toBe('coral-crown');
    expect(await categoryCount('fast')).toBe(fast + 1);
    expect((await write('games/update', { sysname: 'coral-crown', categories: ['fast'] })).status).toBe(200);
    expect(sysnamesOf(await hall({ category: 'slot' }))).not.toContain('coral-crown');
    const categories = (await backoffice(t, 'games/categories', { cookie: marketing.cookie })).json.data as AdminCategory[];
    expect(categories.find((row) => row.id === 'fast')?.games_count).toBe(fast + 1);
    await write('games/update', { sysname: 'coral-crown', categories: ['slot'], badges: [] });
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = await auditCount();
    const [row] = await t.database.db.select().from(games).where(eq(games.sysname, 'pearl-cascade'));
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['games/update', { sysname: 'pearl-cascade', blocked_countries: ['FR', 'XX'] }, 'blocked_countries.1'],
      ['games/update', { sysname: 'pearl-cascade', blocked_countries: ['FRA'] }, 'blocked_countries.0'],
      ['games/update', { sysname: 'pearl-cascade', badges: ['cold'] }, 'badges.0'],
      ['games/update', { sysname: 'pearl-cascade', categories: ['slot', 'nope'] }, 'categories'],
      ['games/update', { sysname: 'pearl-cascade', categories: ['all'] }, 'categories'],
      ['games/update', { sysname: 'pearl-cascade', is_active: 'maybe' }, 'is_active'],
      ['games/update', { sysname: 'pearl-cascade' }, 'is_active'],
      ['games/update', { sysname: 'Not A Game' }, 'sysname'],
      ['games/move', { category: 'slot', sysname: 'pearl-cascade', move: 'sideways' }, 'move'],
      ['games/move', { category: 'all', sysname: 'pearl-cascade', move: 1 }, 'category'],
      ['games/provider-active', { sysname: 'lanternfish' }, 'is_active'],
    ];
    for (const [name, body, field] of cases) {
      const answer = await write(name, body);
      expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(422);
      expect(answer.json.error?.type).toBe('InvalidParameterException');
      expect(Object.keys(answer.json.error?.fields ?? {}), `${name} ${JSON.stringify(body)}`).toContain(field);
    }
    const unknown = await write('games/update', { sysname: 'no-such-game', is_active: false });
    expect([unknown.status, Object.keys(unknown.json.error?.fields ?? {})]).toEqual([404, ['sysname']]);
    const notInCategory = await write('games/move', { category: 'live', sysname: 'pearl-cascade', move: 'up' });
    expect([notInCategory.status, Object.keys(notInCategory.json.error?.fields ?? {})]).toEqual([404, ['sysname']]);
    expect(await auditCount()).toBe(before);
    expect((await t.database.db.select().from(games).where(eq(games.sysname, 'pearl-cascade')))[0]).toEqual(row);
  });

  it('answers a member who reads French in French', async () => {
    const answer = await backoffice(t, 'games/update', { body: { sysname: 'pearl-cascade', categories: ['nope'] }, cookie: `${manager.cookie}; bo_locale=fr` });
    expect(answer.json.error?.fields?.categories).toBe('Aucune catégorie nope (chaque jeu est déjà dans « tous »)');
  });

  it('lets marketing look but not change', async () => {
    expect((await backoffice(t, 'games/list', { cookie: marketing.cookie })).status).toBe(200);
    const refused = await write('games/update', { sysname: 'pearl-cascade', badges: ['new'] }, marketing);
    expect(refused.status).toBe(403);
  });
});

describe('jackpot pools', () => {
  it('shows the amount, seed and share, and changes seed and share for the future without moving money', async () => {
    const pools = (await backoffice(t, 'games/jackpots', { cookie: marketing.cookie })).json.data as AdminPoolView[];
    const pool = pools.find((row) => row.currency === 'EUR')!;
    expect(pool).toMatchObject({ amount: pool.cycle_seed, seed: pool.cycle_seed, hits: [] });
    const ledgerRows = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_transactions`))[0].n;
    const movements = await ledgerRows();
    const audits = await auditCount();

    for (const [body, field] of [
      [{ id: pool.id, seed: '-5' }, 'seed'],
      [{ id: pool.id, seed: 'lots' }, 'seed'],
      [{ id: pool.id, seed: '2000000' }, 'seed'],
      [{ id: pool.id, contribution_bps: 5000 }, 'contribution_bps'],
      [{ id: pool.id, contribution_bps: 1.5 }, 'contribution_bps'],
      [{ id: pool.id }, 'seed'],
    ] as Array<[Record<string, unknown>, string]>) {
      const answer = await write('games/jackpot-configure', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.json.error?.fields ?? {})).toEqual([field]);
    }
    expect(await auditCount()).toBe(audits);

    const changed = await write('games/jackpot-configure', { id: pool.id, seed: '7500.50', contribution_bps: 150 });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(await lastAudit('games.jackpot-configure')).toMatchObject({ subject: `jackpot-pool:${pool.id}`, after: { seed: '7500.50', contribution_bps: 150 } });
    const [row] = await t.database.db.select().from(jackpotPools).where(eq(jackpotPools.id, pool.id));
    expect([row.seed, row.contributionBps]).toEqual([750050n, 150]);
    const after = ((await backoffice(t, 'games/jackpots', { cookie: manager.cookie })).json.data as AdminPoolView[]).find((entry) => entry.id === pool.id)!;
    // The running cycle keeps its seed and amount; the next one starts at the new seed.
    expect([after.amount, after.cycle_seed, after.seed]).toEqual([pool.amount, pool.cycle_seed, '7500.50']);
    expect(await ledgerRows()).toBe(movements);
  });
});

describe('free-spin packs', () => {
  it('gives a player a pack they see, edits it before its first spin, cancels it, and refuses bad input naming the field', async () => {
    const audits = await auditCount();
    for (const [body, field, status] of [
      [{ user_id: player.uid, game: 'golden-croupier', spins: 10, bet: '0.30', valid_days: 7 }, 'bet', 422],
      [{ user_id: player.uid, game: 'golden-croupier', spins: 10, bet: '500', valid_days: 7 }, 'bet', 422],
      [{ user_id: player.uid, game: 'golden-croupier', spins: 0, bet: '1.00', valid_days: 7 }, 'spins', 422],
      [{ user_id: player.uid, game: 'golden-croupier', spins: 10, bet: '1.00', valid_days: 365 }, 'valid_days', 422],
      [{ user_id: player.uid, game: 'croupier-roulette', spins: 10, bet: '1.00', valid_days: 7 }, 'game', 422],
      [{ user_id: player.uid, game: 'no-such-slot', spins: 10, bet: '1.00', valid_days: 7 }, 'game', 404],
      [{ user_id: 999_999, game: 'golden-croupier', spins: 10, bet: '1.00', valid_days: 7 }, 'user_id', 404],
    ] as Array<[Record<string, unknown>, string, number]>) {
      const answer = await write('games/free-spin-create', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(answer.json.error?.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect(await auditCount()).toBe(audits);
    expect(await t.database.db.select().from(freeSpinPacks).where(eq(freeSpinPacks.userId, player.uid))).toEqual([]);

    const created = await write('games/free-spin-create', { user_id: player.uid, game: 'golden-croupier', spins: 10, bet: '1.00', valid_days: 7 });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const pack = created.json.data as FreeSpinPackView;
    expect(pack).toMatchObject({ user_id: player.uid, game: 'golden-croupier', total_count: 10, remaining_count: 10, bet: '1.00', currency: 'EUR', status: 'active', bonus_id: null });
    expect(await lastAudit('games.free-spin-create')).toMatchObject({ subject: `free-spin-pack:${pack.id}` });
    const seen = (await t.call('freespins/get', { headers: { cookie: player.cookie } })).json.data as { items: Array<{ id: number; total_count: number; bet: { amount: string } }> };
    expect(seen.items.map((item) => [item.id, item.total_count, item.bet.amount])).toEqual([[pack.id, 10, '1.00']]);

    const edited = await write('games/free-spin-update', { id: pack.id, spins: 20, bet: '2.00', valid_days: 30 });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data).toMatchObject({ total_count: 20, remaining_count: 20, bet: '2.00' });
    const badEdit = await write('games/free-spin-update', { id: pack.id, bet: '0.05' });
    expect([badEdit.status, Object.keys(badEdit.json.error?.fields ?? {})]).toEqual([422, ['bet']]);

    // Once a spin is taken, only the validity changes.
    await t.database.db.update(freeSpinPacks).set({ remainingCount: 19 }).where(eq(freeSpinPacks.id, pack.id));
    const late = await write('games/free-spin-update', { id: pack.id, spins: 5 });
    expect([late.status, Object.keys(late.json.error?.fields ?? {})]).toEqual([422, ['spins']]);

    const cancelled = await write('games/free-spin-update', { id: pack.id, cancel: true });
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled' });
    expect(await lastAudit('games.free-spin-cancel')).toMatchObject({ before: { status: 'active' }, after: { status: 'cancelled' } });
    expect(((await t.call('freespins/get', { headers: { cookie: player.cookie } })).json.data as { items: unknown[] }).items).toEqual([]);

    const listed = (await backoffice(t, 'games/free-spins', { query: { user_id: String(player.uid), source: 'operator' }, cookie: marketing.cookie })).json.data as { items: FreeSpinPackView[]; total: number };
    expect(listed.items.map((row) => [row.id, row.status])).toEqual([[pack.id, 'cancelled']]);
  });
});
