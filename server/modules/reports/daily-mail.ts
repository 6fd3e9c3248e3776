/**
 * The daily report mail (docs/reports.md, "The daily mail"): every morning, yesterday's figures
 * per currency beside the same weekday a week before, mailed to each active owner and manager.
 *
 * Two jobs: the scheduled one (REPORTS_DAILY_MAIL_CRON, once per slot across processes) queues
 * one send per recipient, keyed by the day and the member, in its own transaction, so a second
 * run of the slot, or a second process, queues nothing new; each send folds what has settled,
 * reads the report and mails it, and is retried by the runner on a failure. A send that mailed
 * and then crashed before the runner marked it done mails again: at least once, never lost.
 */
import type { ReportLiability } from '../../../contract/backoffice-reports.ts';
import { reportMoney, type ReportLine } from './report.ts';

export const DAILY_MAIL_JOB = 'reports.daily-mail';
export const DAILY_MAIL_SEND_JOB = 'reports.daily-mail.send';

/** Who gets the mail: the back office's managers (contract/backoffice.ts roles). */
export const DAILY_MAIL_ROLES = ['owner', 'manager'] as const;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The UTC day a run reports on: the whole day before the slot it was scheduled for. */
export function reportedDay(scheduledAt: Date): string {
  return isoDay(Date.parse(isoDay(scheduledAt.getTime())) - DAY_MS);
}

/** The day `days` after `day` (negative: before), YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  return isoDay(Date.parse(day) + days * DAY_MS);
}

type Figure = { label: string; value: (line: ReportLine) => bigint | number | null; money: boolean };

/** The figures of the mail, in the order a manager reads them (definitions: docs/reports.md). */
const FIGURES: Figure[] = [
  { label: 'GGR', value: (line) => line.ggr, money: true },
  { label: 'NGR', value: (line) => line.ngr, money: true },
  { label: 'Stakes', value: (line) => line.stakes, money: true },
  { label: 'Sportsbook turnover', value: (line) => line.sports?.turnover ?? null, money: true },
  { label: 'Sportsbook margin', value: (line) => (line.sports ? line.sports.settled - line.sports.paid : null), money: true },
  { label: 'Bonus cost', value: (line) => line.bonusCost, money: true },
  { label: 'Bonuses granted', value: (line) => line.bonuses?.granted ?? null, money: true },
  { label: 'Bonuses converted', value: (line) => line.bonuses?.converted ?? null, money: true },
  { label: 'Cashback', value: (line) => line.cashback, money: true },
  { label: 'Deposits', value: (line) => line.deposits, money: true },
  { label: 'Deposits (count)', value: (line) => line.depositCount, money: false },
  { label: 'First-time depositors', value: (line) => line.firstDeposits, money: false },
  { label: 'Withdrawals', value: (line) => line.withdrawals, money: true },
  { label: 'Sign-ups', value: (line) => line.signups, money: false },
  { label: 'Active players', value: (line) => line.activePlayers, money: false },
  { label: 'ARPU', value: (line) => line.arpu, money: true },
];

/** The change from `before` to `now` as a signed percentage, or a word where a percentage says nothing. */
export function change(now: bigint | number | null, before: bigint | number | null): string {
  const current = Number(now ?? 0);
  const previous = Number(before ?? 0);
  if (current === previous) return '=';
  if (previous === 0) return 'new';
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** An ISO time as `YYYY-MM-DD HH:MM` (UTC), as the mail names its moments. */
const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** What the house owes now in one currency (amounts as the report answers them), one sentence; null when nothing. */
function owedLine(owed: ReportLiability): string | null {
  const parts: string[] = [];
  if (owed.sports_open_bets > 0) {
    const bets = `${owed.sports_open_bets} open sports ${owed.sports_open_bets === 1 ? 'bet' : 'bets'}`;
    parts.push(`${bets} (stakes ${owed.sports_open_stakes}, ${owed.sports_open_liability} more if every one wins)`);
  }
  if (Number(owed.jackpot_pools) !== 0) parts.push(`jackpot pools ${owed.jackpot_pools}`);
  if (owed.loyalty_points > 0) parts.push(`${owed.loyalty_points} loyalty points${owed.loyalty_value === null ? '' : ` (worth ${owed.loyalty_value} in the shop)`}`);
  return parts.length ? `${owed.currency}: ${parts.join('; ')}.` : null;
}

/**
 * The mail's subject and text: a table per currency (never added across currencies), yesterday
 * against the same weekday a week before, what the house owes at the time of sending, then the
 * link to the full report. `day` and `weekBefore` are the report's `total` lines of those two days.
 */
export function dailyReportMail(input: {
  day: string;
  lines: ReportLine[];
  weekBefore: ReportLine[];
  reportLink: string;
  foldedAt: string | null;
  /** The liabilities read when the mail was made (reports' `liabilities`). */
  owed?: { at: string; liabilities: ReportLiability[] };
}): {
  subject: string;
  text: string;
} {
  const previousDay = shiftDay(input.day, -7);
  const currencies = [...new Set([...input.lines, ...input.weekBefore].map((line) => line.currency))].sort();
  const headline = currencies
    .map((currency) => {
      const line = input.lines.find((each) => each.currency === currency);
      return `GGR ${reportMoney(line?.ggr ?? 0n, currency)} ${currency}`;
    })
    .join(', ');
  const subject = `Croupier daily report, ${shortDay(input.day)}: ${headline || 'no money moved'}`;

  const out: string[] = [`Croupier daily report for ${longDay(input.day)} (UTC), beside ${longDay(previousDay)}.`, ''];
  if (currencies.length === 0) out.push('No money moved on either day, and no player signed up.', '');
  for (const currency of currencies) {
    const now = input.lines.find((each) => each.currency === currency);
    const before = input.weekBefore.find((each) => each.currency === currency);
    const cell = (figure: Figure, line: ReportLine | undefined) => {
      const value = line ? figure.value(line) : figure.money ? 0n : 0;
      if (value === null) return '-';
      return figure.money ? reportMoney(value, currency) : String(value);
    };
    const rows = FIGURES.map((figure) => [figure.label, cell(figure, now), cell(figure, before), change(now ? figure.value(now) : null, before ? figure.value(before) : null)]);
    const header = [currency, shortDay(input.day), shortDay(previousDay), 'change'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
    const format = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('   ');
    out.push(format(header), ...rows.map(format), '');
  }
  const owed = (input.owed?.liabilities ?? []).map(owedLine).filter((text): text is string => text !== null);
  if (input.owed && owed.length) out.push(`Owed now (${utcMinute(input.owed.at)} UTC):`, ...owed, '');
  out.push(`The full report, by country, provider and game: ${input.reportLink}`);
  out.push(`Test accounts are left out. Figures are the ledger's as folded${input.foldedAt ? ` at ${utcMinute(input.foldedAt)} UTC` : ''}; definitions in the report's documentation.`);
  return { subject, text: out.join('\n') };
}
