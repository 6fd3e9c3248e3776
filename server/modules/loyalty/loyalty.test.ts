import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoyaltyCharacterView, LoyaltyInfo, LoyaltyNotice, LoyaltyProductView, LoyaltyProgramView, LoyaltyPurchase } from '../../../contract/loyalty.ts';
import type { BonusView } from '../../../contract/promotions.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { openSecondHandle } from '../../platform/testing/test-db.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { createLogger } from '../../platform/logger.ts';
import { queryRows } from '../../platform/db/database.ts';
import { jobs, loyaltyNotifications, operatorAudit, loyaltyPoints, loyaltyPurchases, loyaltyTotals, outboxEvents, playerBonuses } from '../../db/schema.ts';
import type { OutboxEvent } from '../../platform/events/outbox.ts';
import { createLedger } from '../ledger/index.ts';
import { createPromotions } from '../promotions/index.ts';
import { createLoyalty, createLoyaltyAdmin, earnedMilliPoints, levelFor, progress, wholePoints } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (who: TestPlayer | null, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: who ? { cookie: who.cookie, 'x-croupier-client-ip': who.ip } : {} });

const ok = async <T>(who: TestPlayer | null, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) => {
  const answer = await call(who, method, options);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as T;
};

const info = (who: TestPlayer) => ok<LoyaltyInfo>(who, 'loyalty/getinfo');
const notices = async (who: TestPlayer) => (await ok<{ items: LoyaltyNotice[] }>(who, 'loyalty/getnotifications')).items;
const admin = () => createLoyaltyAdmin(t.database.db, t.services.loyalty, { actor: 'test' });

async function product(sysname: string, who: TestPlayer | null = null): Promise<LoyaltyProductView> {
  const items = (await ok<{ items: LoyaltyProductView[] }>(who, 'loyalty/getproducts')).items;
  const found = items.find((item) => item.sysname === sysname);
  expect(found, sysname).toBeTruthy();
  return found!;
}

/** Real or demo rounds of one session, as a provider plays them. */
async function table(who: TestPlayer, game = 'golden-croupier', mode: 'real' | 'demo' = 'real') {
  const session = await t.services.wallet.openSession({ game, mode, userId: who.uid }, 'en');
  const provider = game === 'lantern-tide' ? 'lanternfish' : 'croupier';
  return async (amount: number) => {
    const transaction = randomUUID();
    const answer = await t.services.wallet.handle('bet', { provider, request_uuid: randomUUID(), user: session.token, game, currency: session.currency, transaction_uuid: transaction, round_id: `r-${transaction}`, amount });
    expect(answer).toMatchObject({ status: 'RS_OK' });
  };
}

const journal = (uid: number) => t.database.db.select().from(loyaltyPoints).where(eq(loyaltyPoints.userId, uid));
const milli = async (uid: number) => (await journal(uid)).reduce((sum, row) => sum + row.milliPoints, 0n);

async function funded(amount = 1_000_000n) {
  const who = await registerPlayer(t, { tag: 'loyalty' });
  await fundPlayer(t, who.uid, amount);
  return who;
}

describe('rules', () => {
  it('earns per 10.00 staked, by level rate and game type, in thousandths', () => {
    expect(earnedMilliPoints(1_000n, 1, 100, 'EUR')).toBe(1_000n); // 10.00 on a slot at rate 1: 1 point
    expect(earnedMilliPoints(100n, 1, 75, 'EUR')).toBe(75n); // 1.00 on an instant game: 0.075
    expect(earnedMilliPoints(1n, 1, 50, 'EUR')).toBe(0n);
    expect(wholePoints(1_999n)).toBe(1);
    expect(wholePoints(-1n)).toBe(-1);
    const levels = [
      { number: 1, threshold: 0, earnRate: 1 },
      { number: 2, threshold: 500, earnRate: 2 },
    ];
    expect(levelFor(levels, 499).number).toBe(1);
    expect(levelFor(levels, 500).number).toBe(2);
    expect(progress(250, 0, 500)).toBe(50);
    expect(progress(900, 500, null)).toBe(100);
  });
});

