import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_PERIODS, type RtpWatch } from '../../../contract/backoffice-reports.ts';
import { RTP_WATCH_CONFIDENCE, RTP_WATCH_MIN_ROUNDS } from '../../modules/reports/index.ts';
import { CURRENCIES } from '../../../contract/money.ts';
import { defineRead, type Endpoint } from '../endpoint.ts';

/**
 * The business report screen (docs/reports.md): figures per period and dimension from the
 * folded ledger, and the same as CSV. Reading only, under `reports.read`.
 */

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MAX_DAYS = 400;
const day = z.string().regex(DAY, 'A day like 2026-11-27').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'A day like 2026-11-27');
const input = z
  .object({
    from: day,
    to: day,
    period: z.enum(REPORT_PERIODS).default('day'),
    by: z.enum(REPORT_DIMENSIONS).default('total'),
    currency: z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES]).optional().or(z.literal('').transform(() => undefined)),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'A country code like FR')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((value, context) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'Must be after the first day' });
    else if (days > MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_DAYS} days` });
  });

export const businessReportEndpoint = defineRead({
  name: 'reports/business',
  access: 'reports.read',
  summary:
    'The business report (`from`, `to` UTC days, `to` excluded; `period`; `by` total, country, provider, game, campaign or affiliate; `currency`, `country`) from the folded ledger, with the sportsbook, the bonus conversion and the liabilities now.',
  input,
  handler: (query, context) => context.services.reports.report(query),
});

export const businessReportCsvEndpoint = defineRead({
  name: 'reports/business.csv',
  access: 'reports.read',
  summary: 'The same report as CSV: {filename, csv, rows}; the liabilities under the periods, with their own header.',
  input,
  handler: (query, context) => context.services.reports.reportCsv(query),
});

export const rtpWatchEndpoint = defineRead({
  name: 'reports/rtp',
  access: 'reports.read',
  summary: 'The RTP watch: every game with real-money rounds over the last 1, 7 and 30 days, its measured RTP with a 99.9% interval against the declared one; games outside first.',
  input: z.object({}),
  handler: async (_input, context): Promise<RtpWatch> => ({
    confidence: RTP_WATCH_CONFIDENCE,
    min_rounds: RTP_WATCH_MIN_ROUNDS,
    rows: (await context.services.reports.rtpWatch()).map((line) => ({
      game: line.game,
      name: line.name,
      currency: line.currency,
      window_days: line.windowDays,
      rounds: line.rounds,
      declared: line.declared === null ? null : line.declared.toFixed(2),
      measured: line.measured.toFixed(2),
      low: line.low.toFixed(2),
      high: line.high.toFixed(2),
      status: line.status,
    })),
  }),
});

export const liveDashboardEndpoint = defineRead({
  name: 'reports/live',
  access: 'reports.read',
  summary:
    'The live dashboard: players online (live streams), today’s GGR, stakes, bets, deposits, withdrawals and active players per currency, the last hour minute by minute, and what waits in the queues. Pushed every 10 s on the live stream as `dashboard`.',
  input: z.object({}),
  handler: (_input, context) => context.services.reports.liveDashboard(),
});

export const REPORT_ENDPOINTS: Endpoint[] = [businessReportEndpoint, businessReportCsvEndpoint, rtpWatchEndpoint, liveDashboardEndpoint] as Endpoint[];
