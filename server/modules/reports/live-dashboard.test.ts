import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTopic } from '../../../contract/backoffice.ts';
import type { LiveDashboard } from '../../../contract/backoffice-reports.ts';
import type { CurrencyCode } from '../../../contract/money.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { backoffice, createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';

/**
 * The live dashboard (docs/reports.md, "Live dashboard"): players online from the processes'
 * presence, today's money and the last hour from the fold, the queues, and the push to the members
 * who may read reports.
 */

let t: TestApp;
let analyst: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createTestApp({ REPORTS_FOLD_SETTLE_MS: '0' });
  [analyst, support] = await Promise.all([createStaffMember(t, 'analyst'), createStaffMember(t, 'support')]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const dashboard = async () => {
  const answer = await backoffice(t, 'reports/live', { cookie: analyst.cookie });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.data as LiveDashboard;
};

const transfer = (kind: string, uid: number, amount: bigint) =>
  t.services.ledger.transfer({
    key: `live-test:${randomUUID()}`,
    kind,
    currency: 'EUR' as CurrencyCode,
    legs: [
      { account: { player: uid, kind: 'main' }, amount: kind === 'game_bet' ? -amount : amount },
      { account: { house: 'game_house' }, amount: kind === 'game_bet' ? amount : -amount },
    ],
    metadata: { provider: 'croupier', game: 'croupier-plinko' },
  });

describe('players online', () => {
  it('counts each signed-in player with a live stream once across processes, and forgets a process that stopped or went quiet', async () => {
    const before = (await dashboard()).players_online;
    await t.services.reports.recordPresence('web-1', [101, 102, 102]);
    await t.services.reports.recordPresence('web-2', [102, 103]);
    expect((await dashboard()).players_online).toBe(before + 3);
    // A process that stops says so.
    await t.services.reports.forgetPresence('web-2');
    expect((await dashboard()).players_online).toBe(before + 2);
    // A process that died: its row stops counting once it is older than 45 s.
    await t.database.db.execute(sql`update live_presence set seen_at = now() - interval '46 seconds' where process = 'web-1'`);
    expect((await dashboard()).players_online).toBe(before);
  });
});

describe('the money', () => {
  it('shows today’s figures and the minute they happened in from the fold, quiet minutes at zero', async () => {
    const player = await registerPlayer(t, { tag: 'live-money' });
    await fundPlayer(t, player.uid, 20_000n);
    await transfer('game_bet', player.uid, 1_500n);
    await transfer('game_bet', player.uid, 500n);
    await transfer('game_win', player.uid, 400n);
    const before = await dashboard();
    const eurBefore = before.currencies.find((row) => row.currency === 'EUR');
    await t.services.reports.foldNow();
    // The fold's clock has moved two minutes on: the minute of these movements is complete.
    await t.database.db.execute(sql`update report_fold_state set folded_at = now() + interval '2 minutes'`);

    const after = await dashboard();
    const eur = after.currencies.find((row) => row.currency === 'EUR')!;
    const delta = (field: 'ggr' | 'stakes' | 'deposits') => (Number(eur.today[field]) - Number(eurBefore?.today[field] ?? 0)).toFixed(2);
    expect(delta('stakes')).toBe('20.00');
    expect(delta('ggr')).toBe('16.00');
    expect(delta('deposits')).toBe('200.00');
    expect(eur.today.bets - (eurBefore?.today.bets ?? 0)).toBe(2);
    expect(eur.today.active_players).toBeGreaterThanOrEqual(1);

    expect(eur.last_hour).toHaveLength(60);
    expect(Date.parse(eur.last_hour[59].minute) + 60_000).toBe(Date.parse(after.through));
    const thisMinute = eur.last_hour.filter((minute) => minute.bets > 0);
    expect(thisMinute.length).toBeGreaterThanOrEqual(1);
    expect(thisMinute.reduce((sum, minute) => sum + minute.bets, 0)).toBe(eur.today.bets);
    expect(eur.last_hour.filter((minute) => minute.bets === 0).every((minute) => minute.ggr === '0.00' && minute.stakes === '0.00')).toBe(true);
  });

  it('counts what waits in the queues', async () => {
    const player = await registerPlayer(t, { tag: 'live-queue' });
    await fundPlayer(t, player.uid, 10_000n);
    const before = (await dashboard()).queues.withdrawals;
    const asked = await t.call('cashier/makewithdrawal', {
      body: { method: 'bank_transfer', amount: '25', 'requisites[iban]': 'FR14 2004 1010 0505 0001 3M02 606', 'requisites[account_holder]': 'Ann Smith' },
      headers: { cookie: player.cookie },
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect((await dashboard()).queues.withdrawals).toBe(before + 1);
  });
});

describe('the push', () => {
  it('sends the snapshot to the members who may read reports, and to no one else', async () => {
    const heard = (topics: string[]) => {
      const chunks: string[] = [];
      const connection = { topics: new Set(topics), write: (chunk: string) => chunks.push(chunk) > 0, close: () => undefined };
      t.services.live.attach(connection);
      return { chunks, detach: () => t.services.live.detach(connection) };
    };
    const reader = heard([staffTopic('reports.read')]);
    const other = heard([staffTopic('support.chat')]);
    await (t.services.reports.liveJob as { run(db: unknown, context: { scheduledAt: Date }): Promise<void> }).run(t.database.db, { scheduledAt: new Date() });
    await expect.poll(() => reader.chunks.some((chunk) => chunk.startsWith('id:') && chunk.includes('event: dashboard'))).toBe(true);
    const frame = reader.chunks.find((chunk) => chunk.includes('event: dashboard'))!;
    const snapshot = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as LiveDashboard;
    expect(snapshot).toMatchObject({ players_online: expect.any(Number), queues: { withdrawals: expect.any(Number) } });
    expect(other.chunks.some((chunk) => chunk.includes('event: dashboard'))).toBe(false);
    reader.detach();
    other.detach();
  });

  it('is for reports.read only', async () => {
    expect((await backoffice(t, 'reports/live', { cookie: support.cookie })).status).toBe(403);
  });
});