describe('earning', () => {
  it('a real bet earns once, however often its event is handled; demo bets earn nothing', async () => {
    const who = await funded();
    await (await table(who))(10_000); // 100.00 on a slot at Bronze: 10 points
    await (await table(who, 'golden-croupier', 'demo'))(10_000);
    await t.services.jobs.drain();
    expect(await milli(who.uid)).toBe(10_000n);
    const [row] = await t.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, who.uid), eq(outboxEvents.type, 'game.bet')));
    const event: OutboxEvent = { id: Number(row.id), type: row.type, userId: row.userId, payload: row.payload as Record<string, unknown>, createdAt: row.createdAt };
    for (let again = 0; again < 2; again++) await t.database.db.transaction((tx) => t.services.loyalty.earn(event, tx));
    expect(await milli(who.uid)).toBe(10_000n);
    expect(await journal(who.uid)).toHaveLength(1);
    // The demo bet queued no loyalty job at all.
    const demo = await t.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, who.uid), eq(outboxEvents.type, 'game.bet')));
    expect(demo).toHaveLength(2);
    const queued = (await t.database.db.select().from(jobs).where(eq(jobs.name, 'loyalty.earn'))).flatMap((job) => (job.payload as { events: number[] }).events);
    expect(demo.map((e) => queued.includes(Number(e.id))).sort()).toEqual([false, true]);
    const mine = await info(who);
    expect(mine).toMatchObject({ points: 10, lifetime_points: 10, pointsAlias: 'CP', level: { number: 1, sysname: 'bronze' }, next_level: { number: 2, threshold: 500 }, progress: 2 });
  });

  it('keeps the totals row equal to the journal through racing earns, redeliveries, a purchase and adjustments', async () => {
    const who = await funded(10_000_000n);
    const bet = await table(who);
    for (let i = 0; i < 6; i++) await bet(20_000); // 6 x 200.00 at Bronze: 20 points each
    const bets = await t.database.db.select().from(outboxEvents).where(and(eq(outboxEvents.userId, who.uid), eq(outboxEvents.type, 'game.bet')));
    const events: OutboxEvent[] = bets.map((row) => ({ id: Number(row.id), type: row.type, userId: row.userId, payload: row.payload as Record<string, unknown>, createdAt: row.createdAt }));
    // Every event earned by two transactions at once (a redelivery racing the first delivery).
    await Promise.all([...events, ...events].map((event) => t.database.db.transaction((tx) => t.services.loyalty.earn(event, tx))));
    await t.services.jobs.drain(); // the runner delivers them once more: nothing new
    await admin().adjust(who.uid, 400, 'goodwill'); // 520 lifetime: Silver
    await ok(who, 'loyalty/buyproduct', { body: { product_id: String((await product('bonus-5', who)).id) } }); // -500
    await admin().adjust(who.uid, -10, 'correction');
    const rows = await journal(who.uid);
    expect(rows.filter((row) => row.kind === 'earn')).toHaveLength(6);
    const [totals] = await queryRows<{ balanceMilli: string; lifetimeMilli: string }>(
      t.database.db,
      sql`select sum(balance_milli)::text as "balanceMilli", sum(lifetime_milli)::text as "lifetimeMilli" from ${loyaltyTotals} where user_id = ${who.uid}`,
    );
    expect({ balanceMilli: BigInt(totals.balanceMilli), lifetimeMilli: BigInt(totals.lifetimeMilli) }).toEqual({
      balanceMilli: rows.reduce((sum, row) => sum + row.milliPoints, 0n),
      lifetimeMilli: rows.filter((row) => row.kind !== 'purchase').reduce((sum, row) => sum + row.milliPoints, 0n),
    });
    expect(totals).toEqual({ balanceMilli: '10000', lifetimeMilli: '510000' });
    expect(await info(who)).toMatchObject({ points: 10, lifetime_points: 510, level: { number: 2 } });
  });

  it('counts game types in proportion: a table game half a slot', async () => {
    const who = await funded();
    await (await table(who, 'croupier-roulette'))(10_000);
    await t.services.jobs.drain();
    expect(await milli(who.uid)).toBe(5_000n);
  });

  it('the level follows lifetime points, earns at its rate, and its notice is written once and shown once', async () => {
    const who = await funded(10_000_000n);
    const bet = await table(who);
    for (let i = 0; i < 10; i++) await bet(50_000); // 10 x 500.00 at rate 1: 500 points, Silver
    await t.services.jobs.drain();
    let mine = await info(who);
    expect(mine).toMatchObject({ points: 500, lifetime_points: 500, level: { number: 2, sysname: 'silver', earn_rate: 2 }, progress: 0 });
    await bet(10_000); // 100.00 at Silver: 20 points
    await t.services.jobs.drain();
    mine = await info(who);
    expect(mine.points).toBe(520);
    const levelNotices = await t.database.db.select().from(loyaltyNotifications).where(eq(loyaltyNotifications.userId, who.uid));
    expect(levelNotices.map((row) => [row.trigger, row.level])).toEqual([['level', 2]]);
    const shown = await notices(who);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ trigger: 'level', type: 'credit', title: 'Welcome to Silver!' });
    expect(await notices(who)).toEqual([]);
    // Spending does not lower the level.
    await ok(who, 'loyalty/buyproduct', { body: { product_id: String((await product('bonus-5', who)).id) } });
    mine = await info(who);
    expect(mine).toMatchObject({ points: 20, lifetime_points: 520, level: { number: 2 } });
  });
});

