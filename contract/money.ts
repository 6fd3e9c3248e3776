/** Currencies the site knows, with their symbol and minor-unit exponent. */
export const CURRENCIES = {
  EUR: { symbol: '€', exponent: 2 },
  USD: { symbol: '$', exponent: 2 },
  GBP: { symbol: '£', exponent: 2 },
  CAD: { symbol: 'C$', exponent: 2 },
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;
export const DEFAULT_CURRENCY: CurrencyCode = 'EUR';

export const isCurrency = (value: unknown): value is CurrencyCode =>
  typeof value === 'string' && Object.hasOwn(CURRENCIES, value);

/** Minor units (bigint) to the API's decimal string: 12345n EUR -> "123.45". */
export function formatMinor(minor: bigint, currency: CurrencyCode): string {
  const exponent = CURRENCIES[currency].exponent;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${whole}${exponent ? `.${fraction}` : ''}`;
}

/**
 * A decimal major-unit amount to minor units: "1.5" EUR -> 150n. Null when it is not a plain
 * non-negative decimal with at most the currency's decimals.
 */
export function parseMajor(text: string | number, currency: CurrencyCode): bigint | null {
  const value = typeof text === 'number' ? (Number.isFinite(text) ? String(text) : '') : text.trim();
  const exponent = CURRENCIES[currency].exponent;
  const match = /^(0|[1-9][0-9]{0,14})(?:[.]([0-9]+))?$/.exec(value);
  if (!match || (match[2] ?? '').length > exponent) return null;
  return BigInt(match[1]) * 10n ** BigInt(exponent) + BigInt((match[2] ?? '').padEnd(exponent, '0') || '0');
}

/** Amounts on screen: grouped with commas, 2 decimals (spec 1, section 9): 1234.5 -> "1,234.50". */
export function groupAmount(value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0.00';
  const [whole, fraction] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
