import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LaunchResult, RoundView } from '../../../contract/studio.ts';
import type { TestApp } from '../../platform/testing/test-app.ts';
import { walletTransactions } from '../../db/schema.ts';

/** Who calls the studio in a test: a guest (visitor cookie) or a registered player. */
export type Caller = { cookie: string; uid: number | null };

export const guest = (): Caller => ({ cookie: `vid=${randomBytes(16).toString('base64url')}`, uid: null });

/** Major-unit text to minor units: '12.34' -> 1234n. */
export const cents = (text: string) => BigInt(text.replace('.', ''));

/** The studio's API calls as the game clients make them, on the test app `app()` gives. */
export function studioCalls(app: () => TestApp) {
  async function api<T>(caller: Caller, method: string, options: { body?: Record<string, string>; query?: Record<string, string> } = {}) {
    const answer = await app().call(method, { ...options, headers: { cookie: caller.cookie } });
    return { status: answer.status, data: answer.json.data as T, error: answer.json.error };
  }
  const launch = async (caller: Caller, sysname: string, mode: 'real' | 'demo') => {
    const answer = await api<LaunchResult>(caller, 'games/launch', { body: { sysname, mode } });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    return answer.data;
  };
  const play = (caller: Caller, token: string, bet: object, locale?: string) =>
    api<RoundView>(caller, 'games/play', { body: { token, bet: JSON.stringify(bet) }, ...(locale ? { query: { locale } } : {}) });
  const mainBalance = async (uid: number) => (await app().services.ledger.balances(uid, 'EUR')).main;
  /** The round's wallet moves (provider croupier) by transaction suffix: {bet: 200n, win: 257n}. */
  async function walletMoves(roundId: string) {
    const rows = await app()
      .database.db.select({ id: walletTransactions.transactionUuid, amount: walletTransactions.amount })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.provider, 'croupier'), eq(walletTransactions.roundId, roundId)));
    return Object.fromEntries(rows.map((row) => [row.id.replace(`${roundId}:`, ''), BigInt(row.amount)]));
  }
  return { api, launch, play, mainBalance, walletMoves };
}