describe('the shop', () => {
  it('buys with exactly enough points: the bonus shows in bonuses/get, the notice once, the books hold', async () => {
    const who = await funded();
    await admin().adjust(who.uid, 500, 'test');
    const bonus5 = await product('bonus-5', who);
    expect(bonus5).toMatchObject({ price: 500, can_buy: true, reason: null, kind: 'bonus_money' });
    const bought = await ok<LoyaltyPurchase>(who, 'loyalty/buyproduct', { body: { product_id: String(bonus5.id) } });
    expect(bought).toMatchObject({ points: 0, product: { sysname: 'bonus-5', can_buy: false, reason: 'points' } });
    expect((await info(who)).points).toBe(0);
    const bonuses = (await ok<{ items: BonusView[] }>(who, 'bonuses/get')).items;
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ id: bought.bonus_id, kind: 'bonus', status: 'available', amount: '5.00' });
    const shown = await notices(who);
    // Newest first: the purchase, then Silver, which the 500 points given reached.
    expect(shown.map((notice) => [notice.trigger, notice.type, notice.amount, notice.amountType])).toEqual([
      ['product', 'credit', 500, 'points'],
      ['level', 'credit', null, null],
    ]);
    expect(shown[0].message).toBe('€5 bonus is yours. Find it in your bonuses.');
    expect(await notices(who)).toEqual([]);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('free spins start at once, a cashback boost is active', async () => {
    const who = await funded();
    await admin().adjust(who.uid, 2_000, 'test');
    await ok(who, 'loyalty/buyproduct', { body: { product_id: String((await product('golden-spins-20')).id) } });
    await ok(who, 'loyalty/buyproduct', { body: { product_id: String((await product('cashback-boost-5')).id) } });
    const bonuses = (await ok<{ items: BonusView[] }>(who, 'bonuses/get')).items;
    expect(bonuses.map((bonus) => [bonus.kind, bonus.status]).sort()).toEqual([
      ['cashback_boost', 'active'],
      ['free_spins', 'active'],
    ]);
    expect((await info(who)).points).toBe(0);
    expect((await t.services.ledger.verify()).problems).toEqual([]);
  });

  it('refuses not enough points and too low a level, in the player’s language, writing nothing', async () => {
    const who = await funded();
    await admin().adjust(who.uid, 499, 'test');
    const bonus5 = await product('bonus-5', who);
    expect(bonus5).toMatchObject({ can_buy: false, reason: 'points' });
    let answer = await call(who, 'loyalty/buyproduct', { body: { product_id: String(bonus5.id) } });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { product_id: 'Not enough points for this item' }, details: { reason: 'points' } });
    await admin().adjust(who.uid, 1_500, 'test'); // 1999 points: Gold is from 2000
    const gold = await product('bonus-25-gold', who);
    expect(gold).toMatchObject({ min_level: 3, can_buy: false, reason: 'level' });
    answer = await call(who, 'loyalty/buyproduct', { body: { product_id: String(gold.id) }, query: { locale: 'fr' } });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { product_id: 'Votre niveau est trop bas pour cet article' }, details: { reason: 'level' } });
    expect(await t.database.db.select().from(loyaltyPurchases).where(eq(loyaltyPurchases.userId, who.uid))).toEqual([]);
    expect(await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.userId, who.uid))).toEqual([]);
    expect((await journal(who.uid)).map((row) => row.kind)).toEqual(['adjust', 'adjust']);
    expect((await notices(who)).map((notice) => notice.trigger)).toEqual(['level']); // Silver, from the points given
    answer = await call(who, 'loyalty/buyproduct', { body: { product_id: '999999' } });
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', details: { reason: 'unknown' } });
  });

  it('a guest sees the shop without can_buy and cannot buy', async () => {
    const bonus5 = await product('bonus-5');
    expect(bonus5).toMatchObject({ can_buy: false, reason: null, currency: 'EUR' });
    expect((await call(null, 'loyalty/buyproduct', { body: { product_id: String(bonus5.id) } })).status).toBe(401);
    expect((await call(null, 'loyalty/getinfo')).status).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('two purchases at once from two connection pools spend the points once', async () => {
    const other = (await openSecondHandle(t.database))!;
    try {
      const logger = createLogger('silent');
      const promotions = createPromotions({ db: other.db, ledger: createLedger(other.db), logger });
      const second = createLoyalty({ db: other.db, logger, grant: promotions.grant });
      const who = await funded();
      await admin().adjust(who.uid, 500, 'test');
      const id = (await product('bonus-5')).id;
      const results = await Promise.allSettled([t.services.loyalty.buy(who.uid, id, 'en'), second.buy(who.uid, id, 'en')]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ type: 'InvalidParameterException', details: { reason: 'points' } });
      expect(await milli(who.uid)).toBe(0n);
      expect(await t.database.db.select().from(loyaltyPurchases).where(eq(loyaltyPurchases.userId, who.uid))).toHaveLength(1);
      expect(await t.database.db.select().from(playerBonuses).where(eq(playerBonuses.userId, who.uid))).toHaveLength(1);
      expect((await t.services.ledger.verify()).problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('characters and programmes', () => {
  it('lists characters, sets one any time, refuses an unknown id; sign-up takes character_id', async () => {
    const list = await ok<{ items: LoyaltyCharacterView[]; offset: number; limit: number; total: number }>(null, 'loyalty/getcharacters', { query: { offset: '1', limit: '2' } });
    expect(list).toMatchObject({ offset: 1, limit: 2 });
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.items[0].image_url).toMatch(/^\/loyalty\/characters\/[a-z-]+\.svg$/);
    const who = await funded();
    expect((await info(who)).character).toBeNull();
    const set = await ok<LoyaltyInfo>(who, 'loyalty/setcharacter', { body: { id: String(list.items[0].id) } });
    expect(set.character?.id).toBe(list.items[0].id);
    expect((await ok<LoyaltyInfo>(who, 'loyalty/setcharacter', { body: { id: String(list.items[1].id) } })).character?.id).toBe(list.items[1].id);
    const answer = await call(who, 'loyalty/setcharacter', { body: { id: '999999' } });
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { id: 'No such character' } });

    const signup = await t.call('register', {
      body: { email: `loyalty.char.${Date.now()}@example.com`, password: 'secret12', terms: '1', currency: 'EUR', character_id: String(list.items[1].id) },
      headers: { 'x-croupier-client-ip': '10.78.0.1' },
    });
    expect(signup.status, JSON.stringify(signup.json)).toBe(200);
    const uid = (signup.json.data as { uid: number }).uid;
    expect((await t.services.loyalty.info(uid, 'en')).character?.id).toBe(list.items[1].id);
  });

  it('answers the programmes, and an unknown one with 404', async () => {
    const all = await ok<{ items: LoyaltyProgramView[] }>(null, 'loyalty/getPrograms');
    expect(all.items.map((item) => item.sysname)).toContain('croupier-club');
    const club = await ok<LoyaltyProgramView>(null, 'loyalty/getProgram', { query: { sysname: 'croupier-club' } });
    expect(club.levels.map((level) => level.threshold)).toEqual([0, 500, 2000, 10000, 50000]);
    expect(club.name).toBe('Croupier Club');
    const missing = await call(null, 'loyalty/getProgram', { query: { sysname: 'no-such-club' } });
    expect(missing.status).toBe(404);
    expect(missing.json.error?.type).toBe('InvalidParameterException');
  });
});

describe('operators', () => {
  it('adjusts points with an audited journal row, never below zero, and shows the movements', async () => {
    const who = await funded();
    const done = await admin().adjust(who.uid, 300, 'goodwill');
    expect(done.points).toBe(300);
    await expect(admin().adjust(who.uid, -301, 'too much')).rejects.toThrow('300 points');
    await admin().adjust(who.uid, -100, 'correction');
    const shown = await admin().points(who.uid);
    expect(shown).toMatchObject({ points: 200, lifetime: 200 });
    expect(shown.movements.map((row) => [row.kind, row.points])).toEqual([
      ['adjust', -100],
      ['adjust', 300],
    ]);
    const audit = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.subject, `user:${who.uid}`));
    expect(audit.map((row) => [row.action, (row.details as { points: number }).points])).toEqual([
      ['loyalty:adjust', 300],
      ['loyalty:adjust', -100],
    ]);
    expect((await admin().listProducts()).map((row) => row.sysname)).toContain('bonus-5');
    // Points added up to a level: its notice, once.
    await admin().adjust(who.uid, 2_000, 'promotion');
    await admin().adjust(who.uid, 1, 'again');
    expect((await notices(who)).map((notice) => [notice.trigger, notice.title])).toEqual([
      ['level', 'Welcome to Gold!'],
      ['level', 'Welcome to Silver!'],
    ]);
  });
});
