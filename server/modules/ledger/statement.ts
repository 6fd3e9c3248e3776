import { and, count, desc, eq, sql } from 'drizzle-orm';
import { formatMinor, isCurrency, type CurrencyCode } from '../../../contract/money.ts';
import type { PlayerLedgerPage, PlayerLedgerRow } from '../../../contract/backoffice-players.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema.ts';
import type { PlayerKind } from './accounts.ts';

/**
 * One of a player's ledger accounts as a statement (the back office's player page): its postings
 * newest first, a page at a time, each with the account's balance after it. The balance after a
 * row is the running balance minus what the newer postings moved; both are read in one statement,
 * so a movement landing meanwhile is either in both or in neither.
 */
export async function accountStatement(
  db: Db,
  input: { userId: number; currency: string; kind: PlayerKind; limit: number; offset: number },
): Promise<PlayerLedgerPage> {
  const currency: CurrencyCode = isCurrency(input.currency) ? input.currency : 'EUR';
  const empty: PlayerLedgerPage = { items: [], total: 0, currency, account: input.kind };
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'player'), eq(ledgerAccounts.ownerId, String(input.userId)), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.kind, input.kind)));
  if (!account) return empty;
  // The page's postings first, by the account's index alone (account, id, amount: no row read for
  // the postings skipped over), then only its rows joined to their transactions: a deep page of an
  // account with 100,000 postings would otherwise join every posting before the offset.
  const page = db
    .select({ id: ledgerPostings.id })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.accountId, account.id))
    .orderBy(desc(ledgerPostings.id))
    .limit(input.limit)
    .offset(input.offset)
    .as('page');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: ledgerPostings.id,
        transactionId: ledgerPostings.transactionId,
        amount: ledgerPostings.amount,
        kind: ledgerTransactions.kind,
        metadata: ledgerTransactions.metadata,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(page)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, page.id))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .orderBy(desc(ledgerPostings.id)),
    db.select({ total: count() }).from(ledgerPostings).where(eq(ledgerPostings.accountId, account.id)),
  ]);
  if (!rows.length) return { ...empty, total };
  const [anchor] = await queryRows<{ balance: string; newer: string }>(
    db,
    sql`select a.balance::text as balance,
          coalesce((select sum(p.amount) from ${ledgerPostings} p where p.account_id = a.id and p.id > ${rows[0].id}), 0)::text as newer
        from ${ledgerAccounts} a where a.id = ${account.id}`,
  );
  let after = BigInt(anchor.balance) - BigInt(anchor.newer);
  const items: PlayerLedgerRow[] = rows.map((row) => {
    const item = {
      posting_id: row.id,
      transaction_id: row.transactionId,
      at: row.createdAt.toISOString(),
      kind: row.kind,
      amount: formatMinor(row.amount, currency),
      balance_after: formatMinor(after, currency),
      metadata: row.metadata as Record<string, unknown>,
    };
    after -= row.amount;
    return item;
  });
  return { items, total, currency, account: input.kind };
}

/** The statement as CSV (RFC 4180, a header line), newest first, at most `max` rows. */
export async function accountStatementCsv(db: Db, input: { userId: number; currency: string; kind: PlayerKind; max: number }): Promise<{ csv: string; rows: number }> {
  const page = await accountStatement(db, { ...input, limit: input.max, offset: 0 });
  // Every cell is a number, a time or a movement kind of our own: no free text a spreadsheet could run.
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    ['posting_id', 'transaction_id', 'time', 'kind', 'amount', 'balance_after', 'currency'].join(','),
    ...page.items.map((row) => [row.posting_id, row.transaction_id, row.at, row.kind, row.amount, row.balance_after, page.currency].map(cell).join(',')),
  ];
  return { csv: `${lines.join('\r\n')}\r\n`, rows: page.items.length };
}
