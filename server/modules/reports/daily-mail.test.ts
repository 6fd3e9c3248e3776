import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../../contract/money.ts';
import { fundPlayer, registerPlayer } from '../../platform/testing/players.ts';
import { createStaffMember, type TestStaff } from '../../platform/testing/staff.ts';
import { createTestApp, type TestApp } from '../../platform/testing/test-app.ts';
import { change, dailyReportMail, reportedDay } from './daily-mail.ts';
import type { ReportLine } from './report.ts';

/**
 * The daily report mail (docs/reports.md, "The daily mail"): what a manager reads, who gets it,
 * and that a day is mailed once per member however often its slot runs.
 */

const line = (currency: string, figures: Partial<ReportLine>): ReportLine => ({
  period: '2026-11-27',
  currency,
  key: '',
  stakes: 0n,
  wins: 0n,
  refunds: 0n,
  ggr: 0n,
  bonusCost: 0n,
  cashback: 0n,
  ngr: 0n,
  deposits: 0n,
  depositCount: 0,
  firstDeposits: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  signups: 0,
  activePlayers: 0,
  arpu: null,
  ...figures,
});

/** The cells of a figure's row in a currency's table of the mail. */
function tableRow(rows: string[], label: string, currency: string): string[] {
  const table = rows.indexOf(rows.find((text) => text.startsWith(`${currency} `))!);
  return rows.slice(table).find((text) => text.startsWith(`${label} `))!.trim().split(/\s{2,}/);
}

