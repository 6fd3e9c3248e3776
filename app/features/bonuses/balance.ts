import type { Amount } from '../../../contract/api.ts';
import { formatMinor, isCurrency, parseMajor } from '../../../contract/money.ts';

/**
 * The balance the header shows while bonus money is in play, apart from rules.ts: the header is
 * part of every page's first load (the home page's JS budget), the rest of the rules are not.
 */

/** Whether an amount is above zero. */
export const isPositive = (value: Amount | null | undefined): boolean => !!value && Number(value.amount) > 0;

/**
 * What a player can play with: main plus bonus money, added in minor units (no float drift). The
 * main balance alone when the two differ in currency.
 */
export function playableBalance(main: Amount, bonus: Amount | null | undefined): Amount {
  if (!bonus || bonus.currency !== main.currency || !isCurrency(main.currency)) return main;
  const a = parseMajor(main.amount, main.currency);
  const b = parseMajor(bonus.amount, main.currency);
  if (a === null || b === null) return main;
  return { amount: formatMinor(a + b, main.currency), currency: main.currency };
}
