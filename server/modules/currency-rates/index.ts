import { CURRENCIES } from '../../../contract/money.ts';
import type { ScheduledJob } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/logger.ts';

/**
 * Reference exchange rates against the euro (API `getcurrencyrates`, docs/api.md): the European
 * Central Bank's daily reference rates, read from its public XML (CURRENCY_RATES_URL, the ECB's
 * eurofxref-daily.xml by default), kept in memory and read again when they are older than
 * `maxAgeMs`, by the scheduled job after the ECB publishes, or on demand by the first caller
 * (within `timeoutMs`; concurrent callers share one request). When the source cannot be reached
 * or answers something that is not the ECB's document, the last good rates stay; before any
 * arrived, the fixed table below answers. Rates are information for players (a limit shown in
 * another currency); money never converts between currencies.
 */
export const ECB_DAILY_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** The table answered while no rates have been read from the source. */
export const FALLBACK_RATES: Record<keyof typeof CURRENCIES, string> = { EUR: '1', USD: '1.08', GBP: '0.85', CAD: '1.47' };

export type CurrencyRates = {
  base: 'EUR';
  /** One euro in each of the site's currencies, as decimal strings (the ECB's figures as published). */
  rates: Record<string, string>;
  /** The ECB's reference date (YYYY-MM-DD); null for the fixed table. */
  date: string | null;
  source: 'ecb' | 'fallback';
};

export type CurrencyRatesOptions = {
  /** The source; null: only the fixed table (CURRENCY_RATES_URL=off, and tests). */
  url: string | null;
  timeoutMs: number;
  /** Rates older than this are read again on the next call. */
  maxAgeMs: number;
  /** After a failed read, callers get what is kept without asking the source again for this long. */
  retryAfterMs?: number;
  logger: Pick<Logger, 'warn' | 'info'>;
  now?: () => number;
};

export class CurrencyRatesError extends Error {}

const RATE = /^\d{1,9}(?:\.\d{1,10})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads the ECB's document: `<gesmes:Envelope>` ... `<Cube><Cube time="2026-05-04"><Cube currency="USD"
 * rate="1.1327"/>...`. Returns the date and every rate, or throws naming what is wrong.
 */
export function parseEcbRates(xml: string): { date: string; rates: Record<string, string> } {
  if (!/<(?:gesmes:)?Envelope\b/.test(xml) || !/<\/(?:gesmes:)?Envelope>\s*$/.test(xml)) throw new CurrencyRatesError('not an ECB reference rates document');
  const date = /<Cube\s+time=["']([^"']+)["']/.exec(xml)?.[1];
  if (!date || !DATE.test(date)) throw new CurrencyRatesError('no reference date');
  const rates: Record<string, string> = {};
  for (const match of xml.matchAll(/<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["']([^"']*)["']\s*\/>/g)) {
    const [, currency, rate] = match;
    if (!RATE.test(rate) || Number(rate) <= 0) throw new CurrencyRatesError(`rate of ${currency} is not a positive number: ${JSON.stringify(rate)}`);
    rates[currency] = rate;
  }
  if (!Object.keys(rates).length) throw new CurrencyRatesError('no rates');
  return { date, rates };
}

export type CurrencyRatesService = {
  /** The rates now: kept ones while fresh, else read again (within the time limit), else kept or fixed ones. */
  get(): Promise<CurrencyRates>;
  /** Reads the source now; keeps and answers the new rates, or throws (what was kept stays). */
  refresh(): Promise<CurrencyRates>;
  /** The job that reads the rates after the ECB publishes them (around 16:00 CET on working days). */
  job: ScheduledJob;
};

export function createCurrencyRates(options: CurrencyRatesOptions): CurrencyRatesService {
  const now = options.now ?? (() => Date.now());
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  let kept: { rates: CurrencyRates; at: number } | null = null;
  let failedAt = -Infinity;
  let running: Promise<CurrencyRates> | null = null;

  const fallback = (): CurrencyRates => ({ base: 'EUR', rates: { ...FALLBACK_RATES }, date: null, source: 'fallback' });

  async function read(): Promise<CurrencyRates> {
    if (!options.url) throw new CurrencyRatesError('no source (CURRENCY_RATES_URL=off)');
    let response: Response;
    try {
      response = await fetch(options.url, { headers: { Accept: 'application/xml, text/xml' }, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
      throw new CurrencyRatesError(reason, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CurrencyRatesError(`HTTP ${response.status}`);
    }
    const { date, rates } = parseEcbRates(await response.text());
    // The site's currencies only; the euro is the base. A currency the ECB does not publish keeps the fixed figure.
    const site = Object.fromEntries(Object.keys(CURRENCIES).map((code) => [code, code === 'EUR' ? '1' : (rates[code] ?? FALLBACK_RATES[code as keyof typeof CURRENCIES])]));
    return { base: 'EUR', rates: site, date, source: 'ecb' };
  }

  function refresh(): Promise<CurrencyRates> {
    running ??= read()
      .then((rates) => {
        kept = { rates, at: now() };
        return rates;
      })
      .catch((error: unknown) => {
        failedAt = now();
        options.logger.warn({ err: error, url: options.url, reason: error instanceof Error ? error.message : String(error) }, 'currency rates: read failed');
        throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  async function get(): Promise<CurrencyRates> {
    if (!options.url) return fallback();
    if (kept && now() - kept.at < options.maxAgeMs) return kept.rates;
    if (now() - failedAt < retryAfterMs) return kept?.rates ?? fallback();
    try {
      return await refresh();
    } catch {
      return kept?.rates ?? fallback();
    }
  }

  const job: ScheduledJob = {
    name: 'currency-rates.refresh',
    // 15:30 UTC on working days: after the ECB's publication at around 16:00 CET, summer or winter.
    cron: '30 15 * * 1-5',
    maxAttempts: 3,
    ownTransactions: true,
    run: async () => void (await refresh()),
  };

  return { get, refresh, job };
}
