import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashbackView } from '../../../contract/promotions.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { fundPlayer, registerPlayer, type TestPlayer } from '../../platform/testing/players.ts';
import { campaigns, cashbacks, users, walletTransactions } from '../../db/schema.ts';

/**
 * The cashback job (cashback.ts) as players and operators see it: a losing period gives its
 * percent back once, a winning one nothing; an automatic campaign pays at once, another waits for
 * the player's request until its deadline. Time moves through run's `at`, never by waiting.
 */
let t: TestApp;
const DAY = 86_400_000;
/** The seeded weekly cashback (10%, paid on request within 7 days). */
let weekly: { id: number; startsAt: Date };
/** Its second period: it starts when the seed ran, so every round of this file falls in it. */
let period2: { start: Date; end: Date };

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.sysname, 'weekly-cashback'));
  weekly = { id: row.id, startsAt: row.startsAt };
  period2 = { start: new Date(row.startsAt.getTime() + 7 * DAY), end: new Date(row.startsAt.getTime() + 14 * DAY) };
  expect(period2.start.getTime()).toBeLessThanOrEqual(Date.now());
});
afterAll(async () => {
  await t.close();
});

const headers = (who: TestPlayer) => ({ cookie: who.cookie, 'x-croupier-client-ip': who.ip });
const call = (who: TestPlayer, method: string, options: { query?: Record<string, string>; body?: Record<string, string> } = {}) =>
  t.call(method, { ...options, headers: headers(who) });
const mainOf = async (who: TestPlayer) => (await t.services.ledger.balances(who.uid, 'EUR')).main;

/** The job, in a transaction of its own, at `at`. Answers how many cashbacks it created. */
const run = (at: Date) => t.database.db.transaction((tx) => t.services.cashback.run(tx, at));

const rowsOf = (who: TestPlayer, campaignId = weekly.id) =>
  t.database.db.select().from(cashbacks).where(and(eq(cashbacks.userId, who.uid), eq(cashbacks.campaignId, campaignId)));

/** Ledger movements of kind cashback that reached the player's main balance. */
const cashbackPostings = async (who: TestPlayer) => (await t.services.ledger.postingsOf(who.uid, 'main', 'EUR')).filter((posting) => posting.kind === 'cashback');

/** A real-money table of the in-house slot, as its provider plays it. */
async function table(who: TestPlayer) {
  const session = await t.services.wallet.openSession({ game: 'golden-croupier', mode: 'real', userId: who.uid }, 'en');
  const base = () => ({ provider: 'croupier', request_uuid: randomUUID(), user: session.token, game: 'golden-croupier', currency: 'EUR' });
  const ok = (answer: { status: string }) => expect(answer.status, JSON.stringify(answer)).toBe('RS_OK');
  return {
    async bet(amount: number) {
      const id = randomUUID();
      ok(await t.services.wallet.handle('bet', { ...base(), transaction_uuid: id, round_id: `r-${id}`, amount }));
      return id;
    },
    async win(bet: string, amount: number) {
      ok(await t.services.wallet.handle('win', { ...base(), transaction_uuid: randomUUID(), reference_transaction_uuid: bet, round_id: `r-${bet}`, amount }));
    },
    async rollback(bet: string) {
      ok(await t.services.wallet.handle('rollback', { ...base(), transaction_uuid: randomUUID(), reference_transaction_uuid: bet, round_id: `r-${bet}` }));
    },
  };
}

/** Moves a round's journal rows (the bet and what refers to it) to another moment. */
async function moveRound(bet: string, at: Date) {
  await t.database.db.update(walletTransactions).set({ createdAt: at }).where(eq(walletTransactions.transactionUuid, bet));
  await t.database.db.update(walletTransactions).set({ createdAt: at }).where(eq(walletTransactions.referenceTransactionUuid, bet));
}

/** A cashback campaign of the test's own (another period, percent or payout), for players of one country. */
async function cashbackCampaign(spec: { percent: number; periodDays: number; payout: 'auto' | 'request'; startsAt: Date; country: string }) {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      sysname: `test-cashback-${randomUUID().slice(0, 8)}`,
      currency: 'EUR',
      trigger: 'cashback',
      reward: { type: 'cashback', percent: spec.percent, period_days: spec.periodDays, payout: spec.payout, claim_days: 3 },
      audience: { countries: [spec.country] },
      startsAt: spec.startsAt,
    })
    .returning();
  return row;
}