describe('the mail', () => {
  it('reports the UTC day before its slot', () => {
    expect(reportedDay(new Date('2026-11-28T06:00:00Z'))).toBe('2026-11-27');
    expect(reportedDay(new Date('2026-03-01T00:00:00Z'))).toBe('2026-02-28');
  });

  it('says a change as a percentage, and in words where a percentage means nothing', () => {
    expect(change(120n, 100n)).toBe('+20.0%');
    expect(change(50n, 200n)).toBe('-75.0%');
    expect(change(-50n, -100n)).toBe('+50.0%');
    expect(change(7, 7)).toBe('=');
    expect(change(5, 0)).toBe('new');
    expect(change(null, null)).toBe('=');
  });

  it('puts each currency in its own table, yesterday beside the same weekday a week before', () => {
    const mail = dailyReportMail({
      day: '2026-11-27',
      lines: [line('EUR', { ggr: 123_450n, ngr: 100_000n, deposits: 500_000n, depositCount: 12, firstDeposits: 3, signups: 9, activePlayers: 40, arpu: 2_500n }), line('USD', { ggr: -2_000n })],
      weekBefore: [line('EUR', { ggr: 95_000n, ngr: 100_000n, deposits: 0n, signups: 10, activePlayers: 40 })],
      reportLink: 'https://casino.example/backoffice/reports?period=day&from=2026-11-27&to=2026-11-28',
      foldedAt: '2026-11-28T05:59:03.000Z',
    });
    expect(mail.subject).toBe('Croupier daily report, 27 Nov: GGR 1234.50 EUR, GGR -20.00 USD');
    const rows = mail.text.split('\n');
    expect(rows[0]).toBe('Croupier daily report for Friday, 27 November 2026 (UTC), beside Friday, 20 November 2026.');
    const row = (label: string, currency: string) => tableRow(rows, label, currency);
    expect(row('EUR', 'EUR')).toEqual(['EUR', '27 Nov', '20 Nov', 'change']);
    expect(row('GGR', 'EUR')).toEqual(['GGR', '1234.50', '950.00', '+29.9%']);
    expect(row('NGR', 'EUR')).toEqual(['NGR', '1000.00', '1000.00', '=']);
    expect(row('Deposits', 'EUR')).toEqual(['Deposits', '5000.00', '0.00', 'new']);
    expect(row('First-time depositors', 'EUR')).toEqual(['First-time depositors', '3', '0', 'new']);
    expect(row('Sign-ups', 'EUR')).toEqual(['Sign-ups', '9', '10', '-10.0%']);
    expect(row('ARPU', 'EUR')).toEqual(['ARPU', '25.00', '-', 'new']);
    // A currency with nothing the week before still gets its table, against zeros.
    expect(row('GGR', 'USD')).toEqual(['GGR', '-20.00', '0.00', 'new']);
    expect(mail.text).toContain('https://casino.example/backoffice/reports?period=day&from=2026-11-27&to=2026-11-28');
    expect(mail.text).toContain('as folded at 2026-11-28 05:59 UTC');
  });

  it('adds the sportsbook and the bonus money, and what the house owes at sending, per currency', () => {
    const mail = dailyReportMail({
      day: '2026-11-27',
      lines: [
        line('EUR', { sports: { turnover: 80_000n, settled: 60_000n, paid: 45_500n }, bonuses: { granted: 30_000n, converted: 4_000n, expired: 0n, forfeited: 0n, running: 3 } }),
        line('USD', { sports: null, bonuses: null }),
      ],
      weekBefore: [line('EUR', { sports: { turnover: 0n, settled: 0n, paid: 0n }, bonuses: { granted: 30_000n, converted: 8_000n, expired: 0n, forfeited: 0n, running: 1 } })],
      reportLink: 'https://casino.example/r',
      foldedAt: null,
      owed: {
        at: '2026-11-28T06:00:41.000Z',
        liabilities: [
          { currency: 'EUR', sports_open_bets: 2, sports_open_stakes: '15.00', sports_potential_payout: '52.50', sports_open_liability: '37.50', jackpot_pools: '5100.00', loyalty_points: 1200, loyalty_rate: { points: 100, buys: '1.00', product: 'bonus-1' }, loyalty_value: '12.00' },
          { currency: 'USD', sports_open_bets: 0, sports_open_stakes: '0.00', sports_potential_payout: '0.00', sports_open_liability: '0.00', jackpot_pools: '0.00', loyalty_points: 0, loyalty_rate: null, loyalty_value: null },
        ],
      },
    });
    const rows = mail.text.split('\n');
    const row = (label: string, currency: string) => tableRow(rows, label, currency);
    expect(row('Sportsbook turnover', 'EUR')).toEqual(['Sportsbook turnover', '800.00', '0.00', 'new']);
    // Margin: what the house kept of the stakes settled that day (600.00 - 455.00).
    expect(row('Sportsbook margin', 'EUR')).toEqual(['Sportsbook margin', '145.00', '0.00', 'new']);
    expect(row('Bonuses granted', 'EUR')).toEqual(['Bonuses granted', '300.00', '300.00', '=']);
    expect(row('Bonuses converted', 'EUR')).toEqual(['Bonuses converted', '40.00', '80.00', '-50.0%']);
    // A day whose line says the currency has no sportsbook shows a dash, not a zero (the week
    // before has no USD line at all: zeros, as for every figure).
    expect(row('Sportsbook margin', 'USD')).toEqual(['Sportsbook margin', '-', '0.00', '=']);
    const owed = rows.indexOf('Owed now (2026-11-28 06:00 UTC):');
    expect(owed).toBeGreaterThan(rows.indexOf(rows.find((text) => text.startsWith('USD '))!));
    expect(rows[owed + 1]).toBe('EUR: 2 open sports bets (stakes 15.00, 37.50 more if every one wins); jackpot pools 5100.00; 1200 loyalty points (worth 12.00 in the shop).');
    // Nothing owed in USD: no line for it.
    expect(rows[owed + 2]).toBe('');
  });

  it('says so when nothing happened', () => {
    const mail = dailyReportMail({ day: '2026-11-27', lines: [], weekBefore: [], reportLink: 'https://casino.example/r', foldedAt: null });
    expect(mail.subject).toBe('Croupier daily report, 27 Nov: no money moved');
    expect(mail.text).toContain('No money moved on either day, and no player signed up.');
  });
});

