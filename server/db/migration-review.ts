/**
 * The reviewed exceptions to expand-then-contract (server/db/expand-contract.ts): each statement of
 * a migration that drops, renames or narrows something, with why the release before it does not
 * need it any more. A new entry is a decision a reviewer signs off, so the reason names the
 * release (or the migration) after which nothing reads the old shape. Usually it is the CONTRACT
 * step of an earlier EXPAND: the column was already unused by the release now running.
 * `expand-contract.test.ts` refuses a breaking statement without an entry, and an entry without
 * its statement (a stale exception must not cover a later one).
 */
import type { BreakingKind } from './expand-contract.ts';

export type ReviewedStatement = { migration: string; kind: BreakingKind; target: string; reason: string };

export const REVIEWED_BREAKING_STATEMENTS: ReviewedStatement[] = [
  {
    migration: '0026_money_path_lock_late',
    kind: 'drop function',
    target: 'ledger_check_balanced',
    reason: 'a trigger function only the ledger_postings_balanced trigger called; the same migration replaces that trigger with the statement-level one first, and no application code calls it',
  },
  {
    migration: '0027_money_path_fewer_statements',
    kind: 'drop function',
    target: 'ledger_transfer',
    reason: 'dropped and created again in the same migration (one transaction) with the same arguments and result columns: the previous release calls it unchanged',
  },
];