async function playerFrom(country: string | null, tag: string) {
  const who = await registerPlayer(t, { tag });
  if (country) await t.database.db.update(users).set({ countryCode: country }).where(eq(users.id, who.uid));
  await fundPlayer(t, who.uid, 100_000n);
  return who;
}

const ledgerHolds = async () => expect((await t.services.ledger.verify()).problems).toEqual([]);

describe('a losing period, paid on request', () => {
  it('gives 10% of the net loss, rounded down, once, and pays it once', async () => {
    const who = await playerFrom(null, 'loser');
    const slot = await table(who);
    const first = await slot.bet(3000);
    await slot.bet(2567);
    await slot.win(first, 2000);
    // A bet rolled back is no loss.
    await slot.rollback(await slot.bet(500));
    await slot.bet(1);
    // Net loss 30.00 + 25.67 + 0.01 - 20.00 = 35.68: 10% is 3.568, paid 3.56.

    // The period has not ended yet: nothing.
    await run(new Date(period2.end.getTime() - 1));
    expect(await rowsOf(who)).toEqual([]);

    const before = await mainOf(who);
    const at = new Date(period2.end.getTime() + 60_000);
    expect(await run(at)).toBeGreaterThanOrEqual(1);
    expect(await run(at)).toBe(0);
    const rows = await rowsOf(who);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ netLoss: 3568n, amount: 356n, rateBps: 1000, status: 'active', paidOutAt: null });
    expect(rows[0].periodStart).toEqual(period2.start);
    expect(rows[0].periodEnd).toEqual(period2.end);
    expect(rows[0].receivingExpiredAt).toEqual(new Date(period2.end.getTime() + 7 * DAY));
    // On request: nothing moved yet.
    expect(await mainOf(who)).toBe(before);

    const paid = await call(who, 'cashbacks/payout', { body: { cashback_id: String(rows[0].id) } });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.data).toMatchObject({ id: rows[0].id, status: 'paid_out', amount: '3.56', net_loss: '35.68', percent: 10 });
    expect(await mainOf(who)).toBe(before + 356n);

    const again = await call(who, 'cashbacks/payout', { body: { cashback_id: String(rows[0].id) } });
    expect(again.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { cashback_id: 'This cashback can no longer be paid out' } });
    expect(await mainOf(who)).toBe(before + 356n);
    expect((await cashbackPostings(who)).map((posting) => posting.amount)).toEqual([356n]);
    // A later run does not pay or compute the period again.
    expect(await run(new Date(at.getTime() + DAY))).toBe(0);
    expect(await rowsOf(who)).toHaveLength(1);
    await ledgerHolds();
  });

  it('refuses to pay another player\'s cashback', async () => {
    const owner = await playerFrom(null, 'owner');
    const slot = await table(owner);
    await slot.bet(5000);
    await run(new Date(period2.end.getTime() + 60_000));
    const [row] = await rowsOf(owner);
    expect(row).toMatchObject({ amount: 500n });
    const other = await registerPlayer(t, { tag: 'other' });
    const answer = await call(other, 'cashbacks/payout', { body: { cashback_id: String(row.id) } });
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { cashback_id: 'No such cashback' } });
    expect((await t.services.ledger.balances(other.uid, 'EUR')).main).toBe(0n);
    expect((await rowsOf(owner))[0].status).toBe('active');
  });
});