describe('the jobs', () => {
  let t: TestApp;
  let owner: TestStaff;
  let manager: TestStaff;
  let finance: TestStaff;
  let formerManager: TestStaff;
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
  /** The slot whose report is today's: tomorrow at 06:00 UTC. */
  const slot = new Date(Date.parse(today) + 86_400_000 + 6 * 3_600_000);

  beforeAll(async () => {
    t = await createTestApp();
    [owner, manager, finance, formerManager] = await Promise.all([
      createStaffMember(t, 'owner'),
      createStaffMember(t, 'manager'),
      createStaffMember(t, 'finance'),
      createStaffMember(t, 'manager'),
    ]);
    await t.services.staff.setDisabled(owner.id, formerManager.id, true);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const runSlot = () => t.database.db.transaction((tx) => t.services.reports.dailyMailJob.run(tx, { scheduledAt: slot }));
  const mailsTo = async (email: string) => (await t.services.messenger.mailbox!.list(email)).filter((mail) => mail.subject.startsWith('Croupier daily report'));

  it('mails the day to each active owner and manager once, with the day’s own figures', async () => {
    const player = await registerPlayer(t, { tag: 'daily-mail' });
    await fundPlayer(t, player.uid, 7_500n);
    await t.services.ledger.transfer({
      key: `daily-mail:${randomUUID()}`,
      kind: 'game_bet',
      currency: 'EUR' as CurrencyCode,
      legs: [
        { account: { player: player.uid, kind: 'main' }, amount: -1_250n },
        { account: { house: 'game_house' }, amount: 1_250n },
      ],
      metadata: { provider: 'croupier', game: 'croupier-plinko' },
    });
    // A jackpot seed in the pools: what the house owes at sending.
    await t.services.ledger.transfer({
      key: `daily-mail-seed:${randomUUID()}`,
      kind: 'jackpot_seed',
      currency: 'EUR' as CurrencyCode,
      legs: [
        { account: { house: 'game_house' }, amount: -5_000n },
        { account: { house: 'jackpot_pool' }, amount: 5_000n },
      ],
    });
    await t.services.reports.foldNow({ settleMs: 0 });
    const report = await t.services.reports.report({ from: today, to: tomorrow, period: 'day', by: 'total' });
    const [eur] = report.rows.filter((row) => row.currency === 'EUR');
    expect(Number(eur.ggr)).toBeGreaterThanOrEqual(12.5);
    const owedEur = report.liabilities.find((owed) => owed.currency === 'EUR')!;
    expect(Number(owedEur.jackpot_pools)).toBeGreaterThanOrEqual(50);

    await runSlot();
    await t.services.jobs.drain();

    for (const member of [owner, manager]) {
      const [mail, ...more] = await mailsTo(member.email);
      expect(more).toHaveLength(0);
      expect(mail.subject).toContain(`GGR ${eur.ggr} EUR`);
      expect(mail.text).toMatch(new RegExp(`^Deposits +${eur.deposits!.replace('.', '\\.')} `, 'm'));
      expect(mail.text).toContain(`/backoffice/reports?period=day&from=${today}&to=${tomorrow}`);
      expect(mail.text).toMatch(new RegExp(`^EUR: .*jackpot pools ${owedEur.jackpot_pools.replace('.', '\\.')}`, 'm'));
    }
    // Finance reads reports but is not a manager; a disabled manager gets nothing.
    expect(await mailsTo(finance.email)).toHaveLength(0);
    expect(await mailsTo(formerManager.email)).toHaveLength(0);

    // The slot again (a second process, a retry): every member already has the day's mail.
    await runSlot();
    await t.services.jobs.drain();
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await mailsTo(manager.email)).toHaveLength(1);
  });

  it('sends nothing to a member disabled between the queueing and the send', async () => {
    const later = new Date(slot.getTime() + 86_400_000);
    await t.database.db.transaction((tx) => t.services.reports.dailyMailJob.run(tx, { scheduledAt: later }));
    await t.services.staff.setDisabled(owner.id, manager.id, true);
    await t.services.jobs.drain();
    expect(await mailsTo(owner.email)).toHaveLength(2);
    expect(await mailsTo(manager.email)).toHaveLength(1);
  });
});