describe('what counts', () => {
  it('gives a net winner nothing, and a player who broke even nothing', async () => {
    const winner = await playerFrom(null, 'winner');
    const even = await playerFrom(null, 'even');
    const a = await table(winner);
    await a.win(await a.bet(1000), 2500);
    await a.bet(500);
    const b = await table(even);
    await b.win(await b.bet(1000), 1000);
    await run(new Date(period2.end.getTime() + 60_000));
    expect(await rowsOf(winner)).toEqual([]);
    expect(await rowsOf(even)).toEqual([]);
  });

  it('counts real money only: a stake drawn from bonus money and its win\'s bonus share are left out', async () => {
    const who = await registerPlayer(t, { tag: 'bonus-loss' });
    await fundPlayer(t, who.uid, 1500n);
    await t.database.db.transaction((tx) =>
      t.services.promotions.grant(tx, {
        userId: who.uid,
        currency: 'EUR',
        source: `test-bonus-loss:${who.uid}`,
        reward: { type: 'fixed_bonus', amount: '2000', multiplier: 50, max_bet: null, days: 7 },
        titles: { en: 'Test' },
        activateNow: true,
        now: new Date(),
      }),
    );
    const slot = await table(who);
    // 15.00 of main money: a bet of 10.00 from it, then one drawn half from main, half from bonus
    // money, whose 6.00 win goes back half to each, then a bet that takes the 3.00 of main first.
    await slot.bet(1000);
    const mixed = await slot.bet(1000);
    await slot.win(mixed, 600);
    await slot.bet(1000);
    expect(await t.services.ledger.balances(who.uid, 'EUR')).toMatchObject({ main: 0n, bonus: 1100n });
    // Real-money loss: 10.00 + 5.00 + 3.00 staked - 3.00 won back = 15.00 (not the 30.00 staked
    // less the 6.00 won); 10% is 1.50.
    await run(new Date(period2.end.getTime() + 60_000));
    const [row] = await rowsOf(who);
    expect(row).toMatchObject({ netLoss: 1500n, amount: 150n });
    await ledgerHolds();
  });

  it('counts only the rounds of the period, and a later period on its own; lists them newest first', async () => {
    const who = await playerFrom(null, 'periods');
    const slot = await table(who);
    const inside = await slot.bet(4000);
    await slot.win(inside, 1000);
    // A loss before the period began (it belongs to the period before, computed without it).
    await moveRound(await slot.bet(6000), new Date(period2.start.getTime() - 60_000));
    // A loss in the next period: not in this one.
    await moveRound(await slot.bet(2000), new Date(period2.end.getTime() + 60_000));

    await run(new Date(period2.end.getTime() + 120_000));
    const [second] = await rowsOf(who);
    expect(second).toMatchObject({ netLoss: 3000n, amount: 300n });
    expect(await rowsOf(who)).toHaveLength(1);

    const period3End = new Date(period2.end.getTime() + 7 * DAY);
    await run(new Date(period3End.getTime() + 60_000));
    const rows = await rowsOf(who);
    expect(rows).toHaveLength(2);
    const third = rows.find((row) => row.id !== second.id)!;
    expect(third).toMatchObject({ netLoss: 2000n, amount: 200n, status: 'active' });
    expect(third.periodStart).toEqual(period2.end);

    // cashbacks/get: newest period first, with the spec's fields.
    const listed = await call(who, 'cashbacks/get');
    expect(listed.status).toBe(200);
    const { items, total } = listed.json.data as { items: CashbackView[]; total: number };
    expect(total).toBe(2);
    expect(items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(items[0]).toEqual({
      id: third.id,
      status: 'active',
      description: expect.stringContaining('10%'),
      currency: 'EUR',
      amount: '2.00',
      net_loss: '20.00',
      percent: 10,
      start_date: period2.end.toISOString(),
      end_date: period3End.toISOString(),
      receiving_expired_at: new Date(period3End.getTime() + 7 * DAY).toISOString(),
      paid_out_at: null,
    });
    // The run at the end of the third period was also the second one's deadline: it closed.
    expect(items[1]).toMatchObject({ id: second.id, status: 'expired', amount: '3.00', end_date: period2.end.toISOString(), paid_out_at: null });

    // Paying the newest: it shows paid, with its time; filtering by status separates them.
    expect((await call(who, 'cashbacks/payout', { body: { cashback_id: String(third.id) } })).status).toBe(200);
    const byStatus = async (statuses: string) => ((await call(who, 'cashbacks/get', { query: { statuses } })).json.data as { items: CashbackView[] }).items;
    expect(await byStatus('active')).toEqual([]);
    expect((await byStatus('expired')).map((item) => item.id)).toEqual([second.id]);
    const paid = await byStatus('paid_out');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ id: third.id, status: 'paid_out', paid_out_at: expect.any(String) });
    expect((await byStatus('paid_out,expired')).map((item) => item.id)).toEqual([third.id, second.id]);
    await ledgerHolds();
  });
});

describe('an automatic campaign', () => {
  it('pays 7.5% of the loss at once through the ledger, once, and nothing is left to ask for', async () => {
    const campaign = await cashbackCampaign({ percent: 7.5, periodDays: 1, payout: 'auto', startsAt: new Date(Date.now() - 3_600_000), country: 'MT' });
    const who = await playerFrom('MT', 'auto');
    const outsider = await playerFrom(null, 'not-mt');
    const slot = await table(who);
    await slot.bet(12345);
    await (await table(outsider)).bet(12345);
    const before = await mainOf(who);
    const at = new Date(campaign.startsAt.getTime() + DAY + 1000);
    await run(at);
    // 7.5% of 123.45 = 9.25875: 9.25.
    const [row] = await rowsOf(who, campaign.id);
    expect(row).toMatchObject({ amount: 925n, netLoss: 12345n, rateBps: 750, status: 'paid_out', receivingExpiredAt: null });
    expect(row.paidOutAt).toEqual(at);
    expect(await mainOf(who)).toBe(before + 925n);
    expect((await cashbackPostings(who)).map((posting) => posting.amount)).toEqual([925n]);
    // Outside the campaign's audience: nothing.
    expect(await rowsOf(outsider, campaign.id)).toEqual([]);

    await run(at);
    await run(new Date(at.getTime() + 3 * DAY));
    expect(await mainOf(who)).toBe(before + 925n);
    const again = await call(who, 'cashbacks/payout', { body: { cashback_id: String(row.id) } });
    expect(again.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { cashback_id: expect.any(String) } });
    expect(await mainOf(who)).toBe(before + 925n);
    await ledgerHolds();
  });

  it('run in two transactions at once creates one cashback and pays it once', async () => {
    const campaign = await cashbackCampaign({ percent: 20, periodDays: 2, payout: 'auto', startsAt: new Date(Date.now() - 3_600_000), country: 'LU' });
    const players = await Promise.all([1, 2, 3].map(() => playerFrom('LU', 'race')));
    for (const [index, who] of players.entries()) await (await table(who)).bet(1000 * (index + 1));
    const before = await Promise.all(players.map(mainOf));
    const at = new Date(campaign.startsAt.getTime() + 2 * DAY + 1000);

    // The first run has created and paid, not yet committed, when the second starts: on
    // PostgreSQL the second reads the same losses and waits on the first's rows.
    let ranFirst!: () => void;
    const firstRan = new Promise<void>((resolve) => (ranFirst = resolve));
    let commitFirst!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    const first = t.database.db.transaction(async (tx) => {
      const created = await t.services.cashback.run(tx, at);
      ranFirst();
      await mayCommit;
      return created;
    });
    await firstRan;
    const second = run(at);
    const raw = t.database.raw;
    if (raw.kind === 'postgres') {
      const waiting = async () =>
        (await raw.pool.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query ilike 'insert into "cashbacks"%'`)).rows[0].n as number;
      for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waiting()).toBeGreaterThan(0);
    }
    commitFirst();
    expect([await first, await second]).toEqual([3, 0]);

    for (const [index, who] of players.entries()) {
      const rows = await rowsOf(who, campaign.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'paid_out', amount: 200n * BigInt(index + 1) });
      expect(await mainOf(who)).toBe(before[index] + 200n * BigInt(index + 1));
      expect(await cashbackPostings(who)).toHaveLength(1);
    }
    await ledgerHolds();
  });
});

describe('the time to ask', () => {
  it('closes a cashback not asked for by receiving_expired_at: it can no longer be paid', async () => {
    const late = await playerFrom(null, 'late');
    await (await table(late)).bet(5000);
    await run(new Date(period2.end.getTime() + 60_000));
    const [row] = await rowsOf(late);
    expect(row).toMatchObject({ status: 'active', amount: 500n });
    const before = await mainOf(late);

    // The job at the deadline closes it.
    await run(row.receivingExpiredAt!);
    expect((await rowsOf(late))[0].status).toBe('expired');
    const answer = await call(late, 'cashbacks/payout', { body: { cashback_id: String(row.id) } });
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { cashback_id: 'This cashback can no longer be paid out' } });
    expect(await mainOf(late)).toBe(before);
    expect(await cashbackPostings(late)).toEqual([]);
  });

  it('refuses a payout past the deadline even before the job has closed it', async () => {
    const late = await playerFrom(null, 'later');
    await (await table(late)).bet(5000);
    await run(new Date(period2.end.getTime() + 60_000));
    const [row] = await rowsOf(late);
    await t.database.db.update(cashbacks).set({ receivingExpiredAt: new Date(Date.now() - 1000) }).where(eq(cashbacks.id, row.id));
    const before = await mainOf(late);
    const answer = await call(late, 'cashbacks/payout', { body: { cashback_id: String(row.id) } });
    expect(answer.json.error).toMatchObject({ type: 'InvalidParameterException', fields: { cashback_id: 'This cashback can no longer be paid out' } });
    expect(await mainOf(late)).toBe(before);
    expect((await rowsOf(late))[0].status).toBe('active');
  });
});
